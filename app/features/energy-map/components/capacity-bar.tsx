import type { CapacityBand } from "~/features/grid";
import type { DepotCapacity } from "~/features/grid/index.server";
import { cn } from "~/lib/utils";

export const BAND_CLASSES: Record<CapacityBand, { dot: string; bar: string }> = {
  green: { dot: "bg-green-700", bar: "bg-green-700" },
  yellow: { dot: "bg-yellow-600", bar: "bg-yellow-600" },
  red: { dot: "bg-red-700", bar: "bg-red-700" },
};

export function CapacityBar({ percent, band, label }: { percent: number; band: CapacityBand; label: string }) {
  return (
    <div>
      <p className="text-sm font-medium">{label}</p>
      <div
        className="mt-1 h-2.5 w-full overflow-hidden rounded-full bg-muted"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={label}
      >
        <div className={cn("h-full rounded-full", BAND_CLASSES[band].bar)} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function noDataText(capacity: DepotCapacity): string {
  if (capacity.status === "no-position")
    return "No capacity data: this depot has no position yet. Choose 'Place on map', then click where the depot is.";
  if (capacity.status === "no-substation")
    return `No capacity data: no imported substation lies within ${capacity.withinKm} km. Ask us to import your network operator's capacity map.`;
  return "No capacity data: the nearest substation's operator publishes no capacity figures for it.";
}
