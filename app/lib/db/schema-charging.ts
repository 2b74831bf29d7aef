import type { ColumnType, Generated } from "kysely";

import type { ChargerUpkeepTables } from "./schema-charger-upkeep";
import type { Timestamp } from "./timestamp";

// Box Charge's tables (decision 031), kept apart from schema.ts so each file reads in one sitting.

export type RefusedUntil = "reconnect" | "transaction";

/** A charger registered to a depot (Box Charge, decision 031). */
export type ChargePointTable = {
  id: Generated<number>;
  depot_id: number;
  /** The identity the charger connects with (the last part of its OCPP address). */
  identity: string;
  name: string;
  /** SHA-256 of the generated password (password-hash.server.ts). */
  password_hash: string;
  connectors: number;
  max_kw: number;
  current_type: "AC" | "DC";
  /** The OCPP version negotiated at its last connection. */
  protocol: string | null;
  vendor: string | null;
  model: string | null;
  firmware: string | null;
  booted_at: Timestamp | null;
  connected_at: Timestamp | null;
  disconnected_at: Timestamp | null;
  last_seen_at: Timestamp | null;
  /** The TxDefaultProfile limit (W) it accepted, or null when it has none from Box Charge. */
  default_limit_w: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why it is not sent charging profiles (it refused one), until it connects or boots again; null when it takes them. */
  profiles_refused: ColumnType<string | null, string | null | undefined, string | null>;
  /** Until when: it connects or boots again ("reconnect"), or its next transaction starts ("transaction"). */
  profiles_refused_until: ColumnType<RefusedUntil | null, RefusedUntil | null | undefined, RefusedUntil | null>;
  /** "charger", or "site-meter": the site's own meter at the connection, which only sends meter values. */
  role: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date | string, string | undefined, string>;
  /** A one-time tag the office's remote start named, accepted at this charger until `remote_start_until`. */
  remote_start_tag: ColumnType<string | null, string | null | undefined, string | null>;
  remote_start_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Why it takes no reservations (it said so, or refused one as NotSupported), until it boots again; or null. */
  reservations_unsupported: ColumnType<string | null, string | null | undefined, string | null>;
  /** What it last said of a firmware update (FirmwareStatusNotification), or null. */
  firmware_status: ColumnType<string | null, string | null | undefined, string | null>;
  /** The password before the last rotation, good until `previous_password_until` (the grace period). */
  previous_password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  previous_password_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The lowest OCPP security profile it may connect with (1, 2 or 3), and one it is being raised to. */
  security_profile: ColumnType<number, number | undefined, number>;
  security_profile_target: ColumnType<number | null, number | null | undefined, number | null>;
  security_profile_detail: ColumnType<string | null, string | null | undefined, string | null>;
  security_profile_asked_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The profile of its present or last connection. */
  connected_profile: ColumnType<number | null, number | null | undefined, number | null>;
};

/** Who may charge at a depot (issue 59): "company" (its own vehicles and booked visitors) or "anyone" (free vend). */
export type ChargingAccessTable = { depot_id: number; mode: string; updated_at: Timestamp };

/** An identity nobody registered that tried to connect (issue 59): for the admins to accept or block. */
export type ChargerKnockTable = {
  identity: string;
  /** The hash of the password it offered, when one a charger may keep (16 to 40 characters); else null. */
  password_hash: string | null;
  protocols: string;
  attempts: number;
  first_at: Timestamp;
  last_at: Timestamp;
  blocked: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
};

/** A charger's configuration key (1.6, component "") or device-model variable (2.0.1) as it last told it. */
export type ChargerSettingTable = {
  charge_point_id: number;
  component: string;
  variable: string;
  value: string | null;
  mutability: string;
  component_json: string | null;
  variable_json: string | null;
  read_at: Timestamp;
};

/** A connector reserved for a booked visit (issue 59): its id is the OCPP reservation id. */
export type ChargerReservationTable = {
  id: Generated<number>;
  charge_point_id: number;
  connector_id: number;
  visit_id: number;
  tag: string;
  vehicle: string;
  expires_at: Timestamp;
  /** sending, reserved, refused, cancelled, used, expired */
  status: string;
  detail: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ChargePointConnectorTable = {
  charge_point_id: number;
  connector_id: number;
  status: string;
  error_code: string | null;
  updated_at: Timestamp;
};

export type ChargingSessionTable = {
  id: Generated<number>;
  charge_point_id: number;
  /** Its charger's depot (migration 028; null only for a session older than it whose charger was removed). */
  depot_id: ColumnType<number | null, number, never>;
  connector_id: number;
  transaction_ref: string;
  id_tag: string | null;
  started_at: Timestamp;
  stopped_at: Timestamp | null;
  meter_start_wh: number;
  meter_last_wh: number;
  power_w: ColumnType<number, number | undefined, number>;
  soc_pct: number | null;
  /** When the charger told `soc_pct` (migration 041); null for charges told before it: `updated_at` then. */
  soc_read_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  stop_reason: string | null;
  limit_w: ColumnType<number | null, number | null | undefined, number | null>;
  limit_sent_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The limits over time the charger holds, as JSON ({ segments: [{ from (ms), kw }], until (ms) }); null: `limit_w` from then on. */
  limit_schedule: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 once the charger was seen drawing above the limit it was sent. */
  ignores_limit: ColumnType<number, number | undefined, number>;
  /** What the live controller expects it to miss its target by at departure (kWh), when it does. */
  short_kwh: ColumnType<number | null, number | null | undefined, number | null>;
  /** What binds for that shortfall: "site limit" or "time at the charger". */
  short_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the vehicle told over ISO 15118 (migration 017): when it leaves, and the energy it asked for (Wh),
   * counted from the meter's `ev_needed_from_wh`. */
  ev_departs_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  ev_needed_wh: ColumnType<number | null, number | null | undefined, number | null>;
  ev_needed_from_wh: ColumnType<number | null, number | null | undefined, number | null>;
  /** Who told them: "vehicle" (ISO 15118) or "hand" (the operations page). */
  ev_needs_source: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
};

export type MeterReadingTable = {
  id: Generated<number>;
  charge_point_id: number;
  session_id: number | null;
  connector_id: number;
  read_at: Timestamp;
  energy_wh: number | null;
  power_w: number | null;
  soc_pct: number | null;
};

export type ChargePointEventTable = {
  id: Generated<number>;
  charge_point_id: number;
  kind: string;
  detail: string;
  created_at: Timestamp;
};

/** An id tag a depot's vehicle charges with, named, and set to the plan's group whose duty it follows. */
export type VehicleTagTable = {
  id: Generated<number>;
  depot_id: number;
  tag: string;
  /** The tag in lower case (tags are matched without regard to case). */
  tag_key: string;
  vehicle: string;
  group_id: string | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
};

/** What the fleet's systems (the API) or the depot's people (the board) told of a named vehicle (migration 018). */
export type VehicleStateTable = {
  vehicle_tag_id: number;
  soc_pct: number | null;
  soc_read_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** "fleet" or "hand". */
  soc_source: string | null;
  soc_session_id: number | null;
  soc_from_wh: number | null;
  departs_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** When it is expected back at the depot (the fleet's ETA), while it is away (migration 021). */
  arrives_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  target_soc_pct: number | null;
  /** Energy still to put in (kWh), counted from `needed_from_wh` of the session `needed_session_id` when told plugged in. */
  needed_kwh: number | null;
  needed_session_id: number | null;
  needed_from_wh: number | null;
  plan_source: string | null;
  updated_at: Timestamp;
};

/** A company's key for the fleet API; the key is shown once and kept as its SHA-256. */
export type ApiKeyTable = {
  id: Generated<number>;
  company_id: number;
  name: string;
  key_hash: string;
  /** The key's first characters, to tell keys apart on the team page. */
  key_start: string;
  created_by: string | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
  last_used_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  revoked_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** What the key may be used for, comma-separated (lib/access/policy.ts KEY_SCOPES; migration 027). */
  scopes: ColumnType<string, string | undefined, string>;
};

/** Which company a vehicle tag is (migration 027): one company's, whichever of its depots it is registered at. */
export type TagOwnerTable = { tag_key: string; company_id: number; created_at: string };

export type ApiCallTable = {
  id: Generated<number>;
  api_key_id: number;
  method: string;
  path: string;
  status: number;
  detail: string | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
};

/** A depot's alert (migration 019, features/alerts): one row per event, open until it clears. */
export type DepotAlertTable = {
  id: Generated<number>;
  depot_id: number;
  kind: string;
  subject_key: string;
  subject: string;
  reason: string;
  advice: string;
  value: number | null;
  opened_at: Timestamp;
  shown_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  seen_at: Timestamp;
  cleared_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  count: ColumnType<number, number | undefined, number>;
  mailed_value: number | null;
  mailed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
};

/** A kind of alert a member chose not to be e-mailed about. */
export type AlertOptOutTable = { member_id: number; kind: string };

/** A reading of the site's meter at the connection (migration 020): the site's import and the chargers' draw then. */
export type SiteMeterReadingTable = {
  id: Generated<number>;
  depot_id: number;
  read_at: Timestamp;
  site_kw: number;
  chargers_kw: number;
  source: string;
};

export type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;

/** A vehicle expected at a depot for one visit (migration 023): the controller keeps room for it by its tag. */
export type ExpectedVisitTable = {
  id: Generated<number>;
  depot_id: number;
  tag: string;
  vehicle: string;
  arrives_at: Timestamp;
  holds_until: Timestamp;
  departs_at: Timestamp;
  needed_kwh: number;
  max_kw: number;
  cancelled_at: NullableTimestamp;
  /** 0: a contracted visit; 1: a single visit at the list price, served after them (migration 026). */
  tier: ColumnType<number, number | undefined, number>;
};

/** Who may charge, and the rest of a charger's upkeep (settings, knocks; firmware and uploads in their own file). */
export type AuthorizationTables = ChargerUpkeepTables & {
  charging_access: ChargingAccessTable;
  charger_reservations: ChargerReservationTable;
  charger_settings: ChargerSettingTable;
  charger_knocks: ChargerKnockTable;
};

/** The vehicles' tables besides their tags (migrations 023 and 027). */
export type VehicleTables = {
  vehicle_tags: VehicleTagTable;
  vehicle_states: VehicleStateTable;
  tag_owners: TagOwnerTable;
  expected_visits: ExpectedVisitTable;
};
