import { type AppMigration } from "./migration";

/**
 * Issue 49: what the fleet's systems and the depot's people tell of each vehicle, and the keys those systems call
 * the fleet API with.
 */
export const migration: AppMigration = {
  async up(db, d) {
    // One row per named vehicle (a vehicle tag): its last state of charge and when it was read, its next departure,
    // and what it must leave with (a charge in %, or an energy still to put in). A reading or a need told while the
    // vehicle was on charge keeps that session and its meter then (`*_session_id`, `*_from_wh`), so what it has had
    // since is counted from there. Each part says who told it ("fleet" through the API,
    // "hand" on the board). Goes with its tag.
    await db.schema
      .createTable("vehicle_states")
      .addColumn("vehicle_tag_id", "integer", (col) =>
        col.primaryKey().references("vehicle_tags.id").onDelete("cascade"),
      )
      .addColumn("soc_pct", "double precision")
      .addColumn("soc_read_at", d.timestampType)
      .addColumn("soc_source", "text")
      .addColumn("soc_session_id", "integer")
      .addColumn("soc_from_wh", "double precision")
      .addColumn("departs_at", d.timestampType)
      .addColumn("target_soc_pct", "double precision")
      .addColumn("needed_kwh", "double precision")
      .addColumn("needed_session_id", "integer")
      .addColumn("needed_from_wh", "double precision")
      .addColumn("plan_source", "text")
      .addColumn("updated_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .execute();
    // A company's keys for the fleet API: the key itself is shown once and kept only as its SHA-256.
    await db.schema
      .createTable("api_keys")
      .addColumn("id", d.serialType, d.serialPrimaryKey)
      .addColumn("company_id", "integer", (col) => col.notNull().references("companies.id").onDelete("cascade"))
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("key_hash", "text", (col) => col.notNull().unique())
      .addColumn("key_start", "text", (col) => col.notNull())
      .addColumn("created_by", "text", (col) => col.references("user.id").onDelete("set null"))
      .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .addColumn("last_used_at", d.timestampType)
      .addColumn("revoked_at", d.timestampType)
      .execute();
    await db.schema.createIndex("api_keys_company_id").on("api_keys").column("company_id").execute();
    // Every call made with a key, answered or refused: what it asked and what it was answered.
    await db.schema
      .createTable("api_calls")
      .addColumn("id", d.serialType, d.serialPrimaryKey)
      .addColumn("api_key_id", "integer", (col) => col.notNull().references("api_keys.id").onDelete("cascade"))
      .addColumn("method", "text", (col) => col.notNull())
      .addColumn("path", "text", (col) => col.notNull())
      .addColumn("status", "integer", (col) => col.notNull())
      .addColumn("detail", "text")
      .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .execute();
    await db.schema
      .createIndex("api_calls_key_created")
      .on("api_calls")
      .columns(["api_key_id", "created_at"])
      .execute();
  },
};
