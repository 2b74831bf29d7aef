/**
 * Disputes of a statement's line (issue 50, item 5): the haulier's team disputes a line of its month at a hub, with a
 * reason; the hub's operator (or the consultancy's admins) upholds or rejects it, saying why. A month is open for
 * disputes until the end of the month after it; then it is closed. The haulier sees its own disputes, the operator
 * and the admins every customer's; anyone else's answers as if it did not exist.
 */
import { DateTime } from "luxon";
import { z } from "zod";

import type { DepotViewer } from "~/features/depots/index.server";
import { authorize, companyOf, customerRowsWhere } from "~/lib/access/access.server";
import { formatPence } from "~/lib/money";
import { parseId } from "~/lib/parse-id";
import type { Runtime } from "~/lib/runtime.server";
import { parseMonth } from "~/lib/uk-clock";
import { UK_ZONE } from "~/lib/uk-dates";
import { invalidInput, UserError } from "~/lib/user-error";

import { customerResource, readHub, requireHub, seesEveryCustomer, type HubView } from "./hubs.server";
import { hubStatement, STATEMENT_GONE } from "./statements.server";
import type { DisputeRow } from "./views";

type Deps = Pick<Runtime, "database">;
export const DISPUTE_GONE = "That dispute no longer exists.";

export const disputeSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose the month."),
  line: z.coerce.number().int().min(0, "Choose the line you dispute."),
  reason: z.string().trim().min(5, "Say why you dispute it.").max(1_000, "At most 1,000 characters."),
});
export const resolutionSchema = z.object({
  disputeId: z.coerce.number().int().positive(),
  resolution: z.string().trim().min(5, "Say how it was resolved.").max(1_000, "At most 1,000 characters."),
});

/** Whether a month's statement may still be disputed at `now`: until the end of the month after it. */
export const monthOpen = (month: string, now = Date.now()) =>
  DateTime.fromISO(`${month}-01`, { zone: UK_ZONE }).plus({ months: 2 }).toMillis() > now;

/** The haulier disputes one line of its month's statement (as it reads now). */
export async function disputeLine(
  deps: Deps,
  viewer: DepotViewer,
  hubId: number,
  fields: unknown,
  now = Date.now(),
): Promise<number> {
  const hub = await requireHub(deps, viewer, hubId);
  // The customer disputes its own statement: the principal's own company's (the admins and the operator have none).
  const company = companyOf(viewer);
  authorize(viewer, "statement.dispute", customerResource(hub.facts, company?.id ?? 0), STATEMENT_GONE, hub.name);
  const parsed = disputeSchema.safeParse(fields);
  if (!parsed.success) throw invalidInput(parsed.error);
  const input = parsed.data;
  const month = parseMonth(input.month);
  const label = month.toFormat("LLLL yyyy");
  if (!monthOpen(input.month, now))
    throw new UserError(`${label} is closed: its statement can no longer be disputed.`, {
      fieldErrors: { month: `${label} is closed.` },
    });
  const statement = await hubStatement(deps, viewer, hub.id, month, company!.id);
  const line = statement.lines[input.line];
  if (!line)
    throw new UserError("Choose a line of the statement.", {
      fieldErrors: { line: "Choose a line of the statement." },
    });
  const text = `${line.date} · ${line.vehicle} · ${line.what} · ${line.quantity} · ${formatPence(line.pence)}`;
  const open = await deps.database.db
    .selectFrom("statement_disputes")
    .select("id")
    .where("hub_id", "=", hub.id)
    .where("company_id", "=", company!.id)
    .where("line", "=", text)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (open)
    throw new UserError("That line is already disputed.", { status: 409, fieldErrors: { line: "Already disputed." } });
  const row = await deps.database.db
    .insertInto("statement_disputes")
    .values({
      hub_id: hub.id,
      company_id: company!.id,
      month: input.month,
      line: text,
      pence: line.pence,
      reason: input.reason,
      status: "open",
      created_by: viewer.id,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The operator (or an admin) upholds or rejects a dispute, saying why. */
export async function resolveDispute(
  deps: Deps,
  viewer: DepotViewer,
  hubId: number,
  fields: unknown,
  upheld: boolean,
): Promise<void> {
  const disputeId = parseId(String((fields as { disputeId?: unknown })?.disputeId ?? ""));
  const row = await deps.database.db
    .selectFrom("statement_disputes")
    .select(["id", "status", "company_id"])
    .where("id", "=", disputeId)
    .where("hub_id", "=", hubId)
    .executeTakeFirst();
  const hub = row ? await readHub(deps, hubId, viewer) : null;
  if (!row || !hub) throw new UserError(DISPUTE_GONE, { status: 404 });
  authorize(viewer, "hub.decide", customerResource(hub.facts, row.company_id), DISPUTE_GONE, hub.name);
  const parsed = resolutionSchema.safeParse(fields);
  if (!parsed.success) throw invalidInput(parsed.error);
  const input = parsed.data;
  if (row.status !== "open") throw new UserError(`That dispute was already ${row.status}.`, { status: 409 });
  await deps.database.db
    .updateTable("statement_disputes")
    .set({
      status: upheld ? "upheld" : "rejected",
      resolution: input.resolution,
      resolved_by: viewer.id,
      resolved_at: new Date().toISOString(),
    })
    .where("id", "=", row.id)
    .where("status", "=", "open")
    .execute();
}

/** The hub's disputes the viewer may see: a haulier its own, the operator and the admins every customer's. */
export async function hubDisputes(deps: Deps, viewer: DepotViewer, hub: HubView): Promise<DisputeRow[]> {
  let query = deps.database.db
    .selectFrom("statement_disputes")
    .innerJoin("companies", "companies.id", "statement_disputes.company_id")
    .select([
      "statement_disputes.id",
      "companies.company_name as company",
      "month",
      "line",
      "reason",
      "status",
      "resolution",
    ])
    .where("hub_id", "=", hub.id)
    .orderBy("statement_disputes.id", "desc");
  if (!seesEveryCustomer(viewer, hub.facts))
    query = query.where(customerRowsWhere(viewer, "statement_disputes.company_id"));
  return query.execute();
}
