import L from "leaflet";

import "leaflet/dist/leaflet.css";

import { useEffect, useRef } from "react";

import type { CapacityBand } from "~/features/grid/capacity";

export type MapDepot = {
  id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  band: CapacityBand | null;
};
export type MapSubstation = {
  key: string;
  name: string;
  latitude: number;
  longitude: number;
  band: CapacityBand | null;
  label: string;
};

const BAND_COLOURS: Record<CapacityBand | "none", string> = {
  green: "#15803d",
  yellow: "#ca8a04",
  red: "#b91c1c",
  none: "#64748b",
};
const GB_CENTRE: L.LatLngTuple = [52.5, -1.8];

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
 * map while placing a depot puts it there. Without tiles it still shows
 * every marker on a plain background.
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
}: {
  depots: MapDepot[];
  substations: MapSubstation[];
  selectedId: number | null;
  placingId: number | null;
  tileUrl: string | null;
  attribution: string;
  onSelect: (id: number) => void;
  onPlace: (id: number, latitude: number, longitude: number) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
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
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19, attribution }).addTo(instance);
    else instance.attributionControl.addAttribution(attribution);
    instance.on("click", (event: L.LeafletMouseEvent) => {
      const { placingId: id, onPlace: place } = handlers.current;
      if (id !== null) place(id, Number(event.latlng.lat.toFixed(6)), Number(event.latlng.lng.toFixed(6)));
    });
    map.current = instance;
    layer.current = L.layerGroup().addTo(instance);
    return () => {
      instance.remove();
      map.current = null;
    };
  }, [tileUrl, attribution]);

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
        draggable: true,
        keyboard: true,
        // Leaflet makes the marker a focusable button named by its title.
        title: `${depot.name} (drag to move)`,
        zIndexOffset: depot.id === selectedId ? 1000 : 0,
      });
      marker.on("click", () => handlers.current.onSelect(depot.id));
      marker.on("dragend", () => {
        const at = marker.getLatLng();
        handlers.current.onPlace(depot.id, Number(at.lat.toFixed(6)), Number(at.lng.toFixed(6)));
      });
      marker.addTo(group);
    }
    if (!fitted.current && placed.length > 0) {
      fitted.current = true;
      if (placed.length === 1) instance.setView(placed[0]!, 11);
      else instance.fitBounds(L.latLngBounds(placed), { padding: [40, 40], maxZoom: 12 });
    }
  }, [depots, substations, selectedId]);

  // The selected depot comes into view.
  useEffect(() => {
    const depot = depots.find((d) => d.id === selectedId);
    if (map.current && depot?.latitude != null && depot.longitude != null)
      map.current.panTo([depot.latitude, depot.longitude]);
  }, [selectedId, depots]);

  return (
    <div
      ref={container}
      className={placingId !== null ? "h-full w-full cursor-crosshair bg-slate-100" : "h-full w-full bg-slate-100"}
      role="application"
      aria-label="Energy to Depot map: depots (squares) and substations (circles)"
    />
  );
}
