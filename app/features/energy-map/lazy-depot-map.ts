import { lazy } from "react";

/** Leaflet reaches for `window` as it loads, so the map is its own chunk, loaded in the browser when first shown. */
export const DepotMap = lazy(() => import("./depot-map.client"));
