import { Suspense } from "react";

import { DepotMap, type MapLegendSpec } from "~/features/energy-map";
import { useHydrated } from "~/lib/use-hydrated";

const LEGEND: MapLegendSpec = {
  title: "Charging hubs",
  items: [
    { band: "green", text: "Has room for your search", shape: "square" },
    { band: "red", text: "Full for your search", shape: "square" },
    { band: "none", text: "Open hub (search to see its room)", shape: "square" },
    { band: "yellow", text: "Where your vehicles already stop", shape: "circle" },
  ],
};

/**
 * The hub finder on a map: each hub where it is, coloured by the search's answer, and where the haulier's vehicles
 * already stop near one (from its trips). Leaflet loads in the browser only; offline, the map shows the coastline and
 * says so (the energy map's own fallback), and every figure is in the list beside it.
 */
export function HubsMap({
  hubs,
  stops,
  tileUrl,
  attribution,
}: {
  hubs: { id: number; name: string; position: [number, number] | null; room: boolean | null }[];
  stops: { hubId: number; name: string; place: [number, number]; stops: number; vehicles: number }[];
  tileUrl: string | null;
  attribution: string;
}) {
  const hydrated = useHydrated();
  const placed = hubs.filter((h) => h.position);
  if (placed.length === 0) return null;
  const loading = <p className="p-6 text-sm text-muted-foreground">Loading map…</p>;
  return (
    <div className="h-96 overflow-hidden rounded-xl border sm:h-[28rem]" data-testid="hubs-map">
      {hydrated ? (
        <Suspense fallback={loading}>
          <DepotMap
            label="Charging hubs map: hubs (squares) and where your vehicles stop (circles)"
            legend={LEGEND}
            depots={placed.map((h) => ({
              id: h.id,
              name: h.name,
              latitude: h.position![0],
              longitude: h.position![1],
              band: h.room === null ? null : h.room ? "green" : "red",
            }))}
            substations={stops.map((s) => ({
              key: `stop-${s.hubId}`,
              name: s.name,
              latitude: s.place[0],
              longitude: s.place[1],
              band: "yellow",
              label: `${s.stops} stops by ${s.vehicles} vehicle${s.vehicles === 1 ? "" : "s"} near ${s.name}`,
            }))}
            selectedId={null}
            placingId={null}
            tileUrl={tileUrl}
            attribution={attribution}
            onSelect={(id) => document.getElementById(`hub-${id}`)?.scrollIntoView({ behavior: "smooth" })}
          />
        </Suspense>
      ) : (
        loading
      )}
    </div>
  );
}
