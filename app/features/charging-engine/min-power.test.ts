import { describe, expect, it } from "vitest";

import { emptyChain } from "./chain";
import { applyMinimumPower } from "./min-power";
import { delivered } from "./schedule";
import { Stay } from "./stays";

describe("chargers' lowest powers on a planned schedule", () => {
  it("places what is too little for a step at the floor when every charging step is full (decision 044)", () => {
    // A van on an 11 kW charger (floor 4.1 kW) whose plan is full for seven steps, then 0.4 kW for two, then full at
    // the last step: the 0.2 kWh of the thin steps is too little for a step at the floor, and no charging step has
    // room. It was dropped (the van left 0.2 kWh short, and the deficit carried on to its next stays).
    const van = { id: "van", name: "Van", batteryKwh: 75, consumptionKwhPerKm: 0.3, maxChargeKw: 11 };
    const stay = new Stay(0, "Van 1", "Vans", 0, 20, 22.2, van, 90, null, undefined);
    stay.charger = "AC 1";
    stay.capKw = 11;
    stay.minKw = 4.1;
    const row = new Float64Array(20);
    row.fill(11, 0, 7);
    row[7] = 0.4;
    row[8] = 0.4;
    row[19] = 11;
    const dt = 0.25;
    const chain = emptyChain(1);
    chain.arrivalKwh[0] = 67.5 - delivered(row, dt);
    chain.needKwh[0] = delivered(row, dt);
    const schedule = [row];
    applyMinimumPower([stay], chain, schedule, {
      steps: 96,
      dt,
      building: Array(96).fill(0),
      limitKw: 100,
      limit: Array(96).fill(100),
      efficiency: 1,
    });
    expect(delivered(schedule[0]!, dt)).toBeCloseTo(chain.needKwh[0]!, 9);
    // Every step is off, at the floor or above, or the last it charges in (the charger stops within it).
    const last = schedule[0]!.findLastIndex((kw) => kw > 0);
    schedule[0]!.forEach((kw, k) => {
      if (k !== last) expect(kw === 0 || kw >= 4.1 - 1e-9, `step ${k}: ${kw} kW`).toBe(true);
    });
  });
});
