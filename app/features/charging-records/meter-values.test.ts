import { describe, expect, it } from "vitest";

import { readMeterValues } from "./meter-values";

describe("readMeterValues", () => {
  it("reads OCPP 1.6 strings with the register as the default measurand and Wh as the default unit", () => {
    expect(
      readMeterValues([
        {
          timestamp: "2026-11-25T10:00:00Z",
          sampledValue: [{ value: "1234.5" }, { value: "7.2", measurand: "Power.Active.Import", unit: "kW" }],
        },
      ]),
    ).toEqual([{ at: "2026-11-25T10:00:00.000Z", energyWh: 1234.5, powerW: 7200, socPct: null }]);
  });

  it("reads OCPP 2.0.1 numbers with their unit's multiplier and sums the three line phases", () => {
    expect(
      readMeterValues([
        {
          timestamp: "2026-11-25T10:00:10+01:00",
          sampledValue: [
            { value: 12.5, measurand: "Energy.Active.Import.Register", unitOfMeasure: { unit: "kWh" } },
            { value: 2.4, measurand: "Power.Active.Import", phase: "L1", unitOfMeasure: { unit: "W", multiplier: 3 } },
            { value: 2.4, measurand: "Power.Active.Import", phase: "L2", unitOfMeasure: { unit: "W", multiplier: 3 } },
            { value: 2.4, measurand: "Power.Active.Import", phase: "L3", unitOfMeasure: { unit: "W", multiplier: 3 } },
            { value: 230, measurand: "Voltage", phase: "L1-N" },
            { value: 64, measurand: "SoC", unitOfMeasure: { unit: "Percent" } },
          ],
        },
      ]),
    ).toEqual([{ at: "2026-11-25T09:00:10.000Z", energyWh: 12_500, powerW: 7200, socPct: 64 }]);
  });

  it("leaves out what it cannot read rather than guessing", () => {
    expect(
      readMeterValues([
        {
          timestamp: "2026-11-25T10:00:00Z",
          sampledValue: [
            { value: "n/a" },
            { value: "3", measurand: "Power.Active.Import", unit: "A" },
            { value: "140", measurand: "SoC" },
          ],
        },
      ]),
    ).toEqual([{ at: "2026-11-25T10:00:00.000Z", energyWh: null, powerW: null, socPct: null }]);
  });
});
