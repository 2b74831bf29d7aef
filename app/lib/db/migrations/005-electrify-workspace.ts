import { type AppMigration } from "./migration";

export const migration: AppMigration = {
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
};
