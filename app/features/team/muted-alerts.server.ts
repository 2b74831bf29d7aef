/**
 * Which kinds of a depot's alerts a member chose not to be e-mailed about: a member's own setting, like whether they
 * hear the company's e-mails at all (company_members.notify), so the team keeps it (alert_opt_outs). The kinds
 * themselves are the alerts feature's; here they are only text.
 */
import type { Kysely } from "kysely";

import type { Database } from "~/lib/db/schema";

export async function mutedAlertKinds(db: Kysely<Database>, memberId: number): Promise<string[]> {
  const rows = await db.selectFrom("alert_opt_outs").select("kind").where("member_id", "=", memberId).execute();
  return rows.map((r) => r.kind);
}

/** Replaces the member's muted kinds with these, in one transaction. */
export async function setMutedAlertKinds(db: Kysely<Database>, memberId: number, kinds: readonly string[]) {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("alert_opt_outs").where("member_id", "=", memberId).execute();
    if (kinds.length)
      await tx
        .insertInto("alert_opt_outs")
        .values(kinds.map((kind) => ({ member_id: memberId, kind })))
        .execute();
  });
}
