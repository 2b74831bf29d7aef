/**
 * Flexibility (issue 60, item 4): the network's requests that a depot draw less over a window, answered from what the
 * fleet can spare, held on the site, and measured afterwards from the chargers' meters against the baseline. Owns
 * flex_requests; reads the connections, planning, live-control and charging-records rooms through their doors. Safe
 * for the browser; the store is index.server.ts.
 */
export { FlexCard } from "./components/flex-card";
export { flexApiSchema, flexFromApi, flexFromForm } from "./flex-input";
export { deliveryPounds, storedAnswerSchema, type FlexView } from "./flex-view";
