import { lazy } from "react";

/** Recharts is large: the depot's load chart is its own chunk, loaded when the page first draws it. */
export const LoadChart = lazy(() => import("./load-chart"));
