/**
 * The building's own load, from a CSV the user uploads: either a typical day
 * (24 hourly kW values, one per row, optionally after an hour column) or a
 * series at a regular interval (timestamp, kW), such as a year of half-hourly
 * meter readings.
 */
export type LoadProfile =
  { kind: "daily"; hourlyKw: number[] } | { kind: "series"; start: string; intervalMinutes: number; kw: number[] };

/**
 * The building's load at each step of a plan (kW): a typical day repeats; a
 * series is averaged over each step and repeats if shorter than the horizon.
 */
export function buildingLoadBySteps(
  profile: number | number[] | LoadProfile,
  steps: number,
  stepMinutes: number,
): number[] {
  if (typeof profile === "number") return new Array<number>(steps).fill(profile);
  const daily = Array.isArray(profile) ? profile : profile.kind === "daily" ? profile.hourlyKw : null;
  if (daily) return Array.from({ length: steps }, (_, t) => daily[Math.floor(((t * stepMinutes) % 1440) / 60)] ?? 0);
  const { kw, intervalMinutes } = profile as Extract<LoadProfile, { kind: "series" }>;
  return Array.from({ length: steps }, (_, t) => {
    // The readings whose intervals overlap [t, t+1) steps, weighted by overlap.
    const from = t * stepMinutes;
    const to = from + stepMinutes;
    let sum = 0;
    for (let minute = from; minute < to;) {
      const index = Math.floor(minute / intervalMinutes);
      const end = Math.min(to, (index + 1) * intervalMinutes);
      sum += kw[index % kw.length]! * (end - minute);
      minute = end;
    }
    return sum / stepMinutes;
  });
}
