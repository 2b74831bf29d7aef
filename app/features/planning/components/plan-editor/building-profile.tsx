import { useId, useState } from "react";

import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { LoadProfile, PlanInput } from "~/features/charging-engine";
import { parseLoadProfile } from "~/features/planning/load-profile";
import { UserError } from "~/lib/user-error";

/** Files larger than this are refused before reading (a year of 5-minute readings is about 4 MB). */
const MAX_PROFILE_BYTES = 8 * 1024 * 1024;

export function describeProfile(building: PlanInput["site"]["buildingKw"]): string {
  const peak = (values: number[]) => Math.round(values.reduce((max, v) => Math.max(max, v), 0)).toLocaleString("en-GB");
  if (typeof building === "number") return `${building} kW all the time`;
  if (Array.isArray(building)) return `24 hourly values, highest ${peak(building)} kW`;
  if (building.kind === "daily") return `A typical day of 24 hourly values, highest ${peak(building.hourlyKw)} kW`;
  return `${building.kw.length.toLocaleString("en-GB")} readings every ${building.intervalMinutes} min from ${building.start.slice(0, 10)}, highest ${peak(building.kw)} kW`;
}

/** The building's load from a CSV: 24 hourly values, or timestamped readings at a regular interval. */
export function ProfileUpload({ onProfile }: { onProfile: (profile: LoadProfile) => void }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="mt-4 grid gap-1">
      <Label htmlFor={id}>Building load from a CSV file (optional)</Label>
      <Input
        id={id}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          if (!file) return;
          if (file.size > MAX_PROFILE_BYTES) {
            setError("That file is too large: at most 8 MB (a year of 5-minute readings is about 4 MB).");
            return;
          }
          try {
            onProfile(parseLoadProfile(await file.text()));
            setError(null);
          } catch (problem) {
            setError(problem instanceof UserError ? problem.message : "That file could not be read as a CSV.");
          }
        }}
      />
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        24 hourly kW values (a typical day), or rows of date-time and kW at a regular interval (e.g. a year of
        half-hourly meter readings).
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
