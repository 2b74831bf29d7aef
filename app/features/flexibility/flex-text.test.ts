import { describe, expect, it } from "vitest";

import { answered, asked, delivered } from "./flex-text";
import type { FlexView } from "./flex-view";

const segments = [0, 1, 2, 3].map((k) => ({
  from: new Date(Date.UTC(2026, 11, 1, 17, k * 30)).toISOString(),
  to: new Date(Date.UTC(2026, 11, 1, 17, (k + 1) * 30)).toISOString(),
  baselineKw: 60,
}));
const offered: FlexView = {
  id: 1,
  source: "hand",
  name: "Evening peak",
  from: "2026-12-01T17:00:00.000Z",
  until: "2026-12-01T19:00:00.000Z",
  askedKw: 40,
  poundsPerMwh: 300,
  baseline: "nominated",
  status: "offered",
  note: null,
  answer: { segments, capKva: 25, offeredKwh: 80, offeredKw: 40, mostKw: 55 },
  delivery: null,
  measuredAt: null,
  createdBy: "ops@fleet.example",
};

describe("a flexibility request as the network page says it", () => {
  it("says when, what was asked and the price, on the UK clock", () => {
    expect(asked(offered)).toBe("01 Dec 2026, 17:00 to 19:00 · 40 kW asked · £300.00 per MWh");
    expect(asked({ ...offered, askedKw: null, poundsPerMwh: null })).toBe(
      "01 Dec 2026, 17:00 to 19:00 · as much as the fleet can spare",
    );
  });

  it("says the offer, the limit held and the plan's draw, or why nothing was offered", () => {
    expect(answered(offered)).toBe(
      "Offered 40 kW less (80 kWh moved out of the window): the site held to 25 kVA; the plan draws up to 60 kW there.",
    );
    const declined = { ...offered, status: "declined" as const, note: "Nothing to spare from 17:00 to 19:00." };
    expect(answered(declined)).toBe("Nothing to spare from 17:00 to 19:00.");
  });

  it("says the delivery against the offer, what it is worth up to what was offered, and when it was estimated", () => {
    const measured = {
      ...offered,
      delivery: {
        segments: [],
        baselineKwh: 120,
        usedKwh: 30,
        deliveredKwh: 90,
        estimated: true,
        basis: "nominated" as const,
        likeDays: [],
        note: null,
      },
    };
    expect(delivered(measured)).toBe(
      "Delivered 90 kWh of 80 kWh offered (113 %): the chargers drew 30 kWh against a baseline of 120 kWh, read from their meters. Worth £24.00 at the request's price. Estimated in part: a charger's meter fell silent and was counted on at its last power.",
    );
    expect(delivered(offered)).toBeNull();
  });

  it("says a historical baseline and its days, or why it fell back to the nominated one (decision 079)", () => {
    const historical = { ...offered, baseline: "historical" as const };
    expect(asked(historical)).toBe(
      "01 Dec 2026, 17:00 to 19:00 · 40 kW asked · £300.00 per MWh · paid on a historical baseline",
    );
    const delivery = {
      segments: [],
      baselineKwh: 100,
      usedKwh: 30,
      deliveredKwh: 70,
      estimated: false,
      basis: "historical" as const,
      likeDays: ["2026-11-20", "2026-11-23", "2026-11-25", "2026-11-27"],
      note: null,
    };
    expect(delivered({ ...historical, delivery })).toBe(
      "Delivered 70 kWh of 80 kWh offered (88 %): the chargers drew 30 kWh against a historical baseline of 100 kWh (what they drew on 20 Nov 2026, 23 Nov 2026, 25 Nov 2026 and 27 Nov 2026, averaged), read from their meters. Worth £21.00 at the request's price.",
    );
    const fellBack = { ...delivery, basis: "nominated" as const, likeDays: [], note: "Not enough history." };
    expect(delivered({ ...historical, delivery: fellBack })).toContain(
      "against a baseline of 100 kWh, read from their meters. Not enough history. Worth",
    );
  });
});
