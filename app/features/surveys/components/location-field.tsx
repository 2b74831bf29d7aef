import { LocateFixedIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";

import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

import { locationText } from "../survey-schema";

export type Location = { latitude: string; longitude: string };

const GEOLOCATION_ERRORS: Record<number, string> = {
  1: "Please allow location access in your browser settings",
  2: "Unable to determine your location",
  3: "Location request timed out",
};

/**
 * Reads the device position (high accuracy, 10 s, no cached position). When
 * that is refused or impossible, for example when the survey is filled in
 * away from the depot, the coordinates can be typed in instead.
 */
export function LocationField({
  value,
  onChange,
  error,
}: {
  value: Location;
  onChange: (value: Location) => void;
  error?: string;
}) {
  const id = useId();
  const [locating, setLocating] = useState(false);
  const latitude = Number(value.latitude);
  const longitude = Number(value.longitude);
  const captured =
    value.latitude !== "" && value.longitude !== "" && Number.isFinite(latitude) && Number.isFinite(longitude);

  const capture = () => {
    if (!("geolocation" in navigator)) {
      toast.error("Geolocation is not supported by your browser");
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onChange({ latitude: position.coords.latitude.toFixed(6), longitude: position.coords.longitude.toFixed(6) });
        toast.success("Location captured successfully");
      },
      (failure) => {
        setLocating(false);
        toast.error(GEOLOCATION_ERRORS[failure.code] ?? "Could not access your location");
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 },
    );
  };

  return (
    <div className="grid gap-4" aria-describedby={error ? `${id}-error` : undefined}>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" onClick={capture} disabled={locating}>
          <LocateFixedIcon aria-hidden="true" />
          {locating ? "Capturing location..." : "Capture location"}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {captured ? locationText(latitude, longitude) : "No location captured yet"}
        </p>
      </div>
      <details className="rounded-lg border p-4">
        <summary className="cursor-pointer text-sm font-medium">Not at the depot? Enter its coordinates</summary>
        <p className="mt-2 text-sm text-muted-foreground">
          Copy them from a map app (for example, a long press on the depot shows them).
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-lat`}>Latitude</Label>
            <Input
              id={`${id}-lat`}
              inputMode="decimal"
              value={value.latitude}
              onChange={(e) => onChange({ ...value, latitude: e.target.value.trim() })}
              placeholder="51.501234"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-lng`}>Longitude</Label>
            <Input
              id={`${id}-lng`}
              inputMode="decimal"
              value={value.longitude}
              onChange={(e) => onChange({ ...value, longitude: e.target.value.trim() })}
              placeholder="-2.691234"
            />
          </div>
        </div>
      </details>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
