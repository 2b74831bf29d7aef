import { type AppMigration } from "./migration";

/**
 * Issue 60, item 4: the network's limits obeyed. `network_instructions` holds each limit the network set on a depot's
 * site (kVA at most, from and until), given by hand on Operations or through the fleet API; `network_signals` when
 * the network's channel (the fleet API) was last heard for a depot: a flexible connection's non-firm part is used
 * only while it is heard (fail safe).
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("network_instructions")
      .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
      .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
      .addColumn("starts_at", d.timestampType, (col) => col.notNull())
      .addColumn("ends_at", d.timestampType, (col) => col.notNull())
      .addColumn("limit_kva", "real", (col) => col.notNull())
      .addColumn("source", "text", (col) => col.notNull())
      .addColumn("reason", "text")
      .addColumn("created_by", "text")
      .addColumn("created_at", d.timestampType, (col) => col.notNull())
      .addColumn("cancelled_at", d.timestampType)
      .execute();
    await db.schema
      .createIndex("network_instructions_depot")
      .on("network_instructions")
      .columns(["depot_id", "ends_at"])
      .execute();
    await db.schema
      .createTable("network_signals")
      .addColumn("depot_id", "integer", (col) => col.primaryKey().references("depots.id").onDelete("cascade"))
      .addColumn("heard_at", d.timestampType, (col) => col.notNull())
      .addColumn("heard_by", "text")
      .execute();
  },
};
