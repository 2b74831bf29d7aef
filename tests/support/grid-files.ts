import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The real network-capacity files live outside the repository (their
 * licences ask us not to copy them): GRID_DATA_DIR, else ../shared/data/grid
 * next to the checkout, else the machines' /work/shared/data/grid.
 */
export function gridDataDir(): string {
  const candidates = [
    process.env.GRID_DATA_DIR,
    path.resolve(root, "../shared/data/grid"),
    "/work/shared/data/grid",
  ].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => existsSync(path.join(dir, "nged-network-capacity-map-2023-02-28.csv")));
  if (!found)
    throw new Error(
      `The network-capacity test files were not found (looked in ${candidates.join(", ")}); set GRID_DATA_DIR.`,
    );
  return found;
}

export const NGED_FILE = "nged-network-capacity-map-2023-02-28.csv";
export const UKPN_FILE = "ukpn-grid-and-primary-sites.geojson";
