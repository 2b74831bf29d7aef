import { sql, type Kysely } from "kysely";

import type { Database } from "~/lib/db/schema";

/**
 * Who hears of a company's matters by e-mail (apply-by reminders, a depot's review): its owners and fleet managers,
 * and for a depot's matters that depot's managers, each unless they turned the company's e-mails off — or, for a
 * depot's alert (features/alerts), chose not to hear of that kind.
 */
export async function companyRecipients(
  db: Kysely<Database>,
  companyId: number,
  depotId: number | null = null,
  options: { alertKind?: string } = {},
): Promise<string[]> {
  const rows = await db
    .selectFrom("company_members")
    .innerJoin("user", "user.id", "company_members.user_id")
    .select("user.email")
    .where("company_members.company_id", "=", companyId)
    .where("company_members.notify", "=", sql<boolean>`${sql.lit(true)}`)
    .where((eb) =>
      eb.or([
        eb("company_members.role", "in", ["owner", "fleet_manager"]),
        ...(depotId === null
          ? []
          : [
              eb.and([
                eb("company_members.role", "=", "depot_manager"),
                eb(
                  "company_members.id",
                  "in",
                  eb.selectFrom("member_depots").select("member_id").where("depot_id", "=", depotId),
                ),
              ]),
            ]),
      ]),
    )
    .$if(options.alertKind !== undefined, (q) =>
      q.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("alert_opt_outs")
              .select("alert_opt_outs.kind")
              .whereRef("alert_opt_outs.member_id", "=", "company_members.id")
              .where("alert_opt_outs.kind", "=", options.alertKind!),
          ),
        ),
      ),
    )
    .where((eb) => eb.or([eb("user.banned", "is", null), eb("user.banned", "=", sql<boolean>`${sql.lit(false)}`)]))
    .orderBy("company_members.id")
    .execute();
  return rows.map((row) => row.email);
}
