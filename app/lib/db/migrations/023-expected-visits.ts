import { sql } from "kysely";

import { type AppMigration } from "./migration";

/**
 * Issue 50: a vehicle expected at a depot for one visit (a hub's booking), which the live controller plans for by its
 * tag: room kept from its arrival until it is late by its grace, its need and departure once it plugs in. And the
 * bookings themselves, within a haulier's contract at a hub.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("expected_visits")
      .addColumn("id", d.serialType, d.serialPrimaryKey)
      .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
      // Upper case, as chargers send it in any case.
      .addColumn("tag", "text", (col) => col.notNull())
      .addColumn("vehicle", "text", (col) => col.notNull())
      .addColumn("arrives_at", d.timestampType, (col) => col.notNull())
      // Room is kept for it until then; a vehicle not plugged in by then is a no-show and its room is freed.
      .addColumn("holds_until", d.timestampType, (col) => col.notNull())
      .addColumn("departs_at", d.timestampType, (col) => col.notNull())
      .addColumn("needed_kwh", "double precision", (col) => col.notNull())
      .addColumn("max_kw", "double precision", (col) => col.notNull())
      .addColumn("cancelled_at", d.timestampType)
      .execute();
    await db.schema
      .createIndex("expected_visits_depot")
      .on("expected_visits")
      .columns(["depot_id", "departs_at"])
      .execute();
    await db.schema
      .createTable("hub_bookings")
      .addColumn("id", d.serialType, d.serialPrimaryKey)
      .addColumn("contract_id", "integer", (col) => col.notNull().references("hub_contracts.id").onDelete("cascade"))
      .addColumn("hub_id", "integer", (col) => col.notNull().references("hubs.id").onDelete("cascade"))
      .addColumn("company_id", "integer", (col) => col.notNull().references("companies.id").onDelete("cascade"))
      .addColumn("visit_date", "text", (col) => col.notNull())
      .addColumn("vehicle", "text", (col) => col.notNull())
      .addColumn("tag", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("expected_visit_id", "integer", (col) => col.references("expected_visits.id").onDelete("set null"))
      .addColumn("created_by", "text", (col) => col.references("user.id").onDelete("set null"))
      .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .execute();
    // One booking per tag a day at a hub, however many ask at once.
    await sql`create unique index hub_bookings_tag on hub_bookings (hub_id, visit_date, tag) where status = 'booked'`.execute(
      db,
    );
    await db.schema
      .createIndex("hub_bookings_contract")
      .on("hub_bookings")
      .columns(["contract_id", "visit_date"])
      .execute();
  },
};
