import { sql } from "kysely";

import { type AppMigration } from "./migration";

/**
 * Issue 58 (decision 056): a fleet API key's scopes (what it may be used for; a key made before scopes may do all
 * three), and which company each vehicle tag belongs to — a tag is one company's, wherever its depots are, so a hub
 * booking can only name the booking company's own vehicles, and a charger's session is matched to one company. The
 * first company to have registered a tag keeps it (as the product already behaved within a hub). A hub booking keeps
 * its own visit's times and need (copied from the expected visit it asked operations to keep), so the hubs feature
 * reads only its own tables.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .alterTable("api_keys")
      .addColumn("scopes", "text", (col) => col.notNull().defaultTo("fleet:read,fleet:write,hubs:book"))
      .execute();
    await db.schema
      .createTable("tag_owners")
      .addColumn("tag_key", "text", (col) => col.primaryKey())
      .addColumn("company_id", "integer", (col) => col.notNull().references("companies.id").onDelete("cascade"))
      .addColumn("created_at", "text", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("tag_owners_company").on("tag_owners").column("company_id").execute();
    await sql`
      insert into tag_owners (tag_key, company_id, created_at)
      select vehicle_tags.tag_key, min(depots.company_id), min(vehicle_tags.created_at)
      from vehicle_tags join depots on depots.id = vehicle_tags.depot_id
      where depots.company_id is not null
      group by vehicle_tags.tag_key`.execute(db);
    for (const column of ["arrives_at", "holds_until", "departs_at"])
      await db.schema.alterTable("hub_bookings").addColumn(column, d.timestampType).execute();
    await db.schema.alterTable("hub_bookings").addColumn("needed_kwh", "double precision").execute();
    await sql`
      update hub_bookings set
        arrives_at = (select arrives_at from expected_visits where expected_visits.id = hub_bookings.expected_visit_id),
        holds_until = (select holds_until from expected_visits where expected_visits.id = hub_bookings.expected_visit_id),
        departs_at = (select departs_at from expected_visits where expected_visits.id = hub_bookings.expected_visit_id),
        needed_kwh = (select needed_kwh from expected_visits where expected_visits.id = hub_bookings.expected_visit_id)`.execute(
      db,
    );
  },
};
