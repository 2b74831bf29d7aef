/** What the portfolio's page and its PDF both list: the connection requests in date order, and chargers in words. */
import type { CompanyRoadmap } from "./company-roadmap";

export const chargersText = (chargers: { kind: string; powerKw: number; count: number }[]) =>
  chargers.length ? chargers.map((c) => `${c.count} × ${c.kind} ${c.powerKw} kW`).join(" + ") : "–";

export type ConnectionRequest = {
  depotId: number;
  depot: string;
  /** The date that matters: the apply-by date, or a quote's energisation. */
  date: string;
  dateLabel: "Apply by" | "Energised" | "Energised (late)";
  neededYear: number;
  fromKva: number;
  toKva: number;
};

/** Every depot whose connection runs out within the roadmap, by the date that matters. */
export function connectionRequests(roadmap: CompanyRoadmap): ConnectionRequest[] {
  return roadmap.depots
    .flatMap((d): ConnectionRequest[] => {
      const f = d.flag;
      if (!d.planned || f.kind === "enough") return [];
      const base = {
        depotId: d.id,
        depot: d.name,
        neededYear: f.neededYear,
        fromKva: d.connectionKva,
        toKva: d.neededKva ?? d.connectionKva,
      };
      if (f.kind === "apply-by") return [{ ...base, date: f.applyBy, dateLabel: "Apply by" }];
      return [{ ...base, date: f.energisedBy, dateLabel: f.kind === "quoted-late" ? "Energised (late)" : "Energised" }];
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.depot.localeCompare(b.depot));
}
