import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  // Kept whole: a migration is the list of tables it creates, in order; it is
  // read (and never changed after release) as that list.
  // eslint-disable-next-line max-lines-per-function -- kept whole, for the reason above
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
};
