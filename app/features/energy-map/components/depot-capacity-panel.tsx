import { MapPinIcon, ZapIcon } from "lucide-react";
import { useId } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { DepotCapacity } from "~/features/grid/index.server";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { CapacityBar, noDataText } from "./capacity-bar";

export function DepotPanel({
  depot,
  placing,
  saving,
  onPlace,
}: {
  depot: {
    id: number;
    name: string;
    address: string;
    latitude: number | null;
    longitude: number | null;
    placedFrom: "geocoder" | "postcode" | null;
    capacity: DepotCapacity;
  };
  placing: boolean;
  saving: boolean;
  onPlace: () => void;
}) {
  const capacity = depot.capacity;
  return (
    <Card aria-live="polite">
      <CardHeader>
        <CardTitle>{depot.name}</CardTitle>
        <CardDescription>{depot.address}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {capacity.status === "ok" && capacity.availablePercent !== null && capacity.band ? (
          <>
            <CapacityBar
              percent={capacity.availablePercent}
              band={capacity.band}
              label={`${capacity.availablePercent}% Available`}
            />
            <dl className="grid gap-4 sm:grid-cols-3">
              <div>
                <dt className="text-sm text-muted-foreground">Grid Connection</dt>
                <dd className="text-lg font-semibold">{capacity.substation.voltage ?? "Not published"}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Max Capacity</dt>
                <dd className="text-lg font-semibold">{capacity.firmCapacityMva} MVA</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Distance to Substation</dt>
                <dd className="text-lg font-semibold">
                  {capacity.distanceKm < 1
                    ? `${Math.round(capacity.distanceKm * 1000)} m`
                    : `${capacity.distanceKm.toFixed(1)} km`}
                </dd>
              </div>
            </dl>
            <p className="text-sm text-muted-foreground">
              <ZapIcon className="mr-1 inline size-4" aria-hidden="true" />
              {capacity.substation.name}, {capacity.substation.operatorName}: headroom {capacity.headroomMva} MVA of{" "}
              {capacity.firmCapacityMva} MVA firm capacity (figures of {capacity.substation.dataDate}).
            </p>
          </>
        ) : (
          <p className="text-sm">
            <strong>No capacity data.</strong> {noDataText(capacity).replace(/^No capacity data: /, "")}
            {capacity.status === "no-figures"
              ? ` Nearest: ${capacity.substation.name}, ${capacity.distanceKm.toFixed(1)} km away.`
              : null}
          </p>
        )}
        <CoordinatesForm depot={depot} />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant={placing ? "default" : "outline"}
            onClick={onPlace}
            disabled={saving}
            aria-pressed={placing}
          >
            <MapPinIcon aria-hidden="true" />
            {placing
              ? "Click on the map to place it (or press here to cancel)"
              : depot.latitude === null
                ? "Place on map"
                : "Move on map"}
          </Button>
          <span className="text-sm text-muted-foreground">
            {depot.latitude !== null && depot.longitude !== null
              ? `Position ${depot.latitude.toFixed(6)}, ${depot.longitude.toFixed(6)} — you can also drag its marker.`
              : "Not placed yet: its address has no postcode we could place it from."}
          </span>
        </div>
        {depot.placedFrom ? (
          <p role="note" className="text-sm font-medium">
            {depot.placedFrom === "postcode"
              ? "Approximate: placed at the centre of its postcode sector. Drag its marker to where the depot is."
              : "Placed from its address by the geocoder. Drag its marker if it is not quite right."}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The keyboard way to place a depot: type its coordinates (e.g. from the survey or a map app). */
function CoordinatesForm({ depot }: { depot: { id: number; latitude: number | null; longitude: number | null } }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const latId = useId();
  const lngId = useId();
  return (
    <details className="rounded-lg border p-3">
      <summary className="cursor-pointer text-sm font-medium">Enter coordinates</summary>
      <fetcher.Form
        method="post"
        className="mt-3 flex flex-wrap items-end gap-3"
        key={`${depot.id}:${depot.latitude}:${depot.longitude}`}
      >
        <input type="hidden" name="intent" value="position" />
        <input type="hidden" name="depotId" value={depot.id} />
        <div className="grid gap-1">
          <Label htmlFor={latId}>Latitude</Label>
          <Input
            id={latId}
            name="latitude"
            inputMode="decimal"
            defaultValue={depot.latitude ?? ""}
            required
            className="w-36"
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={lngId}>Longitude</Label>
          <Input
            id={lngId}
            name="longitude"
            inputMode="decimal"
            defaultValue={depot.longitude ?? ""}
            required
            className="w-36"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
          Save position
        </Button>
      </fetcher.Form>
    </details>
  );
}
