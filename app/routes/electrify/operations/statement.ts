import { requireDepot } from "~/features/depots/index.server";
import { monthlyStatement, OPERATIONS_REACH, parseMonth, statementCsv } from "~/features/operations/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { getRuntime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/statement";

/** The depot's monthly statement as CSV (?month=YYYY-MM; this month without it). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  try {
    const depot = await requireDepot(runtime.database.db, user, parseId(params.depotId), OPERATIONS_REACH);
    const month = parseMonth(new URL(request.url).searchParams.get("month"));
    const statement = await monthlyStatement(runtime, depot, month);
    return new Response(statementCsv(depot.name, statement), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="box-charge-${depot.id}-${statement.month}.csv"`,
      },
    });
  } catch (error) {
    if (error instanceof UserError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
