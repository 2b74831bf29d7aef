import type { ColumnType, Generated } from "kysely";

import type {
  AlertOptOutTable,
  ApiCallTable,
  ApiKeyTable,
  AuthorizationTables,
  ChargePointConnectorTable,
  ChargePointEventTable,
  ChargePointTable,
  ChargingSessionTable,
  DepotAlertTable,
  MeterReadingTable,
  SiteMeterReadingTable,
  VehicleTables,
} from "./schema-charging";
import type {
  ConnectionOfferTable,
  FlexRequestTable,
  NetworkInstructionTable,
  NetworkSignalTable,
  OpenAdrLinkTable,
} from "./schema-connections";
import type { DepotTable } from "./schema-depots";
import type { HubTables } from "./schema-hubs";
import type {
  ApplyByReminderTable,
  ConnectionApplicationTable,
  RoadmapResultTable,
  RoadmapTable,
} from "./schema-roadmap";
import type {
  CompanyActivityTable,
  CompanyInvitationTable,
  CompanyMemberTable,
  CompanyTable,
  MemberDepotTable,
  SessionCompanyTable,
} from "./schema-teams";
import type { Timestamp } from "./timestamp";

export type { DepotOrigin, DepotTable } from "./schema-depots";

export type { Timestamp };
export type {
  ChargePointTable,
  ChargePointConnectorTable,
  ChargingSessionTable,
  MeterReadingTable,
  ChargePointEventTable,
};

/** Better Auth's user table (plus the admin plugin's fields); Better Auth owns its schema. */
export type UserTable = {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  role: string | null;
  banned: ColumnType<boolean | number | null, boolean | number | null, boolean | number | null>;
  banReason: string | null;
  banExpires: Timestamp | null;
  twoFactorEnabled: ColumnType<boolean | number | null, boolean | number | null, boolean | number | null>;
};

export type SessionTable = {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

export type ProfileTable = {
  id: string;
  name: string | null;
  organization: string | null;
  phone: string | null;
  updated_at: Timestamp;
};

export type RateLimitTable = {
  key: string;
  count: number;
  /** Milliseconds since the epoch (bigint on PostgreSQL, returned as text by pg). */
  window_started_at: ColumnType<number | string, number, number>;
};

/** One investor-room unlock: the grant cookie names it, and closing the room deletes it. */
export type InvestorGrantTable = {
  id: string;
  /** Epoch milliseconds. */
  expires_at: number;
};

export type InvestorDocumentTable = {
  slug: string;
  file_name: string;
  content_type: string;
  bytes: number;
  storage_key: string;
  uploaded_at: Timestamp;
  uploaded_by: string | null;
};

export type OutboxTable = {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text_body: string;
  status: "pending" | "sent" | "failed";
  attempts: ColumnType<number, number | undefined, number>;
  /** Milliseconds since the epoch. */
  next_attempt_at: ColumnType<number | string, number, number>;
  last_error: string | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
  sent_at: Timestamp | null;
};

export type DepotStatusHistoryTable = {
  id: Generated<number>;
  depot_id: number;
  from_status: string;
  to_status: string;
  note: string | null;
  actor_id: string | null;
  actor_email: string;
  created_at: ColumnType<Date | string, string | undefined, string>;
};

export type AuditLogTable = {
  id: Generated<number>;
  /** Null for the command line. */
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  /** What the target was called at the time (a depot name, an e-mail). */
  target_label: string;
  /** JSON text. */
  details: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date | string, string | undefined, string>;
};

export type SurveyPhotoTable = {
  id: Generated<number>;
  depot_id: number;
  image_type: string;
  storage_key: string;
  thumbnail_key: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  created_at: ColumnType<Date | string, string | undefined, string>;
};

/** A named copy of a depot's plan: its inputs and results as run, to compare with others. */
export type PlanScenarioTable = {
  id: Generated<number>;
  depot_id: number;
  name: string;
  /** JSON text: the PlanRequest. */
  inputs: string;
  /** JSON text: the PlanSummary. */
  results: string;
  created_at: ColumnType<Date | string, string | undefined, string>;
};

export type DepotPlanTable = {
  depot_id: number;
  /** JSON text: the PlanInput last run. */
  inputs: string;
  status: "running" | "done" | "failed";
  /** Strategies computed so far in this run (of 4). */
  progress: ColumnType<number, number | undefined, number>;
  /** Which run the row belongs to: a finished older run never overwrites a newer one. */
  run_id: string;
  /** JSON text: the PlanSummary of the last finished run. */
  results: string | null;
  error: string | null;
  started_at: Timestamp;
  finished_at: Timestamp | null;
};

export type DepotDesignTable = {
  depot_id: number;
  /** JSON text: the placed components. */
  components: string;
  updated_at: Timestamp;
};

export type TripImportTable = {
  depot_id: number;
  file_name: string;
  /** JSON text: the trips, compactly (trip-store.server.ts). */
  trips: string;
  /** JSON text: rows read, problems, vehicles and the import's choices. */
  summary: string;
  imported_at: Timestamp;
};

export type GridImportTable = {
  id: Generated<number>;
  operator: string;
  file_name: string;
  /** YYYY-MM-DD: when the publisher's figures were current. */
  data_date: string;
  source: string;
  licence: string;
  attribution: string;
  /** JSON text: the import report (rows, accepted, skipped and why). */
  report: string;
  imported_by: string;
  imported_at: ColumnType<Date | string, string | undefined, string>;
};

export type SubstationTable = {
  id: Generated<number>;
  import_id: number;
  operator: string;
  source_ref: string;
  name: string;
  site_type: string;
  voltage: string | null;
  latitude: number;
  longitude: number;
  firm_capacity_mva: number | null;
  peak_demand_mva: number | null;
  headroom_mva: number | null;
  rag: string | null;
};

/** Every table; hubs' (issue 50) are listed with their types in schema-hubs.ts. */
export type Database = HubTables &
  AuthorizationTables &
  VehicleTables & {
    user: UserTable;
    session: SessionTable;
    profiles: ProfileTable;
    rate_limits: RateLimitTable;
    investor_documents: InvestorDocumentTable;
    investor_grants: InvestorGrantTable;
    outbox: OutboxTable;
    depots: DepotTable;
    survey_photos: SurveyPhotoTable;
    depot_status_history: DepotStatusHistoryTable;
    audit_log: AuditLogTable;
    charge_points: ChargePointTable;
    charge_point_connectors: ChargePointConnectorTable;
    charging_sessions: ChargingSessionTable;
    meter_readings: MeterReadingTable;
    charge_point_events: ChargePointEventTable;
    api_keys: ApiKeyTable;
    api_calls: ApiCallTable;
    depot_alerts: DepotAlertTable;
    alert_opt_outs: AlertOptOutTable;
    site_meter_readings: SiteMeterReadingTable;
    roadmaps: RoadmapTable;
    roadmap_results: RoadmapResultTable;
    connection_applications: ConnectionApplicationTable;
    connection_offers: ConnectionOfferTable;
    network_instructions: NetworkInstructionTable;
    network_signals: NetworkSignalTable;
    openadr_links: OpenAdrLinkTable;
    flex_requests: FlexRequestTable;
    apply_by_reminders: ApplyByReminderTable;
    companies: CompanyTable;
    company_members: CompanyMemberTable;
    member_depots: MemberDepotTable;
    company_invitations: CompanyInvitationTable;
    company_activity: CompanyActivityTable;
    session_companies: SessionCompanyTable;
    depot_designs: DepotDesignTable;
    trip_imports: TripImportTable;
    depot_plans: DepotPlanTable;
    plan_scenarios: PlanScenarioTable;
    grid_imports: GridImportTable;
    substations: SubstationTable;
  };
