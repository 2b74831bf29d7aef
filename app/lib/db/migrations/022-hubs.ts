import { type AppMigration } from "./migration";

/**
 * Issue 50: hubs (a depot whose chargers other companies contract), and the contracts hauliers ask for there.
 * Prices are whole pence; a contract keeps the prices it was asked at, so a change to the hub's list never touches it.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("hubs")
      .addColumn("id", d.serialType, d.serialPrimaryKey)
      // The site (its chargers, connection and own load are the depot's); its operator is the depot's company.
      .addColumn("depot_id", "integer", (col) => col.notNull().unique().references("depots.id").onDelete("cascade"))
      .addColumn("name", "text", (col) => col.notNull())
      // "proposed" until the consultancy's admins approve it, then "open"; "closed" takes no new contracts.
      .addColumn("status", "text", (col) => col.notNull())
      // Open on these days ("0,1,2,3,4" = Monday to Friday), from and to (minutes after midnight; to <= from: overnight).
      .addColumn("open_days", "text", (col) => col.notNull())
      .addColumn("open_from", "integer", (col) => col.notNull())
      .addColumn("open_to", "integer", (col) => col.notNull())
      .addColumn("pence_per_kwh", "integer", (col) => col.notNull())
      .addColumn("pence_per_visit", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("pence_per_reserved_hour", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("overstay_pence_per_hour", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("grace_minutes", "integer", (col) => col.notNull().defaultTo(30))
      .addColumn("proposed_by", "text", (col) => col.references("user.id").onDelete("set null"))
      .addColumn("approved_by", "text", (col) => col.references("user.id").onDelete("set null"))
      .addColumn("approved_at", d.timestampType)
      .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .execute();
    await db.schema
      .createTable("hub_contracts")
      .addColumn("id", d.serialType, d.serialPrimaryKey)
      .addColumn("hub_id", "integer", (col) => col.notNull().references("hubs.id").onDelete("cascade"))
      // The haulier: the company whose vehicles visit.
      .addColumn("company_id", "integer", (col) => col.notNull().references("companies.id").onDelete("cascade"))
      // "requested", "accepted", "declined" or "withdrawn".
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("vehicle_type", "text", (col) => col.notNull())
      .addColumn("battery_kwh", "double precision", (col) => col.notNull())
      .addColumn("max_kw", "double precision", (col) => col.notNull())
      .addColumn("vehicles", "integer", (col) => col.notNull())
      .addColumn("days", "text", (col) => col.notNull())
      .addColumn("arrive_from", "integer", (col) => col.notNull())
      .addColumn("arrive_to", "integer", (col) => col.notNull())
      .addColumn("depart_from", "integer", (col) => col.notNull())
      .addColumn("depart_to", "integer", (col) => col.notNull())
      .addColumn("energy_kwh", "double precision", (col) => col.notNull())
      .addColumn("pence_per_kwh", "integer", (col) => col.notNull())
      .addColumn("pence_per_visit", "integer", (col) => col.notNull())
      .addColumn("pence_per_reserved_hour", "integer", (col) => col.notNull())
      .addColumn("overstay_pence_per_hour", "integer", (col) => col.notNull())
      // The engine's check when it was asked for and when it was decided (hub-week.ts): peak, limit, full hours.
      .addColumn("check_json", d.jsonType, (col) => col.notNull())
      .addColumn("requested_by", "text", (col) => col.references("user.id").onDelete("set null"))
      .addColumn("requested_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .addColumn("decided_by", "text", (col) => col.references("user.id").onDelete("set null"))
      .addColumn("decided_at", d.timestampType)
      .addColumn("decision_note", "text")
      .execute();
    await db.schema.createIndex("hub_contracts_hub").on("hub_contracts").columns(["hub_id", "status"]).execute();
    await db.schema.createIndex("hub_contracts_company").on("hub_contracts").columns(["company_id"]).execute();
  },
};
