/**
 * Reads what matters to Box Charge out of OCPP meter values (1.6J and 2.0.1
 * share the shape, not the types): the energy register, the power drawn and
 * the vehicle's state of charge, in Wh, W and %. The message layer has
 * already checked each message against its schema; this only interprets.
 */
export type MeterSample = { at: string; energyWh: number | null; powerW: number | null; socPct: number | null };

type SampledValue = {
  value: string | number;
  measurand?: string;
  phase?: string;
  /** 1.6 */
  unit?: string;
  /** 2.0.1 */
  unitOfMeasure?: { unit?: string; multiplier?: number };
};
type MeterValue = { timestamp: string; sampledValue: SampledValue[] };

const ENERGY = "Energy.Active.Import.Register";
const POWER = "Power.Active.Import";

function scaled(sample: SampledValue, base: "Wh" | "W"): number | null {
  const value = typeof sample.value === "number" ? sample.value : Number(sample.value);
  if (!Number.isFinite(value)) return null;
  const unit = sample.unit ?? sample.unitOfMeasure?.unit ?? base;
  const multiplier = 10 ** (sample.unitOfMeasure?.multiplier ?? 0);
  const kilo = unit === `k${base}` ? 1000 : unit === base ? 1 : null;
  return kilo === null ? null : value * kilo * multiplier;
}

/** The total of a measurand: its value without a phase, else the sum of its line phases (never a line-to-neutral twin twice). */
function total(samples: SampledValue[], measurand: string, base: "Wh" | "W"): number | null {
  const of = samples.filter((s) => (s.measurand ?? ENERGY) === measurand);
  const whole = of.find((s) => !s.phase);
  if (whole) return scaled(whole, base);
  const lines = of.filter((s) => s.phase === "L1" || s.phase === "L2" || s.phase === "L3");
  if (lines.length === 0) return null;
  let sum = 0;
  for (const line of lines) {
    const value = scaled(line, base);
    if (value === null) return null;
    sum += value;
  }
  return sum;
}

export function readMeterValues(meterValues: readonly MeterValue[]): MeterSample[] {
  return meterValues.map((meterValue) => {
    const samples = meterValue.sampledValue;
    const soc = samples.find((s) => s.measurand === "SoC");
    const socPct = soc ? Number(soc.value) : null;
    return {
      at: new Date(meterValue.timestamp).toISOString(),
      energyWh: total(samples, ENERGY, "Wh"),
      powerW: total(samples, POWER, "W"),
      socPct: socPct !== null && Number.isFinite(socPct) && socPct >= 0 && socPct <= 100 ? socPct : null,
    };
  });
}
