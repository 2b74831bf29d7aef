import { sql, type Kysely } from "kysely";
import { Migrator, type Migration, type MigrationProvider } from "kysely/migration";

import { hashSessionToken } from "~/lib/auth/hashed-session-tokens.server";

import { dialectHelpers, type DialectHelpers, type Engine } from "./dialect.server";

type AppMigration = {
  up: (db: Kysely<unknown>, d: DialectHelpers) => Promise<void>;
};

/**
 * The product's own tables, in order. Better Auth creates and migrates its
 * tables (user, session, account, verification, rateLimit) before these run.
 * Never edit a migration that has shipped: add a new one.
 */
const migrations: Record<string, AppMigration> = {
  "001_profiles": {
    async up(db, d) {
      await db.schema
        .createTable("profiles")
        .addColumn("id", "text", (col) => col.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("name", "text")
        .addColumn("organization", "text")
        .addColumn("phone", "text")
        .addColumn("updated_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
        .execute();
    },
  },
  "002_rate_limits_and_investor_documents": {
    async up(db, d) {
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (col) => col.primaryKey())
        .addColumn("count", "integer", (col) => col.notNull())
        .addColumn("window_started_at", "bigint", (col) => col.notNull())
        .execute();
      await db.schema
        .createTable("investor_documents")
        .addColumn("slug", "text", (col) => col.primaryKey())
        .addColumn("file_name", "text", (col) => col.notNull())
        .addColumn("content_type", "text", (col) => col.notNull())
        .addColumn("bytes", "integer", (col) => col.notNull())
        .addColumn("storage_key", "text", (col) => col.notNull())
        .addColumn("uploaded_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
        .addColumn("uploaded_by", "text")
        .execute();
    },
  },
  "003_outbox_depots_photos": {
    async up(db, d) {
      await db.schema
        .createTable("outbox")
        .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
        .addColumn("recipient", "text", (col) => col.notNull())
        .addColumn("subject", "text", (col) => col.notNull())
        .addColumn("text_body", "text", (col) => col.notNull())
        .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "bigint", (col) => col.notNull())
        .addColumn("last_error", "text")
        .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
        .addColumn("sent_at", d.timestampType)
        .execute();
      await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();

      await db.schema
        .createTable("depots")
        .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
        .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
        .addColumn("contact_name", "text")
        .addColumn("contact_email", "text")
        .addColumn("contact_phone", "text")
        .addColumn("depot_name", "text", (col) => col.notNull())
        .addColumn("depot_address", "text", (col) => col.notNull())
        .addColumn("number_of_vehicles", "integer")
        .addColumn("additional_notes", "text")
        .addColumn("location_latitude", "double precision")
        .addColumn("location_longitude", "double precision")
        .addColumn("location_address", "text")
        .addColumn("cable_run_obstacles", "text")
        .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
        .addColumn("idempotency_key", "text")
        .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
        .execute();
      await db.schema.createIndex("depots_user").on("depots").columns(["user_id", "created_at"]).execute();
      await db.schema
        .createIndex("depots_idempotency")
        .on("depots")
        .columns(["user_id", "idempotency_key"])
        .unique()
        .execute();

      await db.schema
        .createTable("survey_photos")
        .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
        .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
        .addColumn("image_type", "text", (col) => col.notNull())
        .addColumn("storage_key", "text", (col) => col.notNull())
        .addColumn("thumbnail_key", "text", (col) => col.notNull())
        .addColumn("content_type", "text", (col) => col.notNull())
        .addColumn("width", "integer", (col) => col.notNull())
        .addColumn("height", "integer", (col) => col.notNull())
        .addColumn("bytes", "integer", (col) => col.notNull())
        .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
        .execute();
      await db.schema.createIndex("survey_photos_depot").on("survey_photos").column("depot_id").execute();
    },
  },
  "004_admin_review": {
    async up(db, d) {
      await db.schema.alterTable("depots").addColumn("admin_notes", "text").execute();
      // The admin list: newest first, optionally by status.
      await db.schema.createIndex("depots_created").on("depots").columns(["created_at", "id"]).execute();
      await db.schema
        .createIndex("depots_status_created")
        .on("depots")
        .columns(["status", "created_at", "id"])
        .execute();
      await db.schema
        .createTable("depot_status_history")
        .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
        .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
        .addColumn("from_status", "text", (col) => col.notNull())
        .addColumn("to_status", "text", (col) => col.notNull())
        .addColumn("note", "text")
        // Kept as text (not a foreign key) so the history survives the admin's account.
        .addColumn("actor_id", "text")
        .addColumn("actor_email", "text", (col) => col.notNull())
        .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
        .execute();
      await db.schema
        .createIndex("depot_status_history_depot")
        .on("depot_status_history")
        .columns(["depot_id", "id"])
        .execute();
      await db.schema
        .createTable("audit_log")
        .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
        .addColumn("actor_id", "text")
        .addColumn("actor_email", "text", (col) => col.notNull())
        .addColumn("action", "text", (col) => col.notNull())
        .addColumn("target_type", "text", (col) => col.notNull())
        .addColumn("target_id", "text", (col) => col.notNull())
        .addColumn("target_label", "text", (col) => col.notNull())
        .addColumn("details", "text", (col) => col.notNull().defaultTo("{}"))
        .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
        .execute();
      await db.schema.createIndex("audit_log_target").on("audit_log").columns(["target_type", "target_id"]).execute();
    },
  },
  "005_electrify_workspace": {
    async up(db, d) {
      await db.schema
        .createTable("companies")
        .addColumn("user_id", "text", (col) => col.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("company_name", "text", (col) => col.notNull())
        .addColumn("contact_name", "text", (col) => col.notNull())
        .addColumn("contact_email", "text", (col) => col.notNull())
        .addColumn("contact_phone", "text", (col) => col.notNull())
        .addColumn("charging_strategy", "text")
        .addColumn("updated_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
        .execute();
      await db.schema
        .createTable("depot_designs")
        .addColumn("depot_id", "integer", (col) => col.primaryKey().references("depots.id").onDelete("cascade"))
        .addColumn("components", "text", (col) => col.notNull())
        .addColumn("updated_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
        .execute();
      await db.schema
        .createTable("grid_imports")
        .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
        .addColumn("operator", "text", (col) => col.notNull())
        .addColumn("file_name", "text", (col) => col.notNull())
        .addColumn("data_date", "text", (col) => col.notNull())
        .addColumn("source", "text", (col) => col.notNull())
        .addColumn("licence", "text", (col) => col.notNull())
        .addColumn("attribution", "text", (col) => col.notNull())
        .addColumn("report", "text", (col) => col.notNull())
        .addColumn("imported_by", "text", (col) => col.notNull())
        .addColumn("imported_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
        .execute();
      await db.schema
        .createTable("substations")
        .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
        .addColumn("import_id", "integer", (col) => col.notNull().references("grid_imports.id").onDelete("cascade"))
        .addColumn("operator", "text", (col) => col.notNull())
        .addColumn("source_ref", "text", (col) => col.notNull())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("site_type", "text", (col) => col.notNull())
        .addColumn("voltage", "text")
        .addColumn("latitude", "double precision", (col) => col.notNull())
        .addColumn("longitude", "double precision", (col) => col.notNull())
        .addColumn("firm_capacity_mva", "double precision")
        .addColumn("peak_demand_mva", "double precision")
        .addColumn("headroom_mva", "double precision")
        .addColumn("rag", "text")
        .execute();
      await db.schema.createIndex("substations_operator").on("substations").column("operator").execute();
      await db.schema.createIndex("substations_import").on("substations").column("import_id").execute();
    },
  },
  "006_charging_plans": {
    async up(db, d) {
      // One charging plan per depot: the inputs as last run, the state of the run, and its results.
      await db.schema
        .createTable("depot_plans")
        .addColumn("depot_id", "integer", (col) => col.primaryKey().references("depots.id").onDelete("cascade"))
        .addColumn("inputs", "text", (col) => col.notNull())
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("progress", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("run_id", "text", (col) => col.notNull())
        .addColumn("results", "text")
        .addColumn("error", "text")
        .addColumn("started_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
        .addColumn("finished_at", d.timestampType)
        .execute();
    },
  },
  "007_hashed_session_tokens_and_investor_grants": {
    async up(db) {
      // Sessions from before tokens were stored as digests (hashed-session-tokens.server.ts): hashed in place,
      // so nobody is signed out and no token stays readable in the database.
      const sessions = db as unknown as Kysely<{ session: { id: string; token: string } }>;
      const rows = await sessions.selectFrom("session").select(["id", "token"]).execute();
      for (const row of rows) {
        if (!row.token.startsWith("sha256:"))
          await sessions
            .updateTable("session")
            .set({ token: hashSessionToken(row.token) })
            .where("id", "=", row.id)
            .execute();
      }
      // Investor-room unlocks, so that closing the room ends the grant on the server, not only in the browser.
      await db.schema
        .createTable("investor_grants")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("expires_at", "bigint", (col) => col.notNull())
        .execute();
    },
  },
  "008_plan_scenarios": {
    async up(db, d) {
      // Named copies of a depot's plan (inputs and results) to compare side by side.
      await db.schema
        .createTable("plan_scenarios")
        .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
        .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("inputs", "text", (col) => col.notNull())
        .addColumn("results", "text", (col) => col.notNull())
        .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
        .execute();
      await db.schema.createIndex("plan_scenarios_depot").on("plan_scenarios").column("depot_id").execute();
    },
  },
  "009_depot_origin": {
    async up(db) {
      // How a depot came in: a site survey (from a phone, with photos) or a line added in Company Setup. Surveys
      // always carried an idempotency key and Company Setup never did, so the rows already there can be told apart.
      await db.schema
        .alterTable("depots")
        .addColumn("origin", "text", (col) => col.notNull().defaultTo("survey"))
        .execute();
      await sql`update depots set origin = 'company-setup' where idempotency_key is null`.execute(db);
    },
  },
  "010_trip_imports": {
    async up(db, d) {
      // A depot's imported trip export (the latest; a new import replaces it in one transaction).
      await db.schema
        .createTable("trip_imports")
        .addColumn("depot_id", "integer", (col) => col.primaryKey().references("depots.id").onDelete("cascade"))
        .addColumn("file_name", "text", (col) => col.notNull())
        .addColumn("trips", "text", (col) => col.notNull())
        .addColumn("summary", "text", (col) => col.notNull())
        .addColumn("imported_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
        .execute();
    },
  },
  "011_charge_points": {
    async up(db, d) {
      // Box Charge (decision 031): a depot's chargers, what they last said, their sessions and meter readings.
      await db.schema
        .createTable("charge_points")
        .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
        .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
        .addColumn("identity", "text", (col) => col.notNull().unique())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("password_hash", "text", (col) => col.notNull())
        .addColumn("connectors", "integer", (col) => col.notNull())
        .addColumn("max_kw", "real", (col) => col.notNull())
        .addColumn("current_type", "text", (col) => col.notNull())
        .addColumn("protocol", "text")
        .addColumn("vendor", "text")
        .addColumn("model", "text")
        .addColumn("firmware", "text")
        .addColumn("booted_at", d.timestampType)
        .addColumn("connected_at", d.timestampType)
        .addColumn("disconnected_at", d.timestampType)
        .addColumn("last_seen_at", d.timestampType)
        // The limit (W) of the TxDefaultProfile it accepted: what a new transaction starts at, before its own profile.
        .addColumn("default_limit_w", "real")
        .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
        .execute();
      await db.schema.createIndex("charge_points_depot").on("charge_points").column("depot_id").execute();
      await db.schema
        .createTable("charge_point_connectors")
        .addColumn("charge_point_id", "integer", (col) =>
          col.notNull().references("charge_points.id").onDelete("cascade"),
        )
        .addColumn("connector_id", "integer", (col) => col.notNull())
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("error_code", "text")
        .addColumn("updated_at", d.timestampType, (col) => col.notNull())
        .addPrimaryKeyConstraint("charge_point_connectors_pk", ["charge_point_id", "connector_id"])
        .execute();
      await db.schema
        .createTable("charging_sessions")
        .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
        .addColumn("charge_point_id", "integer", (col) =>
          col.notNull().references("charge_points.id").onDelete("cascade"),
        )
        .addColumn("connector_id", "integer", (col) => col.notNull())
        // The charger's own reference: OCPP 2.0.1's transactionId, or the id this table gave a 1.6 transaction.
        .addColumn("transaction_ref", "text", (col) => col.notNull())
        .addColumn("id_tag", "text")
        .addColumn("started_at", d.timestampType, (col) => col.notNull())
        .addColumn("stopped_at", d.timestampType)
        .addColumn("meter_start_wh", "real", (col) => col.notNull())
        .addColumn("meter_last_wh", "real", (col) => col.notNull())
        .addColumn("power_w", "real", (col) => col.notNull().defaultTo(0))
        .addColumn("soc_pct", "real")
        .addColumn("stop_reason", "text")
        // The last limit Box Charge sent for it (W), and whether the charger was seen drawing above it.
        .addColumn("limit_w", "real")
        .addColumn("limit_sent_at", d.timestampType)
        .addColumn("ignores_limit", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("short_kwh", "real")
        .addColumn("short_reason", "text")
        .addColumn("updated_at", d.timestampType, (col) => col.notNull())
        .addUniqueConstraint("charging_sessions_ref", ["charge_point_id", "transaction_ref"])
        .execute();
      await db.schema.createIndex("charging_sessions_started").on("charging_sessions").column("started_at").execute();
      await db.schema
        .createTable("meter_readings")
        .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
        .addColumn("charge_point_id", "integer", (col) =>
          col.notNull().references("charge_points.id").onDelete("cascade"),
        )
        .addColumn("session_id", "integer", (col) => col.references("charging_sessions.id").onDelete("cascade"))
        .addColumn("connector_id", "integer", (col) => col.notNull())
        .addColumn("read_at", d.timestampType, (col) => col.notNull())
        .addColumn("energy_wh", "real")
        .addColumn("power_w", "real")
        .addColumn("soc_pct", "real")
        .execute();
      await db.schema
        .createIndex("meter_readings_point_time")
        .on("meter_readings")
        .columns(["charge_point_id", "read_at"])
        .execute();
      await db.schema
        .createTable("charge_point_events")
        .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
        .addColumn("charge_point_id", "integer", (col) =>
          col.notNull().references("charge_points.id").onDelete("cascade"),
        )
        .addColumn("kind", "text", (col) => col.notNull())
        .addColumn("detail", "text", (col) => col.notNull())
        .addColumn("created_at", d.timestampType, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("charge_point_events_point")
        .on("charge_point_events")
        .columns(["charge_point_id", "created_at"])
        .execute();
    },
  },
};

function inlineProvider(engine: Engine): MigrationProvider {
  const helpers = dialectHelpers(engine);
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return Object.fromEntries(
        Object.entries(migrations).map(([name, migration]) => [
          name,
          { up: (db: Kysely<unknown>) => migration.up(db, helpers) },
        ]),
      );
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, engine: Engine): Promise<string[]> {
  const migrator = new Migrator({ db, provider: inlineProvider(engine) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
