/** Share of a substation's firm capacity still free: headroom ÷ firm capacity, 0–100 (negative headroom is 0 %). */
export function availablePercent(headroomMva: number | null, firmCapacityMva: number | null): number | null {
  if (headroomMva === null || firmCapacityMva === null || firmCapacityMva <= 0) return null;
  return Math.max(0, Math.min(100, Math.round((headroomMva / firmCapacityMva) * 100)));
}

export type CapacityBand = "green" | "yellow" | "red";

/** The specification's colour bands: above 66 green, above 33 up to 66 yellow, 33 or less red. */
export function capacityBand(percent: number): CapacityBand {
  if (percent > 66) return "green";
  if (percent > 33) return "yellow";
  return "red";
}
