import { describe, expect, it } from "vitest";

import { buildingLoadBySteps } from "~/features/charging-engine";
import { UserError } from "~/lib/user-error";

import { parseLoadProfile } from "./load-profile";

describe("building load profiles from CSV", () => {
  it("reads a typical day of 24 hourly values, with or without an hour column and header", () => {
    const values = Array.from({ length: 24 }, (_, h) => (h >= 8 && h < 18 ? 40 : 10));
    const plain = parseLoadProfile(values.join("\n"));
    const withHours = parseLoadProfile(`hour,kW\n${values.map((v, h) => `${h},${v}`).join("\r\n")}\r\n`);
    expect(plain).toEqual({ kind: "daily", hourlyKw: values });
    expect(withHours).toEqual(plain);
    // Every step of the hour gets that hour's value.
    const quarterHours = buildingLoadBySteps(plain, 96, 15);
    expect(quarterHours.slice(32, 36)).toEqual([40, 40, 40, 40]);
    expect(quarterHours[95]).toBe(10);
  });

  it("reads a series of half-hourly readings and averages it over each step", () => {
    const rows = Array.from(
      { length: 48 * 7 },
      (_, i) => `${new Date(Date.UTC(2025, 0, 6, 0, 30 * i)).toISOString()},${i % 2 === 0 ? 10 : 30}`,
    );
    const profile = parseLoadProfile(`timestamp,kW\n${rows.join("\n")}`);
    expect(profile).toMatchObject({ kind: "series", start: "2025-01-06T00:00:00.000Z", intervalMinutes: 30 });
    expect(buildingLoadBySteps(profile, 24 * 7, 60).every((kw) => kw === 20)).toBe(true);
    expect(buildingLoadBySteps(profile, 4, 15)).toEqual([10, 10, 30, 30]);
    // A week of readings repeats over a longer horizon.
    expect(buildingLoadBySteps(profile, 24 * 14, 60)).toHaveLength(24 * 14);
  });

  it("says what is wrong with a file and where", () => {
    expect(() => parseLoadProfile("")).toThrow(UserError);
    expect(() => parseLoadProfile("1\n2\n3")).toThrow("A typical day needs 24 hourly values; the file has 3");
    expect(() => parseLoadProfile(`${"5\n".repeat(23)}abc`)).toThrow('Row 24: "abc" is not a number of kW');
    expect(() => parseLoadProfile(`${"5\n".repeat(23)}-1`)).toThrow("Row 24: the load cannot be negative");
    expect(() => parseLoadProfile("2025-01-01T00:00Z,5\n2025-01-01T00:30Z,5\n2025-01-01T01:15Z,5")).toThrow(
      "Row 3: readings must be evenly spaced (30 minutes apart)",
    );
    expect(() => parseLoadProfile("2025-01-01T01:00Z,5\n2025-01-01T00:30Z,5")).toThrow(
      "Readings must be in time order",
    );
  });
});
