/**
 * Vehicles (decision 056): what is known of a depot's vehicles — their tags and the company that owns each, the state
 * the fleet or the board told, the plan's duty, visits expected from a hub's bookings, and what each needs (one
 * function for the board and the controller). Owns vehicle_tags, tag_owners, vehicle_states and expected_visits.
 * Safe for the browser.
 */
export { BOOKED_EARLY_MS, visitOf, visitsDueBack } from "./expected-visit";
export { BOARD_HOURS, readinessBoard, unnamedVehicles } from "./readiness";
export type { BoardSession, ReadinessRow } from "./readiness";
export { groupOfTag, vehiclesDueBack } from "./vehicle-duty";
export type { VehicleTag } from "./vehicle-duty";
export { vehicleNeed } from "./vehicle-need";
export type { VehiclesKnown } from "./vehicle-need";
export { scheduleSchema, toldDueBack, vehicleStateSchema } from "./vehicle-state";
export type { StateSource } from "./vehicle-state";
