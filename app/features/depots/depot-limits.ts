import type { Kysely, Transaction } from "kysely";

import type { Database } from "~/lib/db/schema";
import { UserError } from "~/lib/user-error";

/**
 * The most depots one company may hold. Large fleets run tens of depots; the
 * cap stops a script from filling the consultancy's review queue (issue 17
 * measured 3,000 depots in 2 s) and bounds every per-company list and plan.
 */
export const MAX_DEPOTS_PER_ACCOUNT = 250;
export const DEPOT_LIMIT_MESSAGE = `Your account has reached its limit of ${MAX_DEPOTS_PER_ACCOUNT} depots. Contact us if you need more.`;

/** Throws a UserError (409) when `adding` more depots would take the company past the cap. Call it inside the transaction that inserts them. */
export async function assertRoomForDepots(
  db: Kysely<Database> | Transaction<Database>,
  companyId: number,
  adding: number,
): Promise<void> {
  if (adding <= 0) return;
  const row = await db
    .selectFrom("depots")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("company_id", "=", companyId)
    .executeTakeFirst();
  if (Number(row?.count ?? 0) + adding > MAX_DEPOTS_PER_ACCOUNT)
    throw new UserError(DEPOT_LIMIT_MESSAGE, { status: 409 });
}
