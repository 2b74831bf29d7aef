import { type AppMigration } from "./migration";

export const migration: AppMigration = {
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
};
