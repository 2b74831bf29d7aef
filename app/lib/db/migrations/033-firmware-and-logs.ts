import { type AppMigration } from "./migration";

/**
 * Issue 59, items 3 and 4. `firmware_images`: an image a company uploaded (the file in the file store), the version it
 * installs and, for 2.0.1, its signature. `firmware_rollouts`: one image to a depot's chargers of one model, in waves.
 * `firmware_updates`: one charger's update (alone or in a rollout's wave), with the hash of its one-time download token
 * and what the charger said. `charger_uploads`: diagnostics or logs a charger was asked to upload, over HTTPS (a
 * one-time URL) or FTP (a one-time user), and the file it sent. `charge_points.firmware_status` is what it said last.
 */
export const migration: AppMigration = {
  async up(db, d) {
    const no = d.engine === "postgres" ? false : 0;
    await db.schema
      .createTable("firmware_images")
      .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
      .addColumn("company_id", "integer", (col) => col.notNull().references("companies.id").onDelete("cascade"))
      .addColumn("file_name", "text", (col) => col.notNull())
      .addColumn("file_key", "text", (col) => col.notNull())
      .addColumn("bytes", "integer", (col) => col.notNull())
      .addColumn("sha256", "text", (col) => col.notNull())
      .addColumn("version", "text", (col) => col.notNull())
      .addColumn("model", "text")
      .addColumn("signing_certificate", "text")
      .addColumn("signature", "text")
      .addColumn("created_at", d.timestampType, (col) => col.notNull())
      .execute();
    await db.schema
      .createTable("firmware_rollouts")
      .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
      .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
      .addColumn("image_id", "integer", (col) => col.notNull().references("firmware_images.id").onDelete("cascade"))
      .addColumn("model", "text", (col) => col.notNull())
      .addColumn("first_wave", "integer", (col) => col.notNull())
      .addColumn("while_charging", d.booleanType, (col) => col.notNull().defaultTo(no))
      // running, paused, done, cancelled
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("detail", "text")
      .addColumn("created_at", d.timestampType, (col) => col.notNull())
      .addColumn("updated_at", d.timestampType, (col) => col.notNull())
      .execute();
    await db.schema
      .createTable("firmware_updates")
      .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
      .addColumn("charge_point_id", "integer", (col) =>
        col.notNull().references("charge_points.id").onDelete("cascade"),
      )
      .addColumn("image_id", "integer", (col) => col.notNull().references("firmware_images.id").onDelete("cascade"))
      .addColumn("rollout_id", "integer", (col) => col.references("firmware_rollouts.id").onDelete("cascade"))
      .addColumn("wave", "integer", (col) => col.notNull())
      .addColumn("while_charging", d.booleanType, (col) => col.notNull().defaultTo(no))
      // waiting, sent, then the charger's word (Downloading, Downloaded, Installing, Installed…), done, failed, cancelled
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("detail", "text")
      .addColumn("token_hash", "text")
      .addColumn("downloads", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("version_before", "text")
      .addColumn("sent_at", d.timestampType)
      .addColumn("created_at", d.timestampType, (col) => col.notNull())
      .addColumn("updated_at", d.timestampType, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("firmware_updates_point_status")
      .on("firmware_updates")
      .columns(["charge_point_id", "status"])
      .execute();
    await db.schema.createIndex("firmware_updates_rollout").on("firmware_updates").column("rollout_id").execute();
    await db.schema.createIndex("firmware_updates_token").on("firmware_updates").column("token_hash").execute();
    await createUploads(db, d);
    await db.schema.alterTable("charge_points").addColumn("firmware_status", "text").execute();
  },
};

/** Diagnostics and logs a charger was asked to upload. */
const createUploads: AppMigration["up"] = async (db, d) => {
  await db.schema
    .createTable("charger_uploads")
    .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
    .addColumn("charge_point_id", "integer", (col) => col.notNull().references("charge_points.id").onDelete("cascade"))
    // diagnostics (1.6), log or security-log (2.0.1)
    .addColumn("kind", "text", (col) => col.notNull())
    // https or ftp
    .addColumn("transport", "text", (col) => col.notNull())
    // requested, then the charger's word (Uploading, Uploaded, UploadFailed…), received, failed
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("detail", "text")
    .addColumn("token_hash", "text")
    .addColumn("file_name", "text")
    .addColumn("file_key", "text")
    .addColumn("bytes", "integer")
    .addColumn("expires_at", d.timestampType, (col) => col.notNull())
    .addColumn("created_at", d.timestampType, (col) => col.notNull())
    .addColumn("updated_at", d.timestampType, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("charger_uploads_point")
    .on("charger_uploads")
    .columns(["charge_point_id", "status"])
    .execute();
  await db.schema.createIndex("charger_uploads_token").on("charger_uploads").column("token_hash").execute();
};
