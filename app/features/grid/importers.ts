import { parseCsv } from "./csv";
import type { Operator } from "./operators";

/** One substation as stored: figures are null when the publisher gives none (never estimated beyond the stated rule). */
export type SubstationRecord = {
  sourceRef: string;
  name: string;
  siteType: string;
  /** e.g. "33/11kV" */
  voltage: string | null;
  latitude: number;
  longitude: number;
  firmCapacityMva: number | null;
  peakDemandMva: number | null;
  headroomMva: number | null;
  /** As published (NGED's Demand Headroom RAG); null when the publisher gives none. */
  rag: "green" | "amber" | "red" | null;
};

export type ImportReport = {
  operator: Operator;
  /** Rows read from the file. */
  rows: number;
  /** Rows stored (with or without figures). */
  accepted: number;
  /** Stored rows that have firm capacity and headroom. */
  withFigures: number;
  /** Rows not stored, counted by reason. */
  skipped: Record<string, number>;
  /** Stored rows without figures, counted by reason. */
  noFigures: Record<string, number>;
};

export class GridImportError extends Error {
  override name = "GridImportError";
}

const count = (tally: Record<string, number>, reason: string) => {
  tally[reason] = (tally[reason] ?? 0) + 1;
};

/** A number from a published cell; blank or malformed → null. */
function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === "") return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

function validPosition(lat: number | null, lng: number | null): lat is number {
  return lat !== null && lng !== null && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180 && !(lat === 0 && lng === 0);
}

function voltageLabel(parts: (string | number | null | undefined)[]): string | null {
  const levels: string[] = [];
  for (const part of parts) {
    for (const level of String(part ?? "").split("/")) {
      const trimmed = level.trim();
      if (trimmed && !levels.includes(trimmed)) levels.push(trimmed);
    }
  }
  return levels.length > 0 ? `${levels.join("/")}kV` : null;
}

function finish(operator: Operator, rows: number, records: SubstationRecord[], skipped: Record<string, number>, noFigures: Record<string, number>) {
  return {
    records,
    report: {
      operator,
      rows,
      accepted: records.length,
      withFigures: records.filter((r) => r.firmCapacityMva !== null && r.headroomMva !== null).length,
      skipped,
      noFigures,
    } satisfies ImportReport,
  };
}

const NGED_COLUMNS = {
  ref: "Network Reference ID",
  name: "Substation Name",
  type: "Asset Type",
  lat: "Latitude",
  lng: "Longitude",
  upstream: "Upstream Voltage",
  downstream: "Downstream Voltage",
  firm: "Firm Capacity of Substation (MVA)",
  peak: "Measured Peak Demand (MVA)",
  headroom: "Demand Headroom (MVA)",
  rag: "Demand Headroom RAG",
} as const;

/**
 * National Grid Electricity Distribution's Network Capacity Map (CSV): the
 * publisher's own firm capacity, measured peak demand, demand headroom and RAG.
 */
export function parseNged(text: string) {
  const table = parseCsv(text);
  const header = table[0] ?? [];
  const index = Object.fromEntries(Object.entries(NGED_COLUMNS).map(([key, column]) => [key, header.indexOf(column)])) as Record<keyof typeof NGED_COLUMNS, number>;
  const missing = Object.entries(NGED_COLUMNS).filter(([key]) => index[key as keyof typeof NGED_COLUMNS] < 0);
  if (missing.length > 0) {
    throw new GridImportError(`This is not an NGED Network Capacity Map CSV: missing column(s) ${missing.map(([, column]) => `"${column}"`).join(", ")}`);
  }
  const records: SubstationRecord[] = [];
  const skipped: Record<string, number> = {};
  const noFigures: Record<string, number> = {};
  const body = table.slice(1).filter((row) => row.some((cell) => cell.trim() !== ""));
  for (const row of body) {
    const cell = (key: keyof typeof NGED_COLUMNS) => row[index[key]] ?? "";
    const name = cell("name").trim();
    const latitude = numberOrNull(cell("lat"));
    const longitude = numberOrNull(cell("lng"));
    if (!name) {
      count(skipped, "no substation name");
      continue;
    }
    if (!validPosition(latitude, longitude)) {
      count(skipped, "no valid coordinates");
      continue;
    }
    const firm = numberOrNull(cell("firm"));
    const peak = numberOrNull(cell("peak"));
    const headroom = numberOrNull(cell("headroom"));
    if (firm === null || headroom === null) count(noFigures, "no firm capacity or demand headroom published");
    const rag = cell("rag").trim().toLowerCase();
    records.push({
      sourceRef: cell("ref").trim() || name,
      name,
      siteType: cell("type").trim() || "Primary",
      voltage: voltageLabel([cell("upstream"), cell("downstream")]),
      latitude,
      longitude: longitude!,
      firmCapacityMva: firm,
      peakDemandMva: peak,
      headroomMva: firm === null ? null : headroom,
      rag: rag === "green" || rag === "amber" || rag === "red" ? rag : null,
    });
  }
  return finish("nged", body.length, records, skipped, noFigures);
}

type UkpnFeature = {
  geometry?: { type?: string; coordinates?: unknown } | null;
  properties?: Record<string, unknown> | null;
};

/**
 * UK Power Networks' Grid and Primary Sites (GeoJSON). It publishes no
 * headroom, so, as its README suggests, firm capacity is estimated N-1 (the
 * sum of the winter transformer ratings minus the largest) and headroom is
 * that minus the winter maximum demand. A site with fewer than two ratings or
 * no demand is kept without figures.
 */
export function parseUkpn(text: string) {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new GridImportError("This is not a GeoJSON file: it is not valid JSON");
  }
  const features = (document as { features?: unknown })?.features;
  if (!Array.isArray(features)) throw new GridImportError("This is not a GeoJSON FeatureCollection: it has no features");
  const records: SubstationRecord[] = [];
  const skipped: Record<string, number> = {};
  const noFigures: Record<string, number> = {};
  for (const feature of features as UkpnFeature[]) {
    const properties = feature?.properties ?? {};
    const name = String(properties.sitename ?? "").trim();
    const coordinates = feature?.geometry?.type === "Point" && Array.isArray(feature.geometry.coordinates) ? feature.geometry.coordinates : [];
    const longitude = numberOrNull(coordinates[0]);
    const latitude = numberOrNull(coordinates[1]);
    if (!name) {
      count(skipped, "no site name");
      continue;
    }
    if (!validPosition(latitude, longitude)) {
      count(skipped, "no valid point geometry");
      continue;
    }
    const ratings = String(properties.transratingwinter ?? "")
      .split(",")
      .map((part) => numberOrNull(part))
      .filter((value): value is number => value !== null);
    const demand = numberOrNull(properties.maxdemandwinter);
    let firm: number | null = null;
    if (ratings.length >= 2 && demand !== null) {
      firm = round(ratings.reduce((sum, value) => sum + value, 0) - Math.max(...ratings));
    } else if (ratings.length === 0) {
      count(noFigures, "no transformer ratings published");
    } else if (ratings.length === 1) {
      count(noFigures, "a single transformer: no N-1 firm capacity");
    } else {
      count(noFigures, "no winter maximum demand published");
    }
    const siteVoltage = numberOrNull(properties.sitevoltage);
    records.push({
      sourceRef: String(properties.sitefunctionallocation ?? name),
      name,
      siteType: String(properties.sitetype ?? "Substation"),
      voltage: siteVoltage === null ? null : `${siteVoltage}kV`,
      latitude,
      longitude: longitude!,
      firmCapacityMva: firm,
      peakDemandMva: demand,
      headroomMva: firm === null || demand === null ? null : round(firm - demand),
      rag: null,
    });
  }
  return finish("ukpn", features.length, records, skipped, noFigures);
}

export function parseGridFile(operator: Operator, text: string) {
  return operator === "nged" ? parseNged(text) : parseUkpn(text);
}
