import { sql } from "kysely";

import { type AppMigration } from "./migration";

/**
 * Issue 49, item 6: a depot's alerts (a vehicle that will leave short, a charger offline, …), one row per event, and
 * the kinds each member chose not to be e-mailed about.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("depot_alerts")
      .addColumn("id", d.serialType, d.serialPrimaryKey)
      .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
      // An AlertKind (features/alerts/alert-kinds.ts), and what it is about: "tag:12", "charger:3:1", "site".
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("subject_key", "text", (col) => col.notNull())
      .addColumn("subject", "text", (col) => col.notNull())
      // The alert's words as last seen (its reason and what to do), and the figure that says whether it worsened.
      .addColumn("reason", "text", (col) => col.notNull())
      .addColumn("advice", "text", (col) => col.notNull())
      .addColumn("value", "double precision")
      // First seen; shown and mailed once it has held its kind's time (a charger offline ten minutes, say).
      .addColumn("opened_at", d.timestampType, (col) => col.notNull())
      .addColumn("shown_at", d.timestampType)
      .addColumn("seen_at", d.timestampType, (col) => col.notNull())
      .addColumn("cleared_at", d.timestampType)
      // How many times it came back soon after it cleared (a flapping charger): one alert with a count.
      .addColumn("count", "integer", (col) => col.notNull().defaultTo(1))
      .addColumn("mailed_value", "double precision")
      .addColumn("mailed_at", d.timestampType)
      .execute();
    // One open alert per depot, kind and subject, however many processes look.
    await sql`create unique index depot_alerts_open on depot_alerts (depot_id, kind, subject_key) where cleared_at is null`.execute(
      db,
    );
    await db.schema.createIndex("depot_alerts_depot").on("depot_alerts").columns(["depot_id", "opened_at"]).execute();
    await db.schema
      .createTable("alert_opt_outs")
      .addColumn("member_id", "integer", (col) => col.notNull().references("company_members.id").onDelete("cascade"))
      .addColumn("kind", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("alert_opt_outs_pk", ["member_id", "kind"])
      .execute();
  },
};
