import type { LoadProfile } from "./load-profile";

/**
 * A vehicle type. `chargeCurve` is the most it takes (kW, battery side) at a
 * state of charge (%), as points joined by straight lines (typically flat,
 * then tapering above 80 %); without one it takes `maxChargeKw` throughout.
 */
export type VehicleType = {
  id: string;
  name: string;
  batteryKwh: number;
  consumptionKwhPerKm: number;
  maxChargeKw: number;
  chargeCurve?: [socPct: number, kw: number][];
};
/** One day of work: leaves at `depart`, back at `return` (minutes after midnight; a return at or before departure is the next day). */
export type DutyDay = { depart: number; return: number; km?: number; energyKwh?: number } | null;
export type VehicleGroup = {
  id: string;
  name: string;
  typeId: string;
  count: number;
  week: DutyDay[];
  targetSocPct: number;
  /** Minutes after midnight at which a depot hand moves the group's vehicles off their chargers (freeing them for others); without it a vehicle keeps its charger until it leaves. */
  swapAt?: number;
  /**
   * One vehicle's recorded work (from its trip export) instead of `week`:
   * each time it left the depot and came back, in minutes from the start of
   * the horizon, and the energy the tour took. A group with trips is one
   * vehicle (`count` 1); the horizon is the recorded period.
   */
  trips?: RecordedTrip[];
};
export type RecordedTrip = { depart: number; back: number; energyKwh: number; km?: number };
/**
 * Chargers of one kind. `minKw` is the lowest power the charger can be set
 * to while it charges (AC: 6 A per phase; DC units have their own floor);
 * without it, the typical floor for its power (chargerMinimumKw).
 */
export type ChargerGroup = {
  id: string;
  name: string;
  count: number;
  powerKw: number;
  minKw?: number;
  serves: string[] | "all";
};
export type TariffBand = { days: number[]; from: number; to: number; pencePerKwh: number };
export type Tariff = {
  name: string;
  defaultPencePerKwh: number;
  bands: TariffBand[];
  standingPencePerDay: number;
  capacityPencePerKvaPerMonth: number;
};

/** A site battery: usable capacity, the most it charges or discharges, and the share of the energy put in that comes back out. */
export type StationaryBattery = { capacityKwh: number; powerKw: number; roundTripEfficiency: number };

export type PlanInput = {
  vehicleTypes: VehicleType[];
  vehicles: VehicleGroup[];
  chargers: ChargerGroup[];
  site: {
    /** The connection's capacity (its most, where it changes with time). */
    connectionKva: number;
    /**
     * A connection whose capacity changes with time (a profiled one, or a flexible one less its curtailment): kVA at
     * each step of the horizon, repeating if shorter (a week's steps on a year's horizon). Without it the connection
     * is `connectionKva` throughout. No step is above `connectionKva`.
     */
    connectionKvaByStep?: number[];
    powerFactor: number;
    /** The building's own load: constant kW, 24 hourly values, or a profile read from a CSV. */
    buildingKw: number | number[] | LoadProfile;
    /** Share of the energy drawn that reaches the battery. */
    chargingEfficiency: number;
    /** A stationary battery on site, used to lower the site's peak (see dispatchBattery). */
    battery?: StationaryBattery;
  };
  tariff: Tariff;
  horizon: { days: number; stepMinutes: 5 | 15 | 30 | 60; startWeekday: number };
};

/** AC chargers serve vehicles that take at most this much (vans); heavier vehicles charge on DC. */
export const AC_VEHICLE_MAX_KW = 22;

/** A charger the sizing may choose: its power, whether it is AC (for vans) or DC, and its price supplied and installed. */
export type CatalogueCharger = { powerKw: number; kind: "AC" | "DC"; pricePounds: number };

/**
 * The chargers sizing chooses from (issue 20): AC 7, 11 and 22 kW for
 * vehicles that take 22 kW or less (vans), DC 50, 150 and 350 kW for any.
 * Prices are indicative UK supply-and-install figures for a depot (Nov 2026;
 * hardware, groundworks and cabling, not the grid connection): replace them
 * with quotes.
 */
export const DEFAULT_CATALOGUE: CatalogueCharger[] = [
  { powerKw: 7, kind: "AC", pricePounds: 1_500 },
  { powerKw: 11, kind: "AC", pricePounds: 2_000 },
  { powerKw: 22, kind: "AC", pricePounds: 3_500 },
  { powerKw: 50, kind: "DC", pricePounds: 30_000 },
  { powerKw: 150, kind: "DC", pricePounds: 75_000 },
  { powerKw: 350, kind: "DC", pricePounds: 160_000 },
];

export const STRATEGIES = ["uncontrolled", "balanced", "cost-optimal", "peak-shaving"] as const;
export type Strategy = (typeof STRATEGIES)[number];

/**
 * Why a vehicle left under its target, named by what bound (summarise.ts):
 * time — even at the vehicle's own full power the stay is too short;
 * curve — the vehicle's charging curve tapers before it is full;
 * charger — no charger was free for (part of) the stay;
 * charger-power — the charger it got is slower than the vehicle and too slow for the stay;
 * lowest-power — the site had room, but what was left to put in could not be run at the charger's lowest power;
 * connection — the site was at its connection limit while the vehicle could have taken more;
 * building — as connection, but the building's own load took the room the vehicle needed;
 * battery — the trip needs more than the battery holds at its target.
 */
export const SHORTFALL_REASONS = [
  "time",
  "curve",
  "charger",
  "charger-power",
  "lowest-power",
  "connection",
  "building",
  "battery",
] as const;
export type ShortfallReason = (typeof SHORTFALL_REASONS)[number];

export type VehicleResult = {
  vehicle: string;
  neededKwh: number;
  deliveredKwh: number;
  shortfallKwh: number;
  /** Energy its trips needed beyond what the battery held when it left (a top-up on the road). */
  topUpKwh: number;
  reasons: ShortfallReason[];
  minSocPct: number;
  maxSocPct: number;
};

/** One stay as planned, for the invariant checks and the charts: battery-side kW at each step of the stay. */
export type SessionResult = {
  vehicle: string;
  charger: string | null;
  start: number;
  /** Battery-side kW at each step of the stay (a copy: the engine's own rows are shared by the strategies). */
  kw: Float64Array;
  capKw: number;
  minKw: number;
  curve: [number, number][] | null;
  /** Energy the trip before the stay used. */
  tripKwh: number;
  /** Energy the stay had to put in to reach the target (the trip's and any deficit carried from earlier stays). */
  needKwh: number;
  targetKwh: number;
  batteryKwh: number;
  arrivalSocPct: number;
  /** State of charge when the vehicle left the stay before this one (the trip started from it). */
  previousDepartureSocPct: number;
};

export type StrategyResult = {
  strategy: Strategy;
  /** Site load per step (kW): building + charging drawn from the grid. */
  siteKw: number[];
  chargingKw: number[];
  peakKw: number;
  peakKva: number;
  /**
   * Peak shaving only: a peak no plan can go below while delivering what this
   * one delivers (a relaxation of the charging curves and the chargers'
   * minimum power, solved exactly). Equal to peakKw when the plan is proven
   * optimal; null for the other strategies.
   */
  peakLowerBoundKw: number | null;
  /** Cost-optimal only: the caps on the peak it tried, each with its yearly bill (energy and capacity charge), for the cost-against-peak chart. */
  tradeOff: { peakKw: number; poundsPerYear: number }[] | null;
  energyKwh: number;
  chargingEnergyKwh: number;
  cost: { energyPounds: number; standingPounds: number; capacityPounds: number; totalPounds: number };
  vehicles: VehicleResult[];
  chargerUtilisation: { charger: string; energyKwh: number; utilisationPct: number }[];
  recommendedConnectionKva: number;
  transformerKva: number | null;
  /** The site battery's work: grid kW into it (positive) or out of it (negative) at each step, and the peak it took off. Only peak shaving runs the battery (its job is the peak); null otherwise. */
  battery: { kw: number[]; chargedKwh: number; dischargedKwh: number; peakWithoutKw: number } | null;
  /** Every stay as planned; empty when the caller keeps only the figures (PlanDetail). */
  sessions: SessionResult[];
};

export type PlanResult = {
  steps: number;
  stepHours: number;
  limitKw: number;
  /** The connection's limit (kW) at each step: `limitKw` throughout unless it changes with time. */
  limitByStep: number[];
  priceByStep: number[];
  buildingByStep: number[];
  strategies: StrategyResult[];
};
