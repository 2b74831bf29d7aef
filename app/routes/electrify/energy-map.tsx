import { MapPinIcon, ZapIcon } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Link, useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { listUserDepots, setDepotPosition } from "~/features/depots/depot-list.server";
import type { CapacityBand } from "~/features/grid/capacity";
import {
  capacityFor,
  listGridImports,
  loadSubstationIndex,
  type DepotCapacity,
} from "~/features/grid/grid-store.server";
import { handleIntent, succeeded, type ActionResult } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { useFetcherToast } from "~/lib/use-fetcher-toast";
import { useHydrated } from "~/lib/use-hydrated";
import { UserError } from "~/lib/user-error";
import { cn } from "~/lib/utils";

import type { Route } from "./+types/energy-map";

const DepotMap = lazy(() => import("~/features/electrify/depot-map.client"));

export const meta: Route.MetaFunction = () => [{ title: "Energy to Depot Map | Electrify" }];

/** Figures older than this are labelled with their date (domain notes). */
const STALE_DAYS = 365;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const [depots, index, imports] = await Promise.all([
    listUserDepots(runtime, user.id),
    loadSubstationIndex(runtime),
    listGridImports(runtime),
  ]);
  const rows = depots.map((depot) => ({
    id: depot.id,
    name: depot.name,
    address: depot.address,
    latitude: depot.latitude,
    longitude: depot.longitude,
    capacity: capacityFor(index, depot),
  }));
  // The nearest substation of each depot, for the map.
  const substations = new Map<
    string,
    { key: string; name: string; latitude: number; longitude: number; band: CapacityBand | null; label: string }
  >();
  for (const row of rows) {
    if (row.capacity.status !== "ok" && row.capacity.status !== "no-figures") continue;
    const { substation, availablePercent, band } = row.capacity;
    const key = `${substation.operator}:${substation.name}:${substation.latitude}`;
    substations.set(key, {
      key,
      name: substation.name,
      latitude: substation.latitude,
      longitude: substation.longitude,
      band,
      label: `${substation.name} (${substation.voltage ?? "voltage not published"}): ${availablePercent === null ? "no capacity data" : `${availablePercent}% available`}`,
    });
  }
  const { env } = runtime;
  const now = Date.now();
  return {
    depots: rows,
    substations: [...substations.values()],
    tileUrl: env.MAP_TILE_URL === "none" ? null : env.MAP_TILE_URL,
    attribution: [
      env.MAP_TILE_URL === "none" ? null : env.MAP_TILE_ATTRIBUTION,
      ...imports.map((item) => `${item.attribution} (${item.licence})`),
    ]
      .filter(Boolean)
      .join(" · "),
    sources: imports.map((item) => ({
      operator: item.operatorName,
      dataDate: item.dataDate,
      stale: now - Date.parse(item.dataDate) > STALE_DAYS * 24 * 60 * 60 * 1000,
    })),
  };
}

/** Placing a depot on the map: a valid latitude and longitude for one of the user's depots. */
async function placeDepot(form: FormData, userId: string) {
  const id = parseId(form.get("depotId"));
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const latitude = Number(text("latitude"));
  const longitude = Number(text("longitude"));
  const valid =
    id > 0 &&
    text("latitude") !== "" &&
    text("longitude") !== "" &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180;
  if (!valid) throw new UserError("The position is not a valid latitude and longitude.");
  const saved = await setDepotPosition(getRuntime(), userId, id, { latitude, longitude });
  if (!saved) throw new UserError("That depot no longer exists.", { status: 404 });
  return succeeded({ title: "Depot position saved", description: `${latitude.toFixed(6)}, ${longitude.toFixed(6)}` });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await readForm(request);
  return handleIntent(
    form,
    {},
    {
      position: { run: (submitted) => placeDepot(submitted, user.id), refusedTitle: "Could not place the depot" },
    },
  );
}

const BAND_CLASSES: Record<CapacityBand, { dot: string; bar: string }> = {
  green: { dot: "bg-green-700", bar: "bg-green-700" },
  yellow: { dot: "bg-yellow-600", bar: "bg-yellow-600" },
  red: { dot: "bg-red-700", bar: "bg-red-700" },
};

function CapacityBar({ percent, band, label }: { percent: number; band: CapacityBand; label: string }) {
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

function noDataText(capacity: DepotCapacity): string {
  if (capacity.status === "no-position")
    return "No capacity data: this depot has no position yet. Choose 'Place on map', then click where the depot is.";
  if (capacity.status === "no-substation")
    return `No capacity data: no imported substation lies within ${capacity.withinKm} km. Ask us to import your network operator's capacity map.`;
  return "No capacity data: the nearest substation's operator publishes no capacity figures for it.";
}

export default function EnergyMapPage({ loaderData }: Route.ComponentProps) {
  const { depots, substations, tileUrl, attribution, sources } = loaderData;
  const [selectedId, setSelectedId] = useState<number | null>(depots[0]?.id ?? null);
  const [placingId, setPlacingId] = useState<number | null>(null);
  const hydrated = useHydrated();
  const placer = useFetcher<ActionResult>();
  useFetcherToast(placer.data);
  const selected = depots.find((depot) => depot.id === selectedId) ?? null;

  const place = (id: number, latitude: number, longitude: number) => {
    setPlacingId(null);
    void placer.submit(
      { intent: "position", depotId: String(id), latitude: String(latitude), longitude: String(longitude) },
      { method: "post" },
    );
  };

  if (depots.length === 0) {
    return (
      <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Energy to Depot Map</h1>
        <p className="mt-6 rounded-md border p-8 text-center text-muted-foreground">
          No depots found. Please add depots in the Company Setup page.
        </p>
        <div className="mt-4 text-center">
          <Button asChild>
            <Link to="/electrify/company-setup?tab=depots">Company Setup</Link>
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className="w-full px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Energy to Depot Map</h1>
      <p className="mt-1 text-muted-foreground">
        Each depot against its nearest substation's published headroom.{" "}
        {sources.length === 0
          ? "No network capacity data has been imported yet."
          : sources
              .map(
                (source) =>
                  `${source.operator}: figures of ${source.dataDate}${source.stale ? " (more than a year old)" : ""}`,
              )
              .join("; ")}
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="grid content-start gap-3">
          <h2 className="sr-only">Your depots</h2>
          <ul className="grid gap-3" aria-label="Your depots">
            {depots.map((depot) => {
              const capacity = depot.capacity;
              const percent = capacity.status === "ok" ? capacity.availablePercent : null;
              const band = capacity.status === "ok" ? capacity.band : null;
              return (
                <li key={depot.id}>
                  <button
                    type="button"
                    onClick={() => setSelectedId(depot.id)}
                    aria-pressed={depot.id === selectedId}
                    className={cn(
                      "w-full rounded-xl border bg-card p-4 text-left shadow-sm outline-none hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/60",
                      depot.id === selectedId && "border-primary ring-1 ring-primary",
                    )}
                  >
                    <span className="flex items-center gap-2 font-semibold">
                      <span
                        className={cn(
                          "inline-block size-3 rounded-full",
                          band ? BAND_CLASSES[band].dot : "bg-slate-400",
                        )}
                        aria-hidden="true"
                      />
                      {depot.name}
                    </span>
                    <span className="mt-1 block text-sm text-muted-foreground">{depot.address}</span>
                    <span className="mt-3 block">
                      {percent !== null && band ? (
                        <CapacityBar percent={percent} band={band} label={`Energy Capacity: ${percent}%`} />
                      ) : (
                        <span className="text-sm text-muted-foreground">No capacity data</span>
                      )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
        <div className="grid content-start gap-6">
          <Card className="isolate h-[600px] gap-0 overflow-hidden py-0">
            {hydrated ? (
              <Suspense fallback={<p className="p-6 text-sm text-muted-foreground">Loading map...</p>}>
                <DepotMap
                  depots={depots.map((depot) => ({
                    id: depot.id,
                    name: depot.name,
                    latitude: depot.latitude,
                    longitude: depot.longitude,
                    band: depot.capacity.status === "ok" ? depot.capacity.band : null,
                  }))}
                  substations={substations}
                  selectedId={selectedId}
                  placingId={placingId}
                  tileUrl={tileUrl}
                  attribution={attribution}
                  onSelect={setSelectedId}
                  onPlace={place}
                />
              </Suspense>
            ) : (
              <p className="p-6 text-sm text-muted-foreground">Loading map...</p>
            )}
          </Card>
          {selected ? (
            <DepotPanel
              depot={selected}
              placing={placingId === selected.id}
              saving={placer.state !== "idle"}
              onPlace={() => setPlacingId(placingId === selected.id ? null : selected.id)}
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}

function DepotPanel({
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
              : "Not placed yet."}
          </span>
        </div>
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
