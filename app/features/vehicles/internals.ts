/**
 * What benchmarks, simulations and tests outside this room use of its insides (the pure functions they drive
 * directly). Not a door: the product never imports it (.dependency-cruiser.cjs), and nothing here is promised to
 * other features.
 */
export { tripUnderWay } from "./vehicle-duty";
export { nameTagsForBench } from "./vehicle-tags.server";
