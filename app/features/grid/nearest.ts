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
const EARTH_KM = 6371.0088;
const RAD = Math.PI / 180;

type Entry<T> = { point: T; lat: number; lng: number; cosLat: number };

/**
 * A grid of 0.25° cells over the points, so the nearest one to a depot is
 * found by looking at rings of cells outward instead of at every point.
 * Candidates are compared by the haversine term itself (no square root or
 * arcsine until the winner is known).
 */
export function createNearestIndex<T extends Point>(points: readonly T[]) {
  const cells = new Map<number, Entry<T>[]>();
  // Rows and columns are small integers (|row| ≤ 360, |col| ≤ 720): one number per cell.
  const key = (row: number, col: number) => row * 4096 + col;
  for (const point of points) {
    const id = key(Math.floor(point.latitude / CELL_DEGREES), Math.floor(point.longitude / CELL_DEGREES));
    const entry = {
      point,
      lat: point.latitude * RAD,
      lng: point.longitude * RAD,
      cosLat: Math.cos(point.latitude * RAD),
    };
    const cell = cells.get(id);
    if (cell) cell.push(entry);
    else cells.set(id, [entry]);
  }

  const haversineTerm = (km: number) => Math.sin(Math.min(Math.PI / 2, km / (2 * EARTH_KM))) ** 2;

  /** The nearest point within maxKm, or null. Exact: rings stop only when no closer point can remain. */
  function nearest(
    latitude: number,
    longitude: number,
    maxKm = Number.POSITIVE_INFINITY,
  ): { point: T; km: number } | null {
    if (points.length === 0) return null;
    const row = Math.floor(latitude / CELL_DEGREES);
    const col = Math.floor(longitude / CELL_DEGREES);
    const edge = Math.min(
      latitude / CELL_DEGREES - row,
      1 - (latitude / CELL_DEGREES - row),
      longitude / CELL_DEGREES - col,
      1 - (longitude / CELL_DEGREES - col),
    );
    const qLat = latitude * RAD;
    const qLng = longitude * RAD;
    const qCos = Math.cos(qLat);
    const maxTerm = Number.isFinite(maxKm) ? haversineTerm(maxKm) : Number.POSITIVE_INFINITY;
    const maxRing = Math.ceil(180 / CELL_DEGREES);
    let best: Entry<T> | null = null;
    let bestTerm = Number.POSITIVE_INFINITY;
    for (let ring = 0; ring <= maxRing; ring++) {
      if (ring > 0) {
        // Every unvisited point is at least this far away: (ring − 1 + the distance to the nearest edge of the query's own cell) cells,
        // and a cell is narrowest (in km, along longitude) at the latitude furthest from the equator the ring reaches.
        const farLat = Math.min(89.9, Math.abs(latitude) + ring * CELL_DEGREES);
        const minKm = (ring - 1 + edge) * CELL_DEGREES * KM_PER_DEGREE_LAT * Math.cos(farLat * RAD);
        const minTerm = haversineTerm(minKm);
        if (minTerm > bestTerm || minTerm > maxTerm) break;
      }
      for (let r = row - ring; r <= row + ring; r++) {
        const onEdgeRow = r === row - ring || r === row + ring;
        for (let c = col - ring; c <= col + ring; c += onEdgeRow || ring === 0 ? 1 : 2 * ring) {
          const cell = cells.get(key(r, c));
          if (!cell) continue;
          for (const entry of cell) {
            const sLat = Math.sin((entry.lat - qLat) / 2);
            const sLng = Math.sin((entry.lng - qLng) / 2);
            const term = sLat * sLat + qCos * entry.cosLat * sLng * sLng;
            if (term < bestTerm) {
              bestTerm = term;
              best = entry;
            }
          }
        }
      }
    }
    if (!best || bestTerm > maxTerm) return null;
    return { point: best.point, km: 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(bestTerm))) };
  }

  return { nearest, size: points.length };
}
