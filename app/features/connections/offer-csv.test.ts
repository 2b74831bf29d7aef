import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { estimatedCurtailment, parseCurtailmentCsv } from "./curtailment-csv";
import { profileBySteps, recordPeriods } from "./offer-limit";
import { DAY_TYPES, SEASONS, type ProfileGrid } from "./offer-shape";
import { parseProfileCsv, PROFILE_CSV_EXAMPLE, profileToCsv } from "./profile-csv";

const refused = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return (error as Error).message;
  }
  return "taken";
};

describe("a profiled offer's CSV", () => {
  it("reads the example: 300 kVA on weekday evenings, 800 otherwise, in both seasons", () => {
    const grid = parseProfileCsv(PROFILE_CSV_EXAMPLE);
    for (const season of SEASONS) {
      expect(grid[season].weekday.slice(31, 41)).toEqual([800, 300, 300, 300, 300, 300, 300, 300, 300, 800]);
      expect(new Set(grid[season].weekend)).toEqual(new Set([800]));
    }
  });

  it("names gaps, overlaps, negative capacities and unknown words, and keeps nothing", () => {
    const base = "season,days,from,to,kva\nall,weekends,00:00,24:00,500\n";
    expect(
      refused(() => parseProfileCsv(`${base}all,weekdays,00:00,16:00,800\nall,weekdays,17:00,24:00,800`)),
    ).toContain("Winter weekdays: nothing from 16:00 to 17:00.");
    expect(
      refused(() => parseProfileCsv(`${base}all,weekdays,00:00,18:00,800\nall,weekdays,16:00,24:00,300`)),
    ).toContain("Winter weekdays: 16:00–24:00 (line 4) overlaps 00:00–18:00 (line 3).");
    expect(refused(() => parseProfileCsv(`${base}all,weekdays,00:00,24:00,-5`))).toContain(
      "Line 3: a capacity cannot be negative (-5 kVA).",
    );
    expect(refused(() => parseProfileCsv(`${base}spring,weekdays,00:00,24:00,5`))).toContain(
      "Line 3: the season is all",
    );
    expect(refused(() => parseProfileCsv(`${base}all,weekdays,00:00,16:15,5`))).toContain("on the half hour");
    expect(refused(() => parseProfileCsv(`${base}winter,weekdays,00:00,24:00,5`))).toContain(
      "Summer weekdays: no capacity is given",
    );
  });

  it("reads back any profile it writes (generated grids)", () => {
    const halfHours = fc.array(
      fc.integer({ min: 0, max: 4 }).map((k) => k * 250),
      { minLength: 48, maxLength: 48 },
    );
    const grids = fc.record({
      winter: fc.record({ weekday: halfHours, weekend: halfHours }),
      summer: fc.record({ weekday: halfHours, weekend: halfHours }),
    });
    fc.assert(
      fc.property(grids, (grid: ProfileGrid) => {
        expect(parseProfileCsv(profileToCsv(grid))).toEqual(grid);
      }),
      {
        numRuns: 200,
      },
    );
  });

  it("gives a plan's hour step the lower of its two half hours", () => {
    const grid = parseProfileCsv(
      PROFILE_CSV_EXAMPLE.replace("16:00,20:00,300", "16:00,19:30,300").replace("20:00,24:00", "19:30,24:00"),
    );
    const hourly = profileBySteps(grid, "winter", { days: 1, stepMinutes: 60, startWeekday: 0 });
    expect(hourly.slice(15, 21)).toEqual([800, 300, 300, 300, 300, 800]);
    const weekend = profileBySteps(grid, "winter", { days: 1, stepMinutes: 30, startWeekday: 5 });
    expect(new Set(weekend)).toEqual(new Set([800]));
    for (const day of DAY_TYPES) expect(grid.summer[day]).toEqual(grid.winter[day]);
  });
});

describe("a flexible offer's curtailment record", () => {
  it("takes any zone's times as the same instants (generated offsets)", () => {
    const events = fc.array(
      fc.record({
        hour: fc.integer({ min: 0, max: 20 }),
        length: fc.integer({ min: 1, max: 3 }),
        offset: fc.integer({ min: -12, max: 14 }),
      }),
      { minLength: 1, maxLength: 20 },
    );
    fc.assert(
      fc.property(events, (list) => {
        // One event a day, so none overlaps; each written in its own zone.
        const rows = list.map((e, day) => {
          const start = Date.UTC(2026, 0, 1 + day, e.hour);
          const zoned = (ms: number) => {
            const local = new Date(ms + e.offset * 3_600_000).toISOString().slice(0, 19);
            const sign = e.offset < 0 ? "-" : "+";
            return `${local}${sign}${String(Math.abs(e.offset)).padStart(2, "0")}:00`;
          };
          return {
            line: `${zoned(start)},${zoned(start + e.length * 3_600_000)},100`,
            start,
            end: start + e.length * 3_600_000,
          };
        });
        const read = parseCurtailmentCsv(rows.map((r) => r.line).join("\n"), 100);
        expect(read.map((e) => [Date.parse(e.start), Date.parse(e.end)])).toEqual(rows.map((r) => [r.start, r.end]));
      }),
      { numRuns: 100 },
    );
  });

  it("refuses times without a zone, repeats, overlaps and cuts above the non-firm part", () => {
    expect(refused(() => parseCurtailmentCsv("2026-01-05T16:00:00,2026-01-05T18:00:00,100", 200))).toContain(
      "give each time with its zone",
    );
    const repeat = "2026-01-05T16:00:00Z,2026-01-05T18:00:00Z,100\n2026-01-05T16:00:00Z,2026-01-05T18:00:00Z,100";
    expect(refused(() => parseCurtailmentCsv(repeat, 200))).toContain("Line 2 repeats line 1.");
    const overlap = "2026-01-05T16:00:00Z,2026-01-05T18:00:00Z,100\n2026-01-05T17:00:00Z,2026-01-05T19:00:00Z,100";
    expect(refused(() => parseCurtailmentCsv(overlap, 200))).toContain("Line 2 overlaps line 1.");
    expect(refused(() => parseCurtailmentCsv("2026-01-05T16:00:00Z,2026-01-05T18:00:00Z,300", 200))).toContain(
      "Line 1: cuts 300 kVA, more than the non-firm 200 kVA.",
    );
    expect(refused(() => parseCurtailmentCsv("2026-01-05T18:00:00Z,2026-01-05T16:00:00Z,", 200))).toContain(
      "Line 1: the end is not after the start.",
    );
  });

  it("lays the record on the plan's weeks: a cut's steps at the firm part, the rest at both parts", () => {
    const curtailment = parseCurtailmentCsv("start,end,kva\n2026-01-07T16:30:00Z,2026-01-07T18:00:00Z,", 500);
    const offer = {
      kind: "flexible" as const,
      name: "Flex",
      firmKva: 300,
      nonFirmKva: 500,
      record: "imported" as const,
      curtailment,
    };
    const { periods, cut } = recordPeriods(offer, { days: 7, stepMinutes: 60, startWeekday: 0 });
    expect(periods).toBe(53);
    expect(cut).toHaveLength(1);
    // Monday 5 January; Wednesday 16:00–18:00 (the 16:00 hour is touched from 16:30).
    expect(cut[0]!.startsOn).toBe("2026-01-05");
    const low = cut[0]!.kvaBySteps.flatMap((kva, t) => (kva < 800 ? [t] : []));
    expect(low).toEqual([2 * 24 + 16, 2 * 24 + 17]);
    expect(cut[0]!.kvaBySteps[2 * 24 + 16]).toBe(300);
  });

  it("makes an estimate into whole windows on winter weekdays", () => {
    const events = estimatedCurtailment({ hoursPerYear: 30, from: 16 * 60, to: 19 * 60 }, 400, 2026);
    expect(events).toHaveLength(10);
    for (const e of events) {
      const start = new Date(e.start);
      expect([1, 2, 3, 4, 5]).toContain(start.getUTCDay());
      expect([11, 12, 1, 2, 3]).toContain(start.getUTCMonth() + 1);
      expect(start.getUTCHours()).toBe(16);
    }
  });
});
