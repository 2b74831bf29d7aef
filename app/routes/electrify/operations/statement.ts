import { depotStatementCsv } from "~/features/operations/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { getRuntime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/statement";

/** The depot's monthly statement as CSV (?month=YYYY-MM; this month without it). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  try {
    const month = new URL(request.url).searchParams.get("month");
    const { depot, month: shown, csv } = await depotStatementCsv(getRuntime(), user, parseId(params.depotId), month);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="box-charge-${depot.id}-${shown}.csv"`,
      },
    });
  } catch (error) {
    if (error instanceof UserError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
