import { Suspense, useState } from "react";
import { Link, useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { listUserDepots, requireDepot, setDepotPosition, type DepotViewer } from "~/features/depots/index.server";
import { BAND_CLASSES, CapacityBar, DepotMap, DepotPanel } from "~/features/energy-map";
import type { CapacityBand } from "~/features/grid";
import { capacityFor, listGridImports, loadSubstationIndex } from "~/features/grid/index.server";
import type { ActionResult } from "~/lib/action-result";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { useFetcherToast } from "~/lib/use-fetcher-toast";
import { useHydrated } from "~/lib/use-hydrated";
import { UserError } from "~/lib/user-error";
import { cn } from "~/lib/utils";

import type { Route } from "./+types/energy-map";

export const meta: Route.MetaFunction = () => [{ title: "Energy to Depot Map | Electrify" }];

/** Figures older than this are labelled with their date (domain notes). */
const STALE_DAYS = 365;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const [depots, index, imports] = await Promise.all([
    listUserDepots(runtime, user),
    loadSubstationIndex(runtime),
    listGridImports(runtime),
  ]);
  const rows = depots.map((depot) => ({
    id: depot.id,
    name: depot.name,
    address: depot.address,
    latitude: depot.latitude,
    longitude: depot.longitude,
    placedFrom: depot.placedFrom,
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
async function placeDepot(form: FormData, viewer: DepotViewer) {
  const id = parseId(form.get("depotId"));
  // The policy first: another company's depot is not found, a viewer's move refused, whatever the position says.
  await requireDepot(getRuntime().database.db, viewer, id, "depot.change");
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
  const saved = await setDepotPosition(getRuntime(), viewer, id, { latitude, longitude });
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
      position: { run: (submitted) => placeDepot(submitted, user), refusedTitle: "Could not place the depot" },
    },
  );
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
