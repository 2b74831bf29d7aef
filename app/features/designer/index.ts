export { catalogueItem, COMPONENT_COLOURS, SITE } from "./catalogue";
export { DesignPanel } from "./components/design-panel";
export { DesignSummary } from "./components/design-summary";
export { chargersOf, type Placed } from "./designer-state";
export { type Designer, useDesigner } from "./use-designer";
