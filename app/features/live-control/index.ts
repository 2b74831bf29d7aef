/**
 * Live control (decision 056): deciding each depot's share of its limit (allocate, schedule ahead, fill), and sending
 * it (profiles). Owns no table: it reads the rooms below through their doors and records what it sent in the
 * records' sessions. Safe for the browser.
 */
export { connectionInForceView, connectionMostKva, SIGNAL_HOLDS_MS, siteLimitKw } from "./site";
export type { DepotSite } from "./site";
