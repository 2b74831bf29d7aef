/**
 * What benchmarks, simulations and tests outside this room use of its insides (the pure functions they drive
 * directly). Not a door: the product never imports it (.dependency-cruiser.cjs), and nothing here is promised to
 * other features.
 */
export { shareOwn } from "./allocate";
export type { SharedPlugged } from "./allocate";
export { effectiveLimitW, fromOcpp16, fromOcpp201 } from "./charging-profile";
export type { ChargingProfile } from "./charging-profile";
export { scheduleAhead } from "./schedule-ahead";
export { siteSlots } from "./site";
