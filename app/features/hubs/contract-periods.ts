/**
 * Contracts run between dates (issue 50): a request is checked against every set of accepted contracts that can run
 * at the same time within its own dates, not against all of them at once (a contract that ended in March does not
 * fill June). A contract's dates are its first arrival and its last departure (an overnight visit must leave by its
 * end date), so two contracts whose dates do not meet never have vehicles at the hub at once, and a renewal from the
 * day after the old one ends is not counted twice. Only the largest sets are checked: a set inside another fits
 * whenever the other does (the engine's feasibility only gets harder as demands are added), so a year of contracts is
 * a handful of checks.
 * Browser-safe and pure: dates are ISO days (yyyy-MM-dd), compared as text.
 */
import { calendarDay } from "~/lib/uk-dates";

export type Dated = { startsOn: string | null; endsOn: string | null };

const DAY_MS = 86_400_000;
export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The days a contract's vehicles can be at the hub: its first arrival to its last departure. */
const reach = (c: Dated) => ({ from: c.startsOn ?? "0000-01-01", to: c.endsOn ?? "9999-12-31" });

/** Whether a contract can have a visit within [from, to] (to null: no end). */
export function touches(c: Dated, from: string, to: string | null): boolean {
  const r = reach(c);
  return r.to >= from && (to === null || r.from <= to);
}

/**
 * The largest sets of contracts that can run together within [from, to] (to null: no end). At least one set (empty
 * when none touch it).
 */
export function togetherSets<T extends Dated>(contracts: readonly T[], from: string, to: string | null): T[][] {
  const relevant = contracts.filter((c) => touches(c, from, to));
  // The set changes only where a contract's reach starts or ends: sample at the request's start and each change.
  const points = new Set<string>([from]);
  for (const c of relevant) {
    const r = reach(c);
    if (r.from > from && (to === null || r.from <= to)) points.add(r.from);
    const after = r.to === "9999-12-31" ? null : addDays(r.to, 1);
    if (after !== null && after > from && (to === null || after <= to)) points.add(after);
  }
  const sets = [...points].map((day) =>
    relevant.filter((c) => {
      const r = reach(c);
      return r.from <= day && day <= r.to;
    }),
  );
  // Largest first, then drop any set contained in one kept.
  sets.sort((a, b) => b.length - a.length);
  const kept: T[][] = [];
  for (const set of sets) if (!kept.some((k) => set.every((c) => k.includes(c)))) kept.push(set);
  return kept.length ? kept : [[]];
}

/** "from 01 Dec 2026 to 28 Feb 2027", "from 01 Dec 2026", or "" (no dates). */
export function describeDates(c: Dated): string {
  // Noon UTC is the same day on the UK's clock, summer or winter.
  const uk = (iso: string) => calendarDay(`${iso}T12:00:00Z`);
  if (c.startsOn && c.endsOn && c.startsOn === c.endsOn) return `on ${uk(c.startsOn)}`;
  return [c.startsOn ? `from ${uk(c.startsOn)}` : "", c.endsOn ? `to ${uk(c.endsOn)}` : ""].filter(Boolean).join(" ");
}
