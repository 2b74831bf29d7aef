import { ukDay, ukWallClock, type VehicleDays } from "./tours";

/** The electric vehicle a recorded vehicle is checked against (a plan's vehicle type). */
export type EvModel = { name: string; batteryKwh: number; consumptionKwhPerKm: number; maxChargeKw: number };

export type SuitabilitySettings = {
  /** Charge it leaves the depot with at most, and the least it may come back with (% of the battery). */
  targetSocPct: number;
  reserveSocPct: number;
  /** The depot charger's power (the vehicle's own limit applies too) and the charging loss. */
  chargerKw: number;
  chargingEfficiency: number;
  /** More energy per km in December, January and February (heating, cold battery), and for load carried. */
  winterUpliftPct: number;
  payloadFactor: number;
};

export const DEFAULT_SETTINGS: SuitabilitySettings = {
  targetSocPct: 90,
  reserveSocPct: 10,
  chargerKw: 22,
  chargingEfficiency: 0.9,
  winterUpliftPct: 15,
  payloadFactor: 1,
};

/** What a kilometre costs each way, for the saving (from the business case inputs). */
export type RunningCosts = { dieselPencePerKm: number; electricPencePerKm: number };

export type Verdict = "ready" | "ready-with-top-up" | "not-yet";

export type VehicleSuitability = {
  vehicle: string;
  days: number;
  km: number;
  energyKwh: number;
  /** Share of the days it drove that depot charging alone covered. */
  depotOnlyShare: number;
  worstDay: { day: string; km: number; energyKwh: number } | null;
  topUpDays: number;
  topUpKwh: number;
  nightsAway: number;
  annualKm: number;
  savingPoundsPerYear: number | null;
  verdict: Verdict;
  /** The energy account, which closes: used = from the depot + top-ups + at hubs + (charge at the start − at the end). */
  depotKwh: number;
  /** Charged at hubs on the road (only when hub stops were given). */
  hubKwh: number;
  startKwh: number;
  endKwh: number;
};

/** Top-ups on at most this share of its days still counts as ready (with a top-up on the road). */
const TOP_UP_SHARE_READY = 0.1;

const winter = (ms: number) => [11, 0, 1].includes(new Date(ukWallClock(ms)).getUTCMonth());

/**
 * Replays one vehicle's recorded tours on the electric model: it leaves the
 * depot with its target charge; each tour takes its kilometres' energy (with
 * the winter uplift and payload factor); below the reserve, the difference is
 * a top-up on the road; between tours it charges at the depot at the
 * charger's (or the vehicle's lower) power for the time it is there, up to
 * the target. A flat charging rate: the plan, not this check, reads the
 * charging curve.
 */
export function suitabilityOf(
  days: VehicleDays,
  model: EvModel,
  settings: SuitabilitySettings,
  periodDays: number,
  costs: RunningCosts | null,
  /** Energy it could take on the road that UK day at a charging hub where it stops (kWh), before a top-up is needed. */
  hubKwh?: (day: string) => number,
): VehicleSuitability {
  const target = (model.batteryKwh * settings.targetSocPct) / 100;
  const reserve = (model.batteryKwh * settings.reserveSocPct) / 100;
  const powerKw = Math.min(settings.chargerKw, model.maxChargeKw) * settings.chargingEfficiency;
  const perKm = (ms: number) =>
    model.consumptionKwhPerKm * settings.payloadFactor * (winter(ms) ? 1 + settings.winterUpliftPct / 100 : 1);
  const legs = days.tours.map((tour) => ({ depart: tour.depart, back: tour.back, km: tour.km, returns: true }));
  // Kilometres after the last return in the file: driven from when the first of those trips left (the vehicle
  // charged at the depot until then), and not yet charged for. A vehicle that never came back has only these.
  if (days.unfinishedKm > 0) {
    const after = days.unfinishedSince ?? legs.at(-1)?.back ?? 0;
    legs.push({ depart: after, back: after, km: days.unfinishedKm, returns: false });
  }
  let soc = target;
  let depotKwh = 0;
  let topUpKwh = 0;
  let energyKwh = 0;
  const byDay = new Map<string, { km: number; energyKwh: number; topUp: boolean }>();
  const hubUsed = new Map<string, number>();
  legs.forEach((leg, i) => {
    const energy = leg.km * perKm(leg.depart);
    energyKwh += energy;
    const day = ukDay(leg.depart);
    const record = byDay.get(day) ?? { km: 0, energyKwh: 0, topUp: false };
    record.km += leg.km;
    record.energyKwh += energy;
    // Charging at a hub on the day's stops first (the stops fall within the day's tours); what is left is a top-up.
    const hubLeft = hubKwh ? Math.max(0, hubKwh(day) - (hubUsed.get(day) ?? 0)) : 0;
    const fromHub = Math.min(hubLeft, Math.max(0, reserve - (soc - energy)));
    if (fromHub > 0) {
      hubUsed.set(day, (hubUsed.get(day) ?? 0) + fromHub);
      soc += fromHub;
    }
    if (soc - energy < reserve - 1e-9) {
      const topUp = reserve - (soc - energy);
      topUpKwh += topUp;
      record.topUp = true;
      soc = reserve;
    } else soc -= energy;
    byDay.set(day, record);
    if (!leg.returns) return;
    const next = legs[i + 1];
    // The last return charges until the vehicle is full (the period's end is not a departure).
    const hours = next ? Math.max(0, (next.depart - leg.back) / 3_600_000) : Infinity;
    const add = Math.min(Math.max(0, target - soc), hours * powerKw);
    soc += add;
    depotKwh += add;
  });
  const driven = [...byDay.entries()].filter(([, d]) => d.km > 0);
  const topUpDays = driven.filter(([, d]) => d.topUp).length;
  const worst = driven.reduce<[string, { km: number; energyKwh: number }] | null>(
    (most, entry) => (!most || entry[1].energyKwh > most[1].energyKwh ? entry : most),
    null,
  );
  const km = legs.reduce((sum, leg) => sum + leg.km, 0);
  const annualKm = periodDays > 0 ? (km * 365) / periodDays : 0;
  const share = driven.length ? (driven.length - topUpDays) / driven.length : 1;
  return {
    vehicle: days.vehicle,
    days: driven.length,
    km,
    energyKwh,
    depotOnlyShare: share,
    worstDay: worst ? { day: worst[0], km: worst[1].km, energyKwh: worst[1].energyKwh } : null,
    topUpDays,
    topUpKwh,
    nightsAway: days.nightsAway,
    annualKm,
    savingPoundsPerYear: costs ? (annualKm * (costs.dieselPencePerKm - costs.electricPencePerKm)) / 100 : null,
    verdict:
      topUpDays === 0 ? "ready" : topUpDays <= driven.length * TOP_UP_SHARE_READY ? "ready-with-top-up" : "not-yet",
    depotKwh,
    hubKwh: [...hubUsed.values()].reduce((sum, kwh) => sum + kwh, 0),
    startKwh: target,
    endKwh: soc,
  };
}

const VERDICT_ORDER: Record<Verdict, number> = { ready: 0, "ready-with-top-up": 1, "not-yet": 2 };

/** The fleet, most suitable first: by verdict, then by the saving (or the share of days covered). */
export function rankVehicles(rows: VehicleSuitability[]): VehicleSuitability[] {
  return [...rows].sort(
    (a, b) =>
      VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] ||
      (b.savingPoundsPerYear ?? 0) - (a.savingPoundsPerYear ?? 0) ||
      b.depotOnlyShare - a.depotOnlyShare ||
      a.vehicle.localeCompare(b.vehicle, "en-GB", { numeric: true }),
  );
}

export const VERDICT_LABELS: Record<Verdict, string> = {
  ready: "Ready",
  "ready-with-top-up": "Ready with a top-up",
  "not-yet": "Not yet",
};
