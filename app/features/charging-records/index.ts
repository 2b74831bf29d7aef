/**
 * Charging records (decision 056): what happened — sessions, meter readings, the site meter — and what it cost, with
 * the schedules a session was sent (limits). Owns charging_sessions, meter_readings and site_meter_readings; imports
 * no other room. Safe for the browser.
 */
export { differ, limitAt, lowerOf, maxOver, nextCharging, nowhereHigher, upperOf } from "./limits";
export type { Limits, Segment } from "./limits";
export { readMeterValues } from "./meter-values";
export type { MeterSample } from "./meter-values";
export { energyCostPence } from "./pricing";
export type { EnergyPoint } from "./pricing";
export { beyond, limitsFromJson } from "./session-limits";
export { buildingKwAt, meterHoldsUntil, siteReadingSchema } from "./site-meter";
export type { SiteMeter } from "./site-meter";
