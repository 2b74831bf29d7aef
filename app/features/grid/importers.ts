import { CSV_TOO_LONG, parseCsvRows } from "~/lib/csv";
import { UserError } from "~/lib/user-error";

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

/** A file the import refuses: the message is shown by the file field, and nothing is changed. */
export const gridImportError = (message: string, options: { status?: number; code?: string } = {}) =>
  new UserError(message, { ...options, fieldErrors: { file: message } });

const count = (tally: Record<string, number>, reason: string) => {
  tally[reason] = (tally[reason] ?? 0) + 1;
};

/**
 * The most substations one file may hold. The operators' published files hold
 * about 1,100 (NGED) and 1,600 (UKPN) sites; a far longer file is not one of
 * them, and reading it would hold the server's memory for nothing.
 */
export const MAX_GRID_ROWS = 20_000;

/**
 * The largest rating, demand or headroom (MVA) a distribution substation can
 * have: grid supply points reach a few hundred MVA. A figure beyond it (1e308
 * in a crafted file) is kept out, as if none was published.
 */
export const MAX_SUBSTATION_MVA = 2_000;

const tooManySubstations = `The file has more than ${MAX_GRID_ROWS.toLocaleString("en-GB")} substations, far more than any operator publishes; nothing was changed.`;

/** A cell's text: only strings and numbers count (an object, e.g. {"toString": 1}, is no text). */
function cellText(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : "";
}

/** A number from a published cell; blank, malformed or not a plain value → null. */
function numberOrNull(value: unknown): number | null {
  const trimmed = cellText(value).trim();
  if (trimmed === "") return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : null;
}

/** A published figure in MVA within what a substation can physically have; anything else → null, counted. */
function mva(value: unknown, noFigures: Record<string, number>, options: { signed?: boolean } = {}): number | null {
  const number = numberOrNull(value);
  if (number === null) return null;
  if (Math.abs(number) > MAX_SUBSTATION_MVA || (!options.signed && number < 0)) {
    count(noFigures, `a figure outside 0–${MAX_SUBSTATION_MVA.toLocaleString("en-GB")} MVA`);
    return null;
  }
  return number;
}

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

function validPosition(lat: number | null, lng: number | null): lat is number {
  return (
    lat !== null && lng !== null && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180 && !(lat === 0 && lng === 0)
  );
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

function finish(
  operator: Operator,
  rows: number,
  records: SubstationRecord[],
  skipped: Record<string, number>,
  noFigures: Record<string, number>,
) {
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
  let table: string[][];
  try {
    table = parseCsvRows(text, { maxRows: MAX_GRID_ROWS + 1 });
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    if (error.code === CSV_TOO_LONG) throw gridImportError(tooManySubstations);
    // Another kind of file (e.g. GeoJSON) fails as CSV too: say what it is not, rather than where its quotes break.
    const firstLine = text.slice(0, 4096).split(/\r?\n/, 1)[0] ?? "";
    if (!firstLine.includes(NGED_COLUMNS.ref))
      throw gridImportError(
        "This is not an NGED Network Capacity Map CSV: its first row is not NGED's column headings",
      );
    throw gridImportError(`${error.message} Nothing was changed.`);
  }
  const header = table[0] ?? [];
  const index = Object.fromEntries(
    Object.entries(NGED_COLUMNS).map(([key, column]) => [key, header.indexOf(column)]),
  ) as Record<keyof typeof NGED_COLUMNS, number>;
  const missing = Object.entries(NGED_COLUMNS).filter(([key]) => index[key as keyof typeof NGED_COLUMNS] < 0);
  if (missing.length > 0) {
    throw gridImportError(
      `This is not an NGED Network Capacity Map CSV: missing column(s) ${missing.map(([, column]) => `"${column}"`).join(", ")}`,
    );
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
    const firm = mva(cell("firm"), noFigures);
    const peak = mva(cell("peak"), noFigures);
    const headroom = mva(cell("headroom"), noFigures, { signed: true });
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
    throw gridImportError("This is not a GeoJSON file: it is not valid JSON");
  }
  const features = (document as { features?: unknown })?.features;
  if (!Array.isArray(features)) throw gridImportError("This is not a GeoJSON FeatureCollection: it has no features");
  if (features.length > MAX_GRID_ROWS) throw gridImportError(tooManySubstations);
  const records: SubstationRecord[] = [];
  const skipped: Record<string, number> = {};
  const noFigures: Record<string, number> = {};
  for (const feature of features as UkpnFeature[]) {
    const properties = feature?.properties && typeof feature.properties === "object" ? feature.properties : {};
    const name = cellText(properties.sitename).trim();
    const coordinates =
      feature?.geometry?.type === "Point" && Array.isArray(feature.geometry.coordinates)
        ? feature.geometry.coordinates
        : [];
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
    const ratings = cellText(properties.transratingwinter)
      .split(",")
      .map((part) => mva(part, noFigures))
      .filter((value): value is number => value !== null);
    const demand = mva(properties.maxdemandwinter, noFigures);
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
      sourceRef: cellText(properties.sitefunctionallocation) || name,
      name,
      siteType: cellText(properties.sitetype) || "Substation",
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
