import { type AppMigration } from "./migration";

export const migration: AppMigration = {
  async up(db, d) {
    // Box Charge (decision 032): the id tags (RFID cards, vehicle ids) a depot's vehicles charge with, each named and
    // set to the plan's vehicle group whose duty it follows. tag_key is the tag in lower case: one row per tag.
    await db.schema
      .createTable("vehicle_tags")
      .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
      .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
      .addColumn("tag", "text", (col) => col.notNull())
      .addColumn("tag_key", "text", (col) => col.notNull())
      .addColumn("vehicle", "text", (col) => col.notNull())
      .addColumn("group_id", "text")
      .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .addUniqueConstraint("vehicle_tags_depot_tag", ["depot_id", "tag_key"])
      .execute();
  },
};
