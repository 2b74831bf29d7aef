/** Great-circle distance in kilometres (haversine, mean Earth radius). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLng = (lng2 - lng1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

export type Point = { latitude: number; longitude: number };

const CELL_DEGREES = 0.25;
const KM_PER_DEGREE_LAT = 111.19;

/**
 * A grid of 0.25° cells over the points, so the nearest one to a depot is
 * found by looking at rings of cells outward instead of at every point.
 */
export function createNearestIndex<T extends Point>(points: readonly T[]) {
  const cells = new Map<string, T[]>();
  const key = (row: number, col: number) => `${row}:${col}`;
  for (const point of points) {
    const id = key(Math.floor(point.latitude / CELL_DEGREES), Math.floor(point.longitude / CELL_DEGREES));
    const cell = cells.get(id);
    if (cell) cell.push(point);
    else cells.set(id, [point]);
  }

  /** The nearest point within maxKm, or null. Exact: rings stop only when no closer point can remain. */
  function nearest(latitude: number, longitude: number, maxKm = Number.POSITIVE_INFINITY): { point: T; km: number } | null {
    if (points.length === 0) return null;
    const row = Math.floor(latitude / CELL_DEGREES);
    const col = Math.floor(longitude / CELL_DEGREES);
    // A cell step in longitude is shortest at the pole-ward edge of the search; use it as the bound.
    const maxRing = Math.ceil(180 / CELL_DEGREES);
    let best: { point: T; km: number } | null = null;
    for (let ring = 0; ring <= maxRing; ring++) {
      // Any point outside this ring is at least (ring) cells away in latitude or longitude.
      const nearestLat = Math.min(89.9, Math.abs(latitude) + ring * CELL_DEGREES);
      const minKmOutside = ring === 0 ? 0 : (ring - 1) * CELL_DEGREES * KM_PER_DEGREE_LAT * Math.min(1, Math.cos((nearestLat * Math.PI) / 180));
      if (best && minKmOutside > best.km) break;
      if (minKmOutside > maxKm) break;
      for (let r = row - ring; r <= row + ring; r++) {
        for (let c = col - ring; c <= col + ring; c++) {
          if (ring > 0 && r !== row - ring && r !== row + ring && c !== col - ring && c !== col + ring) continue;
          const cell = cells.get(key(r, c));
          if (!cell) continue;
          for (const point of cell) {
            const km = distanceKm(latitude, longitude, point.latitude, point.longitude);
            if (!best || km < best.km) best = { point, km };
          }
        }
      }
    }
    return best && best.km <= maxKm ? best : null;
  }

  return { nearest, size: points.length };
}
