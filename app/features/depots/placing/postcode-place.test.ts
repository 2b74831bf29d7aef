import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { placeOfPostcode, postcodeIn, readCentres } from "./postcode-place";

const bundled = readCentres(readFileSync(path.join(import.meta.dirname, "postcode-sectors.csv"), "utf8"));

describe("a depot's postcode", () => {
  it("is the last valid postcode written in its address, however it is spaced or cased", () => {
    expect(postcodeIn("Unit 4, Hams Hall Distribution Park, Coleshill B46 1AL")).toBe("B46 1AL");
    expect(postcodeIn("depot at ab101aa")).toBe("AB10 1AA");
    expect(postcodeIn("Old yard SW1A 2AA, now at Leeds LS10 1AB")).toBe("LS10 1AB");
    expect(postcodeIn("12 Station Road, Anytown")).toBeNull();
    expect(postcodeIn("")).toBeNull();
    expect(postcodeIn("Gate code 1234, bay 9")).toBeNull();
  });

  it("places at its sector's centre, else its district's, else nowhere", () => {
    const centres = readCentres("sector,latitude,longitude,postcodes\nAB10 1,57.1,-2.1,10\nAB10 6,57.2,-2.2,30\n");
    expect(placeOfPostcode(centres, "AB10 1AA")).toEqual({ latitude: 57.1, longitude: -2.1, precision: "sector" });
    // A sector not in the data: its district's centre, weighted by the postcodes of each sector.
    const district = placeOfPostcode(centres, "AB10 9ZZ")!;
    expect(district.precision).toBe("district");
    expect(district.latitude).toBeCloseTo(57.175, 10);
    expect(placeOfPostcode(centres, "ZE1 0AA")).toBeNull();
    expect(placeOfPostcode(centres, null)).toBeNull();
  });

  it("places every bundled sector's postcodes in the UK, at that sector (the data read whole)", () => {
    const sectors = [...bundled.sectors.keys()];
    expect(sectors.length).toBeGreaterThan(12_000);
    // Every sector is one a real postcode reaches (the ONS data's retired "NPT" sectors of Newport were not).
    expect(sectors.filter((sector) => placeOfPostcode(bundled, `${sector}AB`)?.precision !== "sector")).toEqual([]);
    fc.assert(
      fc.property(
        fc.constantFrom(...sectors),
        fc.constantFrom(..."ABDEFGHJLNPQRSTUWXYZ"),
        fc.constantFrom(..."ABDEFGHJLNPQRSTUWXYZ"),
        (sector, a, b) => {
          const place = placeOfPostcode(bundled, `${sector}${a}${b}`);
          if (!place) return false;
          const [latitude, longitude] = bundled.sectors.get(sector)!;
          return (
            place.precision === "sector" &&
            place.latitude === latitude &&
            place.longitude === longitude &&
            latitude > 49 &&
            latitude < 61 &&
            longitude > -9 &&
            longitude < 2.5
          );
        },
      ),
      { numRuns: 300 },
    );
    // Known places, to the sector: Westminster and Aberdeen's centre.
    expect(placeOfPostcode(bundled, "SW1A 2AA")).toMatchObject({ latitude: 51.5017, longitude: -0.1279 });
    expect(placeOfPostcode(bundled, "AB10 1AA")!.latitude).toBeCloseTo(57.14, 1);
  });
});
