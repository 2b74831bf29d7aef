/**
 * Who owns each table (issue 58, decision 056): the one feature (or lib module) that writes it and reads it; any
 * other asks through the owner's door. Typed over the schema, so a table added without an owner does not compile;
 * table-owners.test.ts reads every query in app/ and fails on one outside these rules.
 */
import type { Database } from "./schema";

/** A feature under app/features, or a module of lib ("lib/audit.server"). */
export type Owner = string;

export const TABLE_OWNERS: Record<keyof Database, Owner> = {
  // Accounts (better-auth's tables and the product's profile of a person).
  user: "users",
  session: "users",
  profiles: "users",
  // Companies and their teams.
  companies: "company",
  company_members: "team",
  member_depots: "team",
  company_invitations: "team",
  company_activity: "team",
  session_companies: "team",
  alert_opt_outs: "team",
  // Depots, their surveys' photos and the consultancy's review.
  depots: "depots",
  survey_photos: "depots",
  depot_status_history: "admin",
  // Planning, design, trips, the network and the roadmap.
  depot_plans: "planning",
  plan_scenarios: "planning",
  depot_designs: "designer",
  trip_imports: "trips",
  grid_imports: "grid",
  substations: "grid",
  roadmaps: "portfolio",
  roadmap_results: "portfolio",
  connection_applications: "portfolio",
  connection_offers: "connections",
  network_instructions: "connections",
  network_signals: "connections",
  openadr_links: "connections",
  flex_requests: "flexibility",
  apply_by_reminders: "portfolio",
  investor_documents: "investors",
  investor_grants: "investors",
  // Box Charge's rooms.
  charge_points: "chargers",
  charge_point_connectors: "chargers",
  charge_point_events: "chargers",
  charging_access: "chargers",
  charger_local_lists: "chargers",
  charger_list_snapshots: "chargers",
  charger_reservations: "chargers",
  charger_settings: "chargers",
  charger_knocks: "chargers",
  firmware_images: "chargers",
  firmware_rollouts: "chargers",
  firmware_updates: "chargers",
  charger_uploads: "chargers",
  charger_authority: "chargers",
  charger_certificates: "chargers",
  charging_sessions: "charging-records",
  meter_readings: "charging-records",
  site_meter_readings: "charging-records",
  vehicle_tags: "vehicles",
  tag_owners: "vehicles",
  vehicle_states: "vehicles",
  expected_visits: "vehicles",
  depot_alerts: "alerts",
  api_keys: "fleet-api",
  api_calls: "fleet-api",
  // Hubs.
  hubs: "hubs",
  hub_contracts: "hubs",
  hub_bookings: "hubs",
  statement_disputes: "hubs",
  // The product's own machinery.
  audit_log: "lib/audit.server",
  outbox: "lib/mail",
  rate_limits: "lib/rate-limit.server",
};

/**
 * Tables every feature may read without asking their owner: who someone is, which company and team, and which depot
 * a thing is at. Every page names its depot and company, and the policy's conditions for lists (lib/access) join
 * them; a depot's photos are read wherever the depot is shown. Writing them is still the owner's alone.
 */
export const SHARED_READS: ReadonlySet<keyof Database> = new Set<keyof Database>([
  "user",
  "profiles",
  "session",
  "companies",
  "company_members",
  "member_depots",
  "depots",
  "survey_photos",
]);

/**
 * Writes outside the owner, each with its reason. Accounts come with a company they own (decision 048): users makes
 * both in the account's transaction, and users cannot ask company or team, which depend on it. The auth library
 * (lib/auth) keeps its own sessions.
 */
export const OTHER_WRITERS: Partial<Record<keyof Database, readonly Owner[]>> = {
  companies: ["users"],
  company_members: ["users"],
  session: ["lib/auth"],
};
