/**
 * What Box Charge takes from a depot's charging plan: the site's limit for
 * the chargers (its connection less the building's load), the tariff that
 * prices each session, and the plan's own figures to hold the day against.
 * A depot without a plan has no known limit, and its sessions are priced at
 * the flat-rate preset until one is run. A connection offer in force (issue 60)
 * sets the connection instead, at each instant. (Pure: site.server.ts reads it.)
 */
import { priceAt, type Tariff } from "~/features/charging-engine";
import { buildingKwAt, meterHoldsUntil, type SiteMeter } from "~/features/charging-records";
import { offerMostKva, profileKvaAt, type OfferShape } from "~/features/connections";
import { type PlanRequest } from "~/features/planning";
import { ukFields } from "~/lib/uk-clock";
import { clockTime } from "~/lib/uk-dates";

import type { Slot } from "./schedule-ahead";

export type DepotSite = {
  /** The connection's real power (kVA × power factor), or null without a plan. */
  connectionKw: number | null;
  /** The building's load by hour of the UK day (kW). */
  buildingKwByHour: number[];
  tariff: Tariff;
  /** Whether the tariff is the plan's (else the flat-rate preset). */
  tariffFromPlan: boolean;
  /** The plan's inputs (the fleet's groups and their duty), when one has been saved. */
  inputs: PlanRequest | null;
  /** The plan's cost-optimal figures per day, when a plan has been run. */
  planPerDay: { strategy: string; energyKwh: number; peakKw: number; costPence: number } | null;
  /** The site's own meter, when it has one (issue 49): its real building load replaces the plan's. */
  meter: SiteMeter | null;
  /** The connection offer in force (issue 60): the one its application tracks, from its energisation date. */
  connectionOffer: { name: string; shape: OfferShape; powerFactor: number } | null;
  /** The network's limits on the site not yet ended (kVA, instants), and when its channel was last heard (issue 60; absent: none, never heard). */
  network?: { instructions: { from: number; until: number; limitKva: number }[]; heardAt: number | null };
};

/** How long the network's channel holds once heard: silent longer, a flexible connection is held to its firm part. */
export const SIGNAL_HOLDS_MS = 5 * 60_000;
const NO_NETWORK: NonNullable<DepotSite["network"]> = { instructions: [], heardAt: null };
/** Until when the non-firm part of a flexible connection may be used (the channel heard within SIGNAL_HOLDS_MS). */
const nonFirmUntil = (site: DepotSite) => ((site.network ?? NO_NETWORK).heardAt ?? -Infinity) + SIGNAL_HOLDS_MS;

/** The most the connection gives (kVA): what an instruction may not exceed. */
export function connectionMostKva(site: DepotSite): number | null {
  const offer = site.connectionOffer;
  if (offer) return offerMostKva(offer.shape);
  return site.connectionKw === null ? null : site.connectionKw / (site.inputs?.site.powerFactor ?? 1);
}

/**
 * The connection's real power over [at, to): a profiled offer's kVA in that half hour of the UK clock; a flexible
 * offer's firm and non-firm parts while the network's channel is heard, its firm part only once silent (fail safe:
 * the non-firm part could be cut unheard); a firm offer's capacity; else the plan's connection; and never above any
 * limit the network set that touches the span (a limit holds through every slot it touches).
 */
export function connectionKwAt(site: DepotSite, at: number, to = at + 1): number | null {
  const offer = site.connectionOffer;
  const pf = offer?.powerFactor ?? site.inputs?.site.powerFactor ?? 1;
  let kw: number | null = site.connectionKw;
  if (offer) {
    const { shape } = offer;
    if (shape.kind === "profiled") kw = profileKvaAt(shape.profile, new Date(at)) * pf;
    else if (shape.kind === "flexible") kw = (shape.firmKva + (to <= nonFirmUntil(site) ? shape.nonFirmKva : 0)) * pf;
    else kw = shape.firmKva * pf;
  }
  if (kw === null) return null;
  for (const instruction of (site.network ?? NO_NETWORK).instructions)
    if (instruction.from < to && instruction.until > at) kw = Math.min(kw, instruction.limitKva * pf);
  return kw;
}

/** The connection in force as the Operations page says it (issue 60), or null where the plan's connection holds unlowered. */
export function connectionInForceView(site: DepotSite, at: number) {
  const offer = site.connectionOffer;
  const lowering = (site.network ?? NO_NETWORK).instructions.filter((i) => i.from <= at && i.until > at);
  if (!offer && lowering.length === 0) return null;
  const kva = (value: number) => `${value.toLocaleString("en-GB", { maximumFractionDigits: 0 })} kVA`;
  const pf = offer?.powerFactor ?? site.inputs?.site.powerFactor ?? 1;
  const shape = offer?.shape;
  const heard = (site.network ?? NO_NETWORK).heardAt;
  const silent = shape?.kind === "flexible" && at >= nonFirmUntil(site);
  const how = !shape
    ? ""
    : shape.kind === "profiled"
      ? "profiled: its half hour's capacity, by the UK clock"
      : shape.kind === "firm"
        ? "firm"
        : silent
          ? `flexible: held to its firm ${kva(shape.firmKva)} of ${kva(shape.firmKva + shape.nonFirmKva)}, as the network's channel is ${heard === null ? "not connected" : `silent since ${clockTime(new Date(heard + SIGNAL_HOLDS_MS).toISOString())}`} and the part it may cut could be cut unheard (fail safe)`
          : `flexible: firm ${kva(shape.firmKva)} and non-firm ${kva(shape.nonFirmKva)}, the network heard at ${clockTime(new Date(heard!).toISOString())}`;
  const lowest = lowering.sort((a, b) => a.limitKva - b.limitKva)[0];
  const lowered = lowest
    ? `lowered to ${kva(lowest.limitKva)} by the network until ${clockTime(new Date(lowest.until).toISOString())}`
    : "";
  return {
    name: offer?.name ?? "The plan's connection",
    nowKva: connectionKwAt(site, at)! / pf,
    note: [how, lowered].filter(Boolean).join("; "),
    failSafe: silent,
    loweredTo: lowest ? lowest.limitKva : null,
    loweredUntil: lowest ? new Date(lowest.until).toISOString() : null,
  };
}

/** The chargers' limit at an instant: the connection less the building's load in that hour of the UK day. */
export function siteLimitKw(site: DepotSite, at: number): number | null {
  const connectionKw = connectionKwAt(site, at);
  if (connectionKw === null || site.connectionKw === null) return null;
  const { hour } = ukFields(at);
  return Math.max(0, connectionKw - buildingKwAt(site.meter, site.buildingKwByHour[hour] ?? 0, site.connectionKw, at));
}

const SLOT_MS = 5 * 60_000;

/**
 * The hours ahead as slots of one room and one price: five minutes on the UK
 * clock (the first from now to the next five), runs of equal ones merged.
 * Tariff bands and the building's hours both change on such an edge; the
 * site meter's reading holds until it expires, which cuts its slot there: from
 * that instant the schedules made now count the fallback (site-meter.ts).
 */
export function siteSlots(site: DepotSite, at: number, hours: number): Slot[] {
  const end = Math.ceil((at + hours * 3_600_000) / SLOT_MS) * SLOT_MS;
  const slots: Slot[] = [];
  const expires = site.meter ? meterHoldsUntil(site.meter) : -Infinity;
  // The network's channel falls silent then, unless heard again: the schedules sent now hold the firm part from there.
  const silent = site.connectionOffer?.shape.kind === "flexible" ? nonFirmUntil(site) : -Infinity;
  for (let from = at; from < end;) {
    const edge = Math.floor(from / SLOT_MS) * SLOT_MS + SLOT_MS;
    const cut = [expires, silent].filter((t) => t > from && t < edge);
    const to = cut.length ? Math.min(...cut) : edge;
    const local = ukFields(from);
    const building = buildingKwAt(site.meter, site.buildingKwByHour[local.hour] ?? 0, site.connectionKw!, from);
    const roomKw = Math.max(0, connectionKwAt(site, from, to)! - building);
    const pence = priceAt(site.tariff, local.weekday - 1, local.hour * 60 + local.minute);
    const last = slots[slots.length - 1];
    if (last && last.roomKw === roomKw && last.pence === pence) last.to = to;
    else slots.push({ from, to, roomKw, pence });
    from = to;
  }
  return slots;
}
