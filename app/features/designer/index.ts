/**
 * The depot layout designer: the catalogue, the canvas's state, saved designs.
 * What other features, routes, the CLI, scripts and tests may use (safe for the browser); every other file here is
 * the feature's own (decision 045).
 */
export { catalogueItem, COMPONENT_COLOURS, SITE } from "./catalogue";
export { DesignPanel } from "./components/design-panel";
export { DesignSummary } from "./components/design-summary";
export { chargersOf, type Placed } from "./designer-state";
export { type Designer, useDesigner } from "./use-designer";
