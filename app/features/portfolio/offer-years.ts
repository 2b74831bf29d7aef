/**
 * A depot's connection offers through the roadmap's years (issue 60, item 3): each year's fleet planned under each
 * offer's connection, and under the present one, as depot-years of their own (kept like the others in
 * roadmap_results). A profiled offer is planned under the tighter of its seasons at each step of the plan's day or
 * week; a flexible one under its firm and non-firm parts, its curtailment being the risk its outlook measures on the
 * depot's plan (connections/outlook.ts). Pure.
 */
import { offerMostKva, profileBySteps, type OfferOutlook, type OfferShape } from "~/features/connections";
import type { PlanRequest } from "~/features/planning";

import type { DepotYearRequest, UnderConnection } from "./depot-year";

/** An offer as the roadmap reads it. */
export type RoadmapOffer = {
  id: number;
  name: string;
  operator: string | null;
  costPounds: number;
  /** When it can be energised (ISO date). */
  energiseOn: string;
  chosen: boolean;
  shape: OfferShape;
  /** What it means on the depot's plan, once worked out on the connection page. */
  outlook: OfferOutlook | null;
};

/** The connection a depot-year is planned under for an offer (kVA; a profile's limit by step). */
export function offerConnection(shape: OfferShape, horizon: PlanRequest["horizon"]): UnderConnection {
  const connectionKva = offerMostKva(shape);
  if (shape.kind !== "profiled") return { connectionKva };
  const summer = profileBySteps(shape.profile, "summer", horizon);
  const tighter = profileBySteps(shape.profile, "winter", horizon).map((kva, t) => Math.min(kva, summer[t]!));
  return { connectionKva, connectionKvaByStep: tighter };
}

/** A short, exact name for a connection: its kVA, and its limit by step in runs ("60×32,100×16"). */
export function connectionKey(under: UnderConnection): string {
  const runs: string[] = [];
  const steps = under.connectionKvaByStep ?? [];
  for (let t = 0; t < steps.length;) {
    let end = t;
    while (end < steps.length && steps[end] === steps[t]) end++;
    runs.push(`${steps[t]}×${end - t}`);
    t = end;
  }
  return `${under.connectionKva}${runs.length ? `:${runs.join(",")}` : ""}`;
}

/** The present connection and each offer's, keyed for the depot-years a year's fleet is planned under. */
export function comparedConnections(inputs: PlanRequest, offers: readonly RoadmapOffer[]) {
  return [
    { id: null, under: { connectionKva: inputs.site.connectionKva } as UnderConnection },
    ...offers.map((offer) => ({ id: offer.id, under: offerConnection(offer.shape, inputs.horizon) })),
  ].map((c) => ({ ...c, key: `under:${connectionKey(c.under)}` }));
}

/** The depot-year requests of one year's fleet under each compared connection, by cache key. */
export function offerYearRequests(
  yearKey: string,
  request: PlanRequest,
  offers: readonly RoadmapOffer[],
): [string, DepotYearRequest][] {
  if (offers.length === 0) return [];
  return comparedConnections(request, offers).map(({ under, key }) => [
    `${yearKey}|${key}`,
    { ...request, underConnection: under },
  ]);
}

/** The upgrade the roadmap counts on: when it comes, its kVA and price, and (for an offer) its depot-years' key. */
export type Upgrade = {
  energisationOn: string | null;
  quoteKva: number | null;
  quotePounds: number | null;
  /** The chosen offer's connection key: its years are judged by the vehicles it serves, not by one kVA. */
  offerKey: string | null;
  offerName: string | null;
};

/**
 * The application's quote once it has an energisation date; else the chosen offer's date, capacity and cost, so
 * that the apply-by date and the bridge follow the offer the haulier chose (issue 60, item 3); else the
 * application's quote as it stands (perhaps none).
 */
export function upgradeOf(
  application: { energisationOn: string | null; quoteKva: number | null; quotePounds: number | null } | null,
  offers: readonly RoadmapOffer[],
  inputs: PlanRequest,
): Upgrade | null {
  const chosen = offers.find((offer) => offer.chosen);
  if (application?.energisationOn || !chosen) return application && { ...application, offerKey: null, offerName: null };
  return {
    energisationOn: chosen.energiseOn,
    quoteKva: offerMostKva(chosen.shape),
    quotePounds: chosen.costPounds,
    offerKey: `under:${connectionKey(offerConnection(chosen.shape, inputs.horizon))}`,
    offerName: chosen.name,
  };
}
