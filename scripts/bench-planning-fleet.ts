// The large depot `npm run bench:planning` plans: 200 vehicles in 10 groups sharing 40 chargers, a year at 15-minute steps
// (the trucks with tapering charging curves).
import type { DutyDay, PlanInput } from "../app/features/planning/engine/types";
import { TARIFF_PRESETS } from "../app/features/planning/plan-input";

const hm = (h: number, m = 0) => h * 60 + m;
const workingDays = (days: number, depart: number, back: number, km: number): DutyDay[] =>
  Array.from({ length: 7 }, (_, day) => (day < days ? { depart, return: back, km } : null));
const weekdays = (depart: number, back: number, km: number) => workingDays(5, depart, back, km);
const sixDays = (depart: number, back: number, km: number) => workingDays(6, depart, back, km);

// Ten groups, 200 vehicles: day, early, late and night shifts, vans to artics.
export const BENCH_INPUT: PlanInput = {
  vehicleTypes: [
    { id: "van", name: "Electric van", batteryKwh: 75, consumptionKwhPerKm: 0.35, maxChargeKw: 11 },
    {
      id: "rigid",
      name: "19 t rigid",
      batteryKwh: 300,
      consumptionKwhPerKm: 0.93,
      maxChargeKw: 150,
      chargeCurve: [
        [0, 150],
        [80, 150],
        [100, 40],
      ],
    },
    {
      id: "artic",
      name: "40 t artic",
      batteryKwh: 540,
      consumptionKwhPerKm: 1.1,
      maxChargeKw: 350,
      chargeCurve: [
        [0, 350],
        [80, 300],
        [100, 80],
      ],
    },
  ],
  vehicles: [
    { id: "g1", name: "Vans day A", typeId: "van", count: 30, week: weekdays(hm(7), hm(17), 120), targetSocPct: 90 },
    { id: "g2", name: "Vans day B", typeId: "van", count: 30, week: sixDays(hm(8), hm(18, 30), 90), targetSocPct: 90 },
    { id: "g3", name: "Vans early", typeId: "van", count: 25, week: weekdays(hm(5), hm(13), 100), targetSocPct: 85 },
    { id: "g4", name: "Vans late", typeId: "van", count: 25, week: weekdays(hm(13), hm(21), 100), targetSocPct: 85 },
    {
      id: "g5",
      name: "Rigids trunk",
      typeId: "rigid",
      count: 20,
      week: weekdays(hm(6), hm(16), 200),
      targetSocPct: 90,
    },
    { id: "g6", name: "Rigids local", typeId: "rigid", count: 20, week: sixDays(hm(7), hm(15), 150), targetSocPct: 80 },
    {
      id: "g7",
      name: "Rigids night",
      typeId: "rigid",
      count: 15,
      week: weekdays(hm(20), hm(4), 180),
      targetSocPct: 90,
    },
    {
      id: "g8",
      name: "Artics trunk",
      typeId: "artic",
      count: 15,
      week: weekdays(hm(5, 30), hm(17, 30), 300),
      targetSocPct: 90,
    },
    {
      id: "g9",
      name: "Artics night",
      typeId: "artic",
      count: 10,
      week: weekdays(hm(19), hm(5), 320),
      targetSocPct: 95,
    },
    { id: "g10", name: "Artics shunt", typeId: "artic", count: 10, week: sixDays(hm(9), hm(12), 60), targetSocPct: 80 },
  ],
  chargers: [
    { id: "ac", name: "AC 22 kW", count: 24, powerKw: 22, serves: ["van"] },
    { id: "dc50", name: "DC 50 kW", count: 8, powerKw: 50, serves: "all" },
    { id: "dc150", name: "DC 150 kW", count: 8, powerKw: 150, serves: ["rigid", "artic"] },
  ],
  site: {
    connectionKva: 2000,
    powerFactor: 0.95,
    buildingKw: {
      kind: "daily",
      hourlyKw: [20, 20, 20, 20, 20, 25, 40, 60, 70, 70, 70, 70, 65, 70, 70, 70, 65, 55, 40, 30, 25, 20, 20, 20],
    },
    chargingEfficiency: 0.92,
  },
  tariff: TARIFF_PRESETS["red-amber-green"],
  horizon: { days: 365, stepMinutes: 15, startWeekday: 0 },
};
