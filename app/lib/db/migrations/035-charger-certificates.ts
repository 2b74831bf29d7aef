import { type AppMigration } from "./migration";

/**
 * Issue 59, item 6: secure connections. `charger_authority` holds the product's certificate authority for its chargers
 * (one row: the CA's certificate and private key), `charger_certificates` what it issued to each charger (signed from
 * the charger's own request, so its private key never leaves it). `charge_points.security_profile` is the lowest OCPP
 * security profile the charger may connect with (1: Basic auth; 2: TLS and Basic auth; 3: mutual TLS), and
 * `security_profile_target` one it is being raised to, kept until it connects that way or falls back;
 * `connected_profile` the profile of its present (or last) connection.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema
      .createTable("charger_authority")
      .addColumn("id", "integer", (col) => col.primaryKey())
      .addColumn("certificate_pem", "text", (col) => col.notNull())
      .addColumn("private_key_pem", "text", (col) => col.notNull())
      .addColumn("created_at", d.timestampType, (col) => col.notNull())
      .execute();
    await db.schema
      .createTable("charger_certificates")
      .addColumn("id", d.serialType, (col) => d.serialPrimaryKey(col))
      .addColumn("charge_point_id", "integer", (col) =>
        col.notNull().references("charge_points.id").onDelete("cascade"),
      )
      .addColumn("serial", "text", (col) => col.notNull().unique())
      .addColumn("fingerprint", "text", (col) => col.notNull().unique())
      .addColumn("subject", "text", (col) => col.notNull())
      .addColumn("certificate_pem", "text", (col) => col.notNull())
      .addColumn("not_before", d.timestampType, (col) => col.notNull())
      .addColumn("not_after", d.timestampType, (col) => col.notNull())
      .addColumn("issued_at", d.timestampType, (col) => col.notNull())
      .addColumn("used_at", d.timestampType)
      .addColumn("revoked_at", d.timestampType)
      .execute();
    await db.schema
      .createIndex("charger_certificates_charge_point")
      .on("charger_certificates")
      .column("charge_point_id")
      .execute();
    await db.schema
      .alterTable("charge_points")
      .addColumn("security_profile", "integer", (col) => col.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable("charge_points").addColumn("security_profile_target", "integer").execute();
    await db.schema.alterTable("charge_points").addColumn("security_profile_detail", "text").execute();
    await db.schema.alterTable("charge_points").addColumn("security_profile_asked_at", d.timestampType).execute();
    await db.schema.alterTable("charge_points").addColumn("connected_profile", "integer").execute();
  },
};
