import { DateTime } from "luxon";
import { data } from "react-router";

import { hubStatement, statementCsv, statementPdf } from "~/features/hubs/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { getRuntime } from "~/lib/runtime.server";
import { parseMonth } from "~/lib/uk-clock";
import { UK_ZONE } from "~/lib/uk-dates";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/statement";

/**
 * A haulier's monthly statement at a hub, as CSV or PDF (?month=YYYY-MM; for the operator and the admins also
 * &company=ID). Another company's statement answers as if it did not exist.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const url = new URL(request.url);
  const search = url.searchParams;
  try {
    const month = parseMonth(search.get("month"));
    const company = search.has("company") ? parseId(search.get("company")) : null;
    const s = await hubStatement(runtime, user, parseId(params.hubId), month, company);
    const name = `statement-${s.number}`;
    if (url.pathname.endsWith(".pdf")) {
      const pdf = await statementPdf(s, DateTime.now().setZone(UK_ZONE).toFormat("dd LLL yyyy"));
      return new Response(new Uint8Array(pdf), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${name}.pdf"`,
          "Cache-Control": "private, no-store",
        },
      });
    }
    return new Response(statementCsv(s), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof UserError) throw data(error.message, { status: error.status });
    throw error;
  }
}
