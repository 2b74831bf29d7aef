import { sql, type Kysely } from "kysely";

import { type DialectHelpers } from "../dialect.server";
import { type AppMigration } from "./migration";

/**
 * A haulier is a team (issue 48, decision 048): companies have members with roles, depots and roadmaps belong to a
 * company, and every account that had a company, a roadmap or depots becomes the owner of a company holding exactly
 * what it had. The old per-user tables are read by the upgrade step, then dropped.
 */
export const migration: AppMigration = {
  async up(db, d) {
    await db.schema.alterTable("companies").renameTo("companies_by_user").execute();
    await db.schema.alterTable("roadmaps").renameTo("roadmaps_by_user").execute();
    await createTeamTables(db, d);
    await db.schema
      .alterTable("depots")
      .addColumn("company_id", "integer", (col) => col.references("companies.id"))
      .execute();
    await db.schema.createIndex("depots_company_id").on("depots").column("company_id").execute();
    await db.schema
      .createTable("roadmaps")
      .addColumn("company_id", "integer", (col) => col.primaryKey().references("companies.id").onDelete("cascade"))
      .addColumn("settings", "text", (col) => col.notNull())
      .addColumn("updated_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
      .execute();
    await upgradeAccountsToCompanies(db, d);
    await keepCompanyDataWhenAPersonGoes(db, d);
    await db.schema.dropTable("companies_by_user").execute();
    await db.schema.dropTable("roadmaps_by_user").execute();
  },
};

async function createTeamTables(db: Kysely<unknown>, d: DialectHelpers): Promise<void> {
  await db.schema
    .createTable("companies")
    .addColumn("id", d.serialType, d.serialPrimaryKey)
    .addColumn("company_name", "text", (col) => col.notNull())
    .addColumn("contact_name", "text")
    .addColumn("contact_email", "text")
    .addColumn("contact_phone", "text")
    .addColumn("charging_strategy", "text")
    .addColumn("details_saved", d.booleanType, (col) => col.notNull().defaultTo(d.engine === "postgres" ? false : 0))
    .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
    .addColumn("updated_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
    .execute();
  await db.schema
    .createTable("company_members")
    .addColumn("id", d.serialType, d.serialPrimaryKey)
    .addColumn("company_id", "integer", (col) => col.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("notify", d.booleanType, (col) => col.notNull().defaultTo(d.engine === "postgres" ? true : 1))
    .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
    .addUniqueConstraint("company_members_company_user", ["company_id", "user_id"])
    .execute();
  await db.schema.createIndex("company_members_user_id").on("company_members").column("user_id").execute();
  await db.schema
    .createTable("member_depots")
    .addColumn("member_id", "integer", (col) => col.notNull().references("company_members.id").onDelete("cascade"))
    .addColumn("depot_id", "integer", (col) => col.notNull().references("depots.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("member_depots_pk", ["member_id", "depot_id"])
    .execute();
  await db.schema
    .createTable("company_invitations")
    .addColumn("id", d.serialType, d.serialPrimaryKey)
    .addColumn("company_id", "integer", (col) => col.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("depot_ids", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("invited_by", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
    .addColumn("expires_at", d.timestampType, (col) => col.notNull())
    .addColumn("accepted_at", d.timestampType)
    .addColumn("accepted_by", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("revoked_at", d.timestampType)
    .execute();
  await db.schema
    .createTable("company_activity")
    .addColumn("id", d.serialType, d.serialPrimaryKey)
    .addColumn("company_id", "integer", (col) => col.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("actor_id", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("actor_email", "text", (col) => col.notNull())
    .addColumn("by_admin", d.booleanType, (col) => col.notNull().defaultTo(d.engine === "postgres" ? false : 0))
    .addColumn("action", "text", (col) => col.notNull())
    // No reference: the log outlives a removed depot, and says what it was called.
    .addColumn("depot_id", "integer")
    .addColumn("depot_name", "text")
    .addColumn("created_at", d.timestampType, (col) => col.notNull().defaultTo(d.now()))
    .execute();
  await db.schema
    .createIndex("company_activity_company")
    .on("company_activity")
    .columns(["company_id", "id"])
    .execute();
  await db.schema
    .createTable("session_companies")
    .addColumn("session_id", "text", (col) => col.primaryKey().references("session.id").onDelete("cascade"))
    .addColumn("company_id", "integer", (col) => col.notNull().references("companies.id").onDelete("cascade"))
    .execute();
}

/**
 * `depots.user_id` (who added a depot) still cascades from the person, and changing the reference needs a rebuild of
 * `depots` on SQLite. Instead the database refuses to delete a person who added depots: deactivating them (a ban)
 * is how someone leaves, and a company's data never goes with a person.
 */
async function keepCompanyDataWhenAPersonGoes(db: Kysely<unknown>, d: DialectHelpers): Promise<void> {
  const message =
    "A person who added depots cannot be deleted: the depots are their company's. Deactivate them instead.";
  if (d.engine === "sqlite") {
    await sql`create trigger user_keeps_company_data before delete on "user"
      when exists (select 1 from depots where depots.user_id = old.id)
      begin select raise(abort, ${sql.lit(message)}); end`.execute(db);
    return;
  }
  await sql`create function user_keeps_company_data() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from depots where depots.user_id = old.id) then
        raise exception ${sql.lit(message)};
      end if;
      return old;
    end $$`.execute(db);
  await sql`create trigger user_keeps_company_data before delete on "user"
    for each row execute function user_keeps_company_data()`.execute(db);
}

type LegacyCompany = {
  user_id: string;
  company_name: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  charging_strategy: string | null;
};
type Account = { id: string; email: string; name: string; role: string | null; organization: string | null };

/**
 * Every account becomes the owner of a company holding what it had (its company row, roadmap and depots; every
 * account could add depots before, and each still can); depots without a company join their creator's. Safe to run again: an account that is already
 * a member gets no second company, and a depot that has a company keeps it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs against the schema as it is mid-migration
export async function upgradeAccountsToCompanies(db: Kysely<any>, d: DialectHelpers): Promise<void> {
  const tables = new Set((await db.introspection.getTables()).map((t) => t.name));
  const legacy: LegacyCompany[] = tables.has("companies_by_user")
    ? ((await db.selectFrom("companies_by_user").selectAll().execute()) as LegacyCompany[])
    : [];
  const legacyRoadmaps: { user_id: string; settings: string }[] = tables.has("roadmaps_by_user")
    ? await db.selectFrom("roadmaps_by_user").select(["user_id", "settings"]).execute()
    : [];
  const accounts: Account[] = await db
    .selectFrom("user")
    .leftJoin("profiles", "profiles.id", "user.id")
    .select(["user.id", "user.email", "user.name", "user.role", "profiles.organization"])
    .orderBy("user.createdAt")
    .execute();
  const companyOf = new Map(legacy.map((c) => [c.user_id, c]));
  for (const account of accounts) {
    // Within the migration's own transaction on PostgreSQL; one per account when run again on its own.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    const inOneStep = (work: (trx: Kysely<any>) => Promise<void>) =>
      db.isTransaction ? work(db) : db.transaction().execute(work);
    await inOneStep(async (trx) => {
      const companyId = await ownCompany(trx, d, account, companyOf.get(account.id));
      await trx
        .updateTable("depots")
        .set({ company_id: companyId })
        .where("user_id", "=", account.id)
        .where("company_id", "is", null)
        .execute();
      const roadmap = legacyRoadmaps.find((r) => r.user_id === account.id);
      if (roadmap) {
        await trx
          .insertInto("roadmaps")
          .values({ company_id: companyId, settings: roadmap.settings })
          .onConflict((oc) => oc.column("company_id").doNothing())
          .execute();
      }
    });
  }
}

/** The company the account owns (its first), created from its old company row or its profile if it has none. */
async function ownCompany(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see upgradeAccountsToCompanies
  trx: Kysely<any>,
  d: DialectHelpers,
  account: Account,
  legacy: LegacyCompany | undefined,
): Promise<number> {
  const membership = await trx
    .selectFrom("company_members")
    .select("company_id")
    .where("user_id", "=", account.id)
    .orderBy(sql`case when role = 'owner' then 0 else 1 end`)
    .orderBy("id")
    .executeTakeFirst();
  if (membership) return membership.company_id as number;
  const saved = legacy !== undefined;
  const company = await trx
    .insertInto("companies")
    .values({
      company_name: legacy?.company_name || account.organization || fallbackName(account),
      contact_name: legacy?.contact_name ?? null,
      contact_email: legacy?.contact_email ?? null,
      contact_phone: legacy?.contact_phone ?? null,
      charging_strategy: legacy?.charging_strategy ?? null,
      details_saved: d.engine === "postgres" ? saved : saved ? 1 : 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("company_members")
    .values({ company_id: company.id, user_id: account.id, role: "owner" })
    .execute();
  return company.id as number;
}

function fallbackName(account: Account): string {
  return account.name.trim() ? `${account.name.trim()}'s company` : account.email;
}
