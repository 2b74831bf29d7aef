/**
 * The company's roadmap from its depots' plans and its settings (issue 33):
 * for each depot and year, the vehicles electric, the chargers the sizing
 * asks for, the managed peak against the connection, and the connection's
 * flag (enough, apply by a date, or a quote in time or late, with a battery
 * to bridge). Pure: the depot-years come from `resultOf`, which the server
 * fills from its cache and the background process (roadmap.server.ts).
 */
import { connectionFor } from "~/features/charging-engine";
import type { PlanRequest } from "~/features/planning";

import type { ApplicationStage } from "./application-input";
import type { DepotYear, DepotYearRequest } from "./depot-year";
import { fleetInYear, fleetKey } from "./depot-years";
import { offerYearRequests, upgradeOf, type RoadmapOffer, type Upgrade } from "./offer-years";
import { bridgeBattery, connectionFlag, groupSpan, latestApplyDate, type ConnectionFlag } from "./roadmap";
import { groupSetting, leadTimeOf, type GroupSetting, type RoadmapSettings } from "./roadmap-settings";

export type RoadmapDepot = {
  id: number;
  name: string;
  /** The depot's latest plan's inputs; a depot without a plan is listed but not planned. */
  inputs: PlanRequest | null;
  /** Names everything in the inputs but the fleet's counts (a hash): with the fleet, the depot-year's cache key. */
  baseKey: string;
  /** Network operator code of the nearest substation, or null. */
  operator: string | null;
  application: {
    stage: ApplicationStage;
    energisationOn: string | null;
    quoteKva: number | null;
    quotePounds: number | null;
  } | null;
  /** The depot's connection offers (issue 60): compared year by year, the chosen one in force from its date. */
  offers?: RoadmapOffer[];
};

export type RoadmapYear = {
  year: number;
  electric: number;
  chargers: DepotYear["chargers"];
  peakKw: number;
  /** The connection in force this year (a quoted one from its energisation year), kW. */
  connectionKw: number;
  enough: boolean;
  vehiclesShort: number;
};

export type DepotRoadmap = {
  id: number;
  name: string;
  planned: boolean;
  vehicles: number;
  connectionKva: number;
  leadTimeMonths: number;
  groups: (GroupSetting & {
    id: string;
    name: string;
    count: number;
    electricFrom: number | null;
    lastYear: number | null;
    phaseOut: number;
  })[];
  years: RoadmapYear[];
  flag: ConnectionFlag;
  /** Set when the flag is for a second upgrade: the quoted capacity (kVA) the managed peak passes in its turn. */
  beyondQuoteKva: number | null;
  /** The connection the end year's peak needs (kVA, with the plan's margin), when more than today's. */
  neededKva: number | null;
  /** The year the upgrade counted on is in force (its cost spent): a quote's or chosen offer's, else the year needed. */
  upgradeYear: number | null;
  /** The chosen offer's name when it is the upgrade counted on (issue 60), else null. */
  chosenOffer: string | null;
  /** When the upgrade comes after it is needed: the battery that bridges the late years, or null when none can. */
  bridge: { powerKw: number; capacityKwh: number; pounds: number; years: number[] } | null | undefined;
};

/** The building's highest load, whichever way the plan gives it. */
export function buildingPeakKw(building: PlanRequest["site"]["buildingKw"]): number {
  if (typeof building === "number") return building;
  const values = Array.isArray(building) ? building : "hourlyKw" in building ? building.hourlyKw : building.kw;
  return values.reduce((max, kw) => Math.max(max, kw), 0);
}

export const roadmapYears = (settings: RoadmapSettings, thisYear: number) =>
  Array.from({ length: Math.max(1, settings.endYear - thisYear + 1) }, (_, i) => thisYear + i);

export const replacementsOf = (depot: RoadmapDepot, settings: RoadmapSettings, thisYear: number) =>
  new Map(
    (depot.inputs?.vehicles ?? []).map((g) => {
      const set = groupSetting(settings, depot.id, g.id, thisYear);
      return [g.id, { ...set, count: g.count }] as const;
    }),
  );

export const depotYearKey = (depot: RoadmapDepot, fleet: PlanRequest["vehicles"]) =>
  `${depot.baseKey}|${fleetKey(fleet)}`;

/** Every distinct fleet the roadmap plans, with its key: what the server looks for in its cache before planning. */
export function neededDepotYears(depots: RoadmapDepot[], settings: RoadmapSettings, thisYear: number) {
  const needed = new Map<string, DepotYearRequest>();
  for (const depot of depots) {
    if (!depot.inputs) continue;
    const replacements = replacementsOf(depot, settings, thisYear);
    for (const year of roadmapYears(settings, thisYear)) {
      const fleet = fleetInYear(depot.inputs, replacements, year);
      if (!fleet.length) continue;
      const key = depotYearKey(depot, fleet);
      const request = { ...depot.inputs, vehicles: fleet };
      needed.set(key, request);
      for (const [offerKey, under] of offerYearRequests(key, request, depot.offers ?? [])) needed.set(offerKey, under);
    }
  }
  return needed;
}

export function depotRoadmap(
  depot: RoadmapDepot,
  settings: RoadmapSettings,
  today: string,
  resultOf: (key: string) => DepotYear,
): DepotRoadmap {
  const thisYear = Number(today.slice(0, 4));
  const years = roadmapYears(settings, thisYear);
  const leadTimeMonths = leadTimeOf(settings, depot.operator);
  const inputs = depot.inputs;
  const base = { id: depot.id, name: depot.name, leadTimeMonths };
  if (!inputs) {
    return {
      ...base,
      planned: false,
      vehicles: 0,
      connectionKva: 0,
      groups: [],
      years: [],
      flag: { kind: "enough" },
      beyondQuoteKva: null,
      neededKva: null,
      upgradeYear: null,
      chosenOffer: null,
      bridge: undefined,
    };
  }
  const pf = inputs.site.powerFactor;
  const nowKw = inputs.site.connectionKva * pf;
  const replacements = replacementsOf(depot, settings, thisYear);
  const application = upgradeOf(depot.application, depot.offers ?? [], inputs);
  const energisedYear = application?.energisationOn ? inForceFrom(application.energisationOn) : null;
  const quotedKw = application?.quoteKva ? application.quoteKva * pf : null;
  const rows: RoadmapYear[] = years.map((year) => {
    const fleet = fleetInYear(inputs, replacements, year);
    const key = fleet.length ? depotYearKey(depot, fleet) : null;
    const result = key ? resultOf(key) : null;
    const upgraded = quotedKw !== null && energisedYear !== null && year >= energisedYear;
    const connectionKw = upgraded ? Math.max(nowKw, quotedKw) : nowKw;
    // A year without electric vehicles draws the building alone.
    const peakKw = result?.peakKw ?? buildingPeakKw(inputs.site.buildingKw);
    // Under a chosen offer, enough is every vehicle it can charge charged (a profile is not one kVA to compare with).
    const underOffer = upgraded && key && application?.offerKey ? resultOf(`${key}|${application.offerKey}`) : null;
    return {
      year,
      electric: fleet.reduce((sum, g) => sum + g.count, 0),
      chargers: result?.chargers ?? [],
      peakKw,
      connectionKw,
      enough: underOffer ? underOffer.vehiclesShort <= result!.vehiclesShort : peakKw <= connectionKw + 1e-9,
      vehiclesShort: result?.vehiclesShort ?? 0,
    };
  });
  const { flag, beyondQuoteKva } = flagOf(rows, { nowKw, quotedKw, energisedYear, application, leadTimeMonths, today });
  const endPeak = Math.max(0, ...rows.map((r) => r.peakKw));
  const neededKva = endPeak > nowKw + 1e-9 ? connectionFor(endPeak, pf).recommendedConnectionKva : null;
  return {
    ...base,
    planned: true,
    vehicles: inputs.vehicles.reduce((sum, g) => sum + g.count, 0),
    connectionKva: inputs.site.connectionKva,
    groups: groupRows(inputs, replacements, settings),
    years: rows,
    flag,
    beyondQuoteKva,
    neededKva,
    upgradeYear: flag.kind === "enough" ? null : (energisedYear ?? (flag.kind === "apply-by" ? flag.neededYear : null)),
    chosenOffer: application?.offerName ?? null,
    bridge: bridgeFor(
      flag,
      rows,
      flag.kind === "quoted-late" ? inForceFrom(flag.energisedBy) : thisYear + Math.ceil(leadTimeMonths / 12) + 1,
      nowKw,
      (year) => resultOf(depotYearKey(depot, fleetInYear(inputs, replacements, year))),
      settings.battery,
    ),
  };
}

/**
 * When the depot's connection must be applied for, given its peak in each year: against the connection it has, or,
 * when a quote comes in time but its own capacity is passed later, the next upgrade (with the quote's kVA beside it).
 */
function flagOf(
  rows: RoadmapYear[],
  at: {
    nowKw: number;
    quotedKw: number | null;
    energisedYear: number | null;
    application: Upgrade | null;
    leadTimeMonths: number;
    today: string;
  },
): { flag: ConnectionFlag; beyondQuoteKva: number | null } {
  const { nowKw, quotedKw, energisedYear, application, leadTimeMonths, today } = at;
  const peaks = new Map(rows.map((r) => [r.year, r.peakKw]));
  const flag = connectionFlag({
    connectionKw: nowKw,
    peaks,
    leadTimeMonths,
    energisedBy: application?.energisationOn ?? null,
    today,
  });
  if (flag.kind === "quoted-in-time" && application?.offerKey && energisedYear !== null) {
    // A chosen offer runs out in the first year after it comes that it leaves a vehicle short.
    const short = rows.find((r) => r.year >= energisedYear && !r.enough);
    if (!short) return { flag, beyondQuoteKva: null };
    const applyBy = latestApplyDate(short.year, leadTimeMonths);
    const next = { kind: "apply-by", neededYear: short.year, applyBy, late: today > applyBy } as const;
    return { flag: next, beyondQuoteKva: application.quoteKva };
  }
  if (flag.kind === "quoted-in-time" && quotedKw !== null && energisedYear !== null) {
    const later = new Map(rows.filter((r) => r.year >= energisedYear).map((r) => [r.year, r.peakKw]));
    const next = connectionFlag({ connectionKw: Math.max(nowKw, quotedKw), peaks: later, leadTimeMonths, today });
    if (next.kind === "apply-by") return { flag: next, beyondQuoteKva: application!.quoteKva };
  }
  return { flag, beyondQuoteKva: null };
}

/** Each vehicle group's replacement: its first year and cycle, and the years its first and last vehicles go electric. */
function groupRows(
  inputs: NonNullable<RoadmapDepot["inputs"]>,
  replacements: ReturnType<typeof replacementsOf>,
  settings: RoadmapSettings,
) {
  return inputs.vehicles.map((g) => {
    const set = replacements.get(g.id)!;
    const span = groupSpan(set);
    return {
      id: g.id,
      name: g.name,
      count: g.count,
      firstYear: set.firstYear,
      cycleYears: set.cycleYears,
      heavy: set.heavy,
      targets: set.targets,
      // The last null when its targets stop short of all.
      electricFrom: span.first,
      lastYear: span.last,
      phaseOut: set.heavy ? settings.phaseOut.over26t : settings.phaseOut.upTo26t,
    };
  });
}

/**
 * The years between the upgrade being needed and its coming (the quote's
 * energisation, or today plus the lead time once the apply-by date has
 * passed), and the smallest battery that keeps each of them under the
 * connection; null when a year's load cannot be bridged by any battery.
 */
function bridgeFor(
  flag: ConnectionFlag,
  rows: RoadmapYear[],
  comesIn: number | null,
  connectionKw: number,
  loadOf: (year: number) => DepotYear,
  prices: RoadmapSettings["battery"],
): DepotRoadmap["bridge"] {
  if (comesIn === null || (flag.kind !== "quoted-late" && !(flag.kind === "apply-by" && flag.late))) return undefined;
  const late = rows.filter((r) => r.year >= flag.neededYear && r.year < comesIn && !r.enough).map((r) => r.year);
  let powerKw = 0;
  let capacityKwh = 0;
  for (const year of late) {
    const result = loadOf(year);
    const battery = bridgeBattery(result.loadKw, connectionKw, result.stepHours, prices);
    if (!battery) return null;
    powerKw = Math.max(powerKw, battery.powerKw);
    capacityKwh = Math.max(capacityKwh, battery.capacityKwh);
  }
  return {
    powerKw,
    capacityKwh,
    pounds: capacityKwh * prices.poundsPerKwh + powerKw * prices.poundsPerKw,
    years: late,
  };
}

/** The first whole year a connection energised on `iso` is in force (from 1 January, or the next year). */
export const inForceFrom = (iso: string) => Number(iso.slice(0, 4)) + (iso.slice(5, 10) > "01-01" ? 1 : 0);
