import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { parseCsvRows } from "~/lib/csv";
import { UserError } from "~/lib/user-error";

import { gridDataDir, NGED_FILE, UKPN_FILE } from "../../../tests/support/grid-files";
import { availablePercent, capacityBand } from "./capacity";
import { parseNged, parseUkpn } from "./importers";
import { createNearestIndex, distanceKm } from "./nearest";

const read = (file: string) => readFileSync(path.join(gridDataDir(), file), "utf8");

describe("NGED Network Capacity Map importer (the real file)", () => {
  const { records, report } = parseNged(read(NGED_FILE));

  it("keeps all 1,087 primary substations, 1,017 with figures and 70 as 'no data'", () => {
    expect(report).toEqual({
      operator: "nged",
      rows: 1087,
      accepted: 1087,
      withFigures: 1017,
      skipped: {},
      noFigures: { "no firm capacity or demand headroom published": 70 },
    });
    expect(records.filter((r) => r.firmCapacityMva === null).every((r) => r.headroomMva === null)).toBe(true);
  });

  it("maps the publisher's columns as published", () => {
    const abbeywood = records.find((r) => r.name === "Abbeywood Primary")!;
    expect(abbeywood).toEqual({
      sourceRef: "134188",
      name: "Abbeywood Primary",
      siteType: "Primary",
      voltage: "33/11kV",
      latitude: 51.5053,
      longitude: -2.5612,
      firmCapacityMva: 11.19,
      peakDemandMva: 4.99,
      headroomMva: 6.2,
      rag: "green",
    });
  });

  it("refuses a file that is not the NGED format, naming the missing columns", () => {
    expect(() => parseNged("a,b\n1,2\n")).toThrow(UserError);
    expect(() => parseNged("a,b\n1,2\n")).toThrow(/missing column\(s\) "Network Reference ID"/);
  });
});

describe("UKPN Grid and Primary Sites importer (the real file)", () => {
  const { records, report } = parseUkpn(read(UKPN_FILE));

  it("keeps all 1,507 sites; 863 get N-1 figures, the rest are 'no data' with the reason", () => {
    expect(report).toEqual({
      operator: "ukpn",
      rows: 1507,
      accepted: 1507,
      withFigures: 863,
      skipped: {},
      noFigures: { "no transformer ratings published": 579, "a single transformer: no N-1 firm capacity": 65 },
    });
  });

  it("estimates firm capacity N-1 from the winter ratings and headroom against winter demand", () => {
    const peterborough = records.find((r) => r.name === "PETERBOROUGH NORTH GRID 132/11kV")!;
    // ratings 73.2, 73.2 → firm 73.2; demand 43.1 → headroom 30.1
    expect(peterborough).toMatchObject({
      voltage: "132kV",
      firmCapacityMva: 73.2,
      peakDemandMva: 43.1,
      headroomMva: 30.1,
      rag: null,
      latitude: 52.593886,
      longitude: -0.266536,
    });
    const noRatings = records.find((r) => r.name === "MANGANESE BRONZE PRIMARY 33kV")!;
    expect(noRatings).toMatchObject({ firmCapacityMva: null, headroomMva: null, peakDemandMva: null });
  });

  it("skips features without a point and refuses what is not GeoJSON", () => {
    const { report: partial } = parseUkpn(
      JSON.stringify({
        type: "FeatureCollection",
        features: [
          { type: "Feature", geometry: null, properties: { sitename: "NOWHERE 33kV" } },
          { type: "Feature", geometry: { type: "Point", coordinates: [0.1, 51.5] }, properties: { sitename: "" } },
          {
            type: "Feature",
            geometry: { type: "Point", coordinates: [0.1, 51.5] },
            properties: { sitename: "OK 33kV", transratingwinter: "10, 10, 5", maxdemandwinter: "12" },
          },
        ],
      }),
    );
    expect(partial).toMatchObject({
      rows: 3,
      accepted: 1,
      withFigures: 1,
      skipped: { "no valid point geometry": 1, "no site name": 1 },
    });
    expect(() => parseUkpn("not json")).toThrow("not valid JSON");
    expect(() => parseUkpn("{}")).toThrow("no features");
  });
});

describe("crafted network data", () => {
  const header =
    "Network Reference ID,Substation Name,Asset Type,Latitude,Longitude,Upstream Voltage,Downstream Voltage,Firm Capacity of Substation (MVA),Measured Peak Demand (MVA),Demand Headroom (MVA),Demand Headroom RAG";

  it("keeps a substation with figures no substation can have (1e308, negative ratings), without those figures", () => {
    const { records, report } = parseNged(
      `${header}\n1,Huge,Primary,51.5,-2.5,33,11,1e308,5,1e308,Green\n2,Negative,Primary,51.6,-2.6,33,11,-4,5,1,Green\n3,Fine,Primary,51.7,-2.7,33,11,20,5,15,Green\n`,
    );
    expect(records.map((r) => [r.name, r.firmCapacityMva, r.headroomMva])).toEqual([
      ["Huge", null, null],
      ["Negative", null, null],
      ["Fine", 20, 15],
    ]);
    expect(report.withFigures).toBe(1);
    expect(report.noFigures["a figure outside 0–2,000 MVA"]).toBe(3);
    expect(records.every((r) => r.headroomMva === null || Number.isFinite(r.headroomMva))).toBe(true);
  });

  it("reads values that are not text or numbers (an object named toString) as missing, never failing", () => {
    const feature = (properties: unknown) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [-2.5, 51.5] },
      properties,
    });
    const text = JSON.stringify({
      type: "FeatureCollection",
      features: [
        feature({ sitename: { toString: 1 }, transratingwinter: "10,10" }),
        feature({
          sitename: "Odd",
          transratingwinter: { toString: 1 },
          maxdemandwinter: { valueOf: 2 },
          sitetype: { toString: "x" },
        }),
        feature("not an object"),
      ],
    });
    const { records, report } = parseUkpn(text);
    expect(records.map((r) => [r.name, r.siteType, r.firmCapacityMva])).toEqual([["Odd", "Substation", null]]);
    expect(report.skipped).toEqual({ "no site name": 2 });
  });

  it("refuses a CSV with a quote that is never closed, instead of importing the rows before it", () => {
    expect(() =>
      parseNged(
        `${header}\n1,A,Primary,51.5,-2.5,33,11,20,5,15,Green\n2,"B,Primary,51.6,-2.6,33,11,20,5,15,Green\n3,C,Primary,51.7,-2.7,33,11,20,5,15,Green\n`,
      ),
    ).toThrow("The file could not be read in row 3: a quoted field is never closed. Nothing was changed.");
  });
});

describe("CSV parsing", () => {
  it("handles quotes, doubled quotes, commas and newlines inside fields, CRLF and a BOM", () => {
    expect(parseCsvRows('\uFEFFa,"b, c","say ""hi"""\r\n1,"two\nlines",3\r\n', { maxRows: 10 })).toEqual([
      ["a", "b, c", 'say "hi"'],
      ["1", "two\nlines", "3"],
    ]);
  });

  it("refuses a quote that is never closed, naming the row, instead of merging the rest of the file into one field", () => {
    expect(() => parseCsvRows('name,lat\nA,51\n"B,52\nC,53\n', { maxRows: 10 })).toThrow(
      new UserError("The file could not be read in row 3: a quoted field is never closed."),
    );
  });

  it("refuses a file longer than the caller takes", () => {
    expect(parseCsvRows("a\n1\n2\n", { maxRows: 3 })).toHaveLength(3);
    expect(() => parseCsvRows("a\n1\n2\n3\n", { maxRows: 3 })).toThrow("more than 3 rows");
  });
});

describe("nearest substation", () => {
  it("measures great-circle distance", () => {
    // London (51.5074, -0.1278) to Bristol (51.4545, -2.5879): about 171 km.
    expect(distanceKm(51.5074, -0.1278, 51.4545, -2.5879)).toBeCloseTo(170.9, 0);
    expect(distanceKm(51.5, -2.6, 51.5, -2.6)).toBe(0);
  });

  it("finds exactly what a search of every point finds, on the real substations", () => {
    const points = [...parseNged(read(NGED_FILE)).records, ...parseUkpn(read(UKPN_FILE)).records];
    const index = createNearestIndex(points);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 300; i++) {
      const lat = 49.9 + random() * 5;
      const lng = -5.5 + random() * 7.5;
      let best = { km: Infinity, name: "" };
      for (const p of points) {
        const km = distanceKm(lat, lng, p.latitude, p.longitude);
        if (km < best.km) best = { km, name: p.name };
      }
      const found = index.nearest(lat, lng)!;
      expect(found.km).toBeCloseTo(best.km, 9);
    }
  });

  it("returns null beyond the distance limit or with no points", () => {
    const index = createNearestIndex([{ latitude: 51.5, longitude: -2.6 }]);
    expect(index.nearest(51.5, -2.6, 25)?.km).toBe(0);
    expect(index.nearest(53.5, -2.6, 25)).toBeNull();
    expect(createNearestIndex([]).nearest(51.5, -2.6)).toBeNull();
  });
});

describe("capacity bands", () => {
  it("is headroom ÷ firm capacity, and the specification's colours", () => {
    expect(availablePercent(6.2, 11.19)).toBe(55);
    expect(availablePercent(-2, 10)).toBe(0);
    expect(availablePercent(null, 10)).toBeNull();
    expect(availablePercent(5, 0)).toBeNull();
    expect([0, 33, 34, 66, 67, 100].map(capacityBand)).toEqual(["red", "red", "yellow", "yellow", "green", "green"]);
  });
});
