import L from "leaflet";

import "leaflet/dist/leaflet.css";

import { useEffect, useRef, useState } from "react";

import type { CapacityBand } from "~/features/grid";

import type { MapDepot, MapLegendSpec, MapSubstation } from "./map-types";

const BAND_COLOURS: Record<CapacityBand | "none", string> = {
  green: "#15803d",
  yellow: "#ca8a04",
  red: "#b91c1c",
  none: "#64748b",
};
const GB_CENTRE: L.LatLngTuple = [52.5, -1.8];
/** Tiles that fail before any loads: after this many, the map is taken to be offline and shows its bundled outline. */
const FAILED_TILES = 3;
/** The offline base layer: Great Britain's and Ireland's coasts (Natural Earth, public domain; scripts/extract-gb-outline.ts). */
const OUTLINE_URL = "/maps/great-britain.json";
/** Offline, the closest view: the coastline still in sight around the markers. */
const OFFLINE_MAX_ZOOM = 8;

const CAPACITY_LEGEND: MapLegendSpec = {
  title: "Nearest substation's headroom",
  items: [
    { band: "green", text: "More than 66 % of capacity available" },
    { band: "yellow", text: "33–66 % available" },
    { band: "red", text: "33 % or less available" },
    { band: "none", text: "No capacity data" },
  ],
  note: "Squares: your depots (drag to move). Circles: substations.",
};

function depotIcon(depot: MapDepot, selected: boolean) {
  const colour = BAND_COLOURS[depot.band ?? "none"];
  return L.divIcon({
    className: "",
    iconSize: [22, 22],
    iconAnchor: [11, 11],
    html: `<span style="display:block;width:22px;height:22px;border-radius:6px;background:${colour};border:3px solid ${selected ? "#0f172a" : "#fff"};box-shadow:0 1px 4px rgba(0,0,0,.4)"></span>`,
  });
}

/**
 * The energy map (browser only: Leaflet needs the DOM). Depots are square
 * markers coloured by the capacity band of their nearest substation and can
 * be dragged to their true position; substations are circles. Clicking the
 * map while placing a depot puts it there. When the tiles cannot load (no
 * tile server, an isolated network), it says so and falls back to a bundled
 * outline of the coast, with the legend and the depots' names on the map.
 */
export default function DepotMap({
  depots,
  substations,
  selectedId,
  placingId,
  tileUrl,
  attribution,
  onSelect,
  onPlace,
  legend = CAPACITY_LEGEND,
  label = "Energy to Depot map: depots (squares) and substations (circles)",
}: {
  /** What the colours mean (another page's map says its own: the hub finder's). */
  legend?: MapLegendSpec;
  label?: string;
  depots: MapDepot[];
  substations: MapSubstation[];
  selectedId: number | null;
  placingId: number | null;
  tileUrl: string | null;
  attribution: string;
  onSelect: (id: number) => void;
  onPlace?: (id: number, latitude: number, longitude: number) => void;
}) {
  const movable = onPlace !== undefined;
  const container = useRef<HTMLDivElement>(null);
  // Offline: no tile server configured, or its tiles do not load (an isolated network, a strict proxy).
  const [offline, setOffline] = useState(tileUrl === null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const handlers = useRef({ onSelect, onPlace, placingId });
  useEffect(() => {
    handlers.current = { onSelect, onPlace, placingId };
  });

  useEffect(() => {
    if (!container.current) return;
    const instance = L.map(container.current, { center: GB_CENTRE, zoom: 6, attributionControl: true });
    instance.attributionControl.setPrefix(false);
    if (tileUrl) {
      const tiles = L.tileLayer(tileUrl, { maxZoom: 19, attribution }).addTo(instance);
      let loaded = 0;
      let failed = 0;
      tiles.on("tileload", () => (loaded += 1));
      tiles.on("tileerror", () => {
        failed += 1;
        if (loaded === 0 && failed >= FAILED_TILES) {
          tiles.remove();
          instance.attributionControl.addAttribution(attribution);
          setOffline(true);
        }
      });
    } else instance.attributionControl.addAttribution(attribution);
    instance.on("click", (event: L.LeafletMouseEvent) => {
      const { placingId: id, onPlace: place } = handlers.current;
      if (!place) return;
      if (id !== null) place(id, Number(event.latlng.lat.toFixed(6)), Number(event.latlng.lng.toFixed(6)));
    });
    map.current = instance;
    layer.current = L.layerGroup().addTo(instance);
    return () => {
      instance.remove();
      map.current = null;
    };
  }, [tileUrl, attribution]);

  useCoastlineWhenOffline(map, offline);
  // Offline there are no streets to read close up: zoomed out to where the coastline gives the markers a place.
  useEffect(() => {
    if (offline && map.current && map.current.getZoom() > OFFLINE_MAX_ZOOM) map.current.setZoom(OFFLINE_MAX_ZOOM);
  }, [offline]);

  // Markers follow the data; the view fits the depots the first time they are known.
  const fitted = useRef(false);
  useEffect(() => {
    const instance = map.current;
    const group = layer.current;
    if (!instance || !group) return;
    group.clearLayers();
    for (const substation of substations) {
      L.circleMarker([substation.latitude, substation.longitude], {
        radius: 7,
        color: "#fff",
        weight: 2,
        fillColor: BAND_COLOURS[substation.band ?? "none"],
        fillOpacity: 0.9,
      })
        .bindTooltip(substation.label)
        .addTo(group);
    }
    const placed: L.LatLngTuple[] = [];
    for (const depot of depots) {
      if (depot.latitude === null || depot.longitude === null) continue;
      placed.push([depot.latitude, depot.longitude]);
      const marker = L.marker([depot.latitude, depot.longitude], {
        icon: depotIcon(depot, depot.id === selectedId),
        // Without onPlace the map only shows where depots are (the portfolio): nothing to drag.
        draggable: movable,
        keyboard: true,
        // Leaflet makes the marker a focusable button named by its title.
        title: movable ? `${depot.name} (drag to move)` : depot.name,
        zIndexOffset: depot.id === selectedId ? 1000 : 0,
      });
      // Named on the map itself, so the squares read without hovering.
      marker.bindTooltip(depot.name, {
        permanent: true,
        direction: "right",
        offset: [12, 0],
        className: "depot-label",
      });
      marker.on("click", () => handlers.current.onSelect(depot.id));
      marker.on("dragend", () => {
        const at = marker.getLatLng();
        handlers.current.onPlace?.(depot.id, Number(at.lat.toFixed(6)), Number(at.lng.toFixed(6)));
      });
      marker.addTo(group);
    }
    if (!fitted.current && placed.length > 0) {
      fitted.current = true;
      const most = offline ? OFFLINE_MAX_ZOOM : 12;
      if (placed.length === 1) instance.setView(placed[0]!, Math.min(11, most));
      else instance.fitBounds(L.latLngBounds(placed), { padding: [40, 40], maxZoom: most });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first fit only; going offline zooms out on its own
  }, [depots, substations, selectedId, movable]);

  // The selected depot comes into view.
  useEffect(() => {
    const depot = depots.find((d) => d.id === selectedId);
    if (map.current && depot?.latitude != null && depot.longitude != null)
      map.current.panTo([depot.latitude, depot.longitude]);
  }, [selectedId, depots]);

  return (
    <div className="relative h-full w-full">
      <div
        ref={container}
        className={
          placingId !== null
            ? "h-full w-full cursor-crosshair " + (offline ? "bg-sky-100" : "bg-slate-100")
            : "h-full w-full " + (offline ? "bg-sky-100" : "bg-slate-100")
        }
        role="application"
        aria-label={label}
      />
      {offline ? (
        <p
          role="status"
          data-testid="map-offline"
          className="absolute top-3 right-3 left-14 z-[1000] mx-auto max-w-md rounded-md border bg-background/95 px-3 py-2 text-center text-xs shadow"
        >
          The map's streets could not be loaded here, so it shows the coastline only. Every figure is in the list beside
          it.
        </p>
      ) : null}
      <MapLegend legend={legend} />
    </div>
  );
}

/** Offline, the bundled outline of Great Britain is the base layer (fetched only then). */
function useCoastlineWhenOffline(map: React.RefObject<L.Map | null>, offline: boolean) {
  useEffect(() => {
    const instance = map.current;
    if (!offline || !instance) return;
    let outline: L.GeoJSON | null = null;
    let cancelled = false;
    void fetch(OUTLINE_URL)
      .then((response) => (response.ok ? response.json() : null))
      .then((data: GeoJSON.FeatureCollection | null) => {
        if (cancelled || !data) return;
        outline = L.geoJSON(data, {
          interactive: false,
          style: { color: "#64748b", weight: 1, fillColor: "#f8fafc", fillOpacity: 1 },
        }).addTo(instance);
        outline.bringToBack();
        instance.attributionControl.addAttribution("Coastline: Natural Earth");
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      outline?.remove();
    };
  }, [map, offline]);
}

/** What the colours mean, on the map itself so the squares and circles read without the list. */
function MapLegend({ legend }: { legend: MapLegendSpec }) {
  return (
    <div
      data-testid="map-legend"
      className="absolute bottom-16 left-3 z-[1000] grid max-w-[calc(100%-1.5rem)] gap-1 rounded-md sm:bottom-8 border bg-background/95 p-2 text-xs shadow"
    >
      <p className="font-medium">{legend.title}</p>
      <ul className="grid gap-0.5">
        {legend.items.map((item) => (
          <li key={item.text} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={
                item.shape === "square" ? "inline-block size-3 rounded-[2px]" : "inline-block size-3 rounded-full"
              }
              style={{ background: BAND_COLOURS[item.band] }}
            />
            {item.text}
          </li>
        ))}
      </ul>
      {legend.note ? <p className="text-muted-foreground">{legend.note}</p> : null}
    </div>
  );
}
