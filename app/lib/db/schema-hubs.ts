import type { ColumnType, Generated } from "kysely";

import type { NullableTimestamp } from "./schema-charging";

// The hubs' tables (issue 50, decisions 053 and 054), kept apart from schema.ts so each file reads in one sitting.

/** A hub (migration 022): a depot whose chargers other companies contract; prices in whole pence. */
export type HubTable = {
  id: Generated<number>;
  depot_id: number;
  name: string;
  status: "proposed" | "open" | "suspended" | "closed";
  open_days: string;
  open_from: number;
  open_to: number;
  pence_per_kwh: number;
  pence_per_visit: ColumnType<number, number | undefined, number>;
  pence_per_reserved_hour: ColumnType<number, number | undefined, number>;
  overstay_pence_per_hour: ColumnType<number, number | undefined, number>;
  grace_minutes: ColumnType<number, number | undefined, number>;
  proposed_by: string | null;
  approved_by: string | null;
  approved_at: NullableTimestamp;
  created_at: ColumnType<Date | string, string | undefined, string>;
};

/** A haulier's contract at a hub (migration 022), with the prices it was asked at. */
export type HubContractTable = {
  id: Generated<number>;
  hub_id: number;
  company_id: number;
  status: "requested" | "accepted" | "declined" | "withdrawn" | "ended";
  vehicle_type: string;
  battery_kwh: number;
  max_kw: number;
  vehicles: number;
  days: string;
  arrive_from: number;
  arrive_to: number;
  depart_from: number;
  depart_to: number;
  energy_kwh: number;
  pence_per_kwh: number;
  pence_per_visit: number;
  pence_per_reserved_hour: number;
  overstay_pence_per_hour: number;
  check_json: string;
  requested_by: string | null;
  requested_at: ColumnType<Date | string, string | undefined, string>;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  decision_note: string | null;
  /** The dates it runs (ISO days, migration 025): null from when it was accepted, or with no end. */
  starts_on: string | null;
  ends_on: string | null;
  /** 1: a single visit booked at the list price (one vehicle, one date). */
  ad_hoc: ColumnType<number, number | undefined, number>;
};

/** A visit booked within a haulier's contract at a hub (migration 023). */
export type HubBookingTable = {
  id: Generated<number>;
  contract_id: number;
  hub_id: number;
  company_id: number;
  visit_date: string;
  vehicle: string;
  tag: string;
  status: "booked" | "cancelled";
  expected_visit_id: number | null;
  /** The visit's times and need, the hub's own copy (migration 027; null only for a booking older than it with no visit). */
  arrives_at: NullableTimestamp;
  holds_until: NullableTimestamp;
  departs_at: NullableTimestamp;
  needed_kwh: number | null;
  created_by: string | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
};

/** A haulier's dispute of a statement's line (migration 024). */
export type StatementDisputeTable = {
  id: Generated<number>;
  hub_id: number;
  company_id: number;
  month: string;
  line: string;
  pence: number;
  reason: string;
  status: "open" | "upheld" | "rejected";
  resolution: string | null;
  created_by: string | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
  resolved_by: string | null;
  resolved_at: NullableTimestamp;
};

export type HubTables = {
  statement_disputes: StatementDisputeTable;
  hubs: HubTable;
  hub_contracts: HubContractTable;
  hub_bookings: HubBookingTable;
};
