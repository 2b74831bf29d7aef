import { readParams, submissionParamsSchema } from "~/features/admin";
import { exportSubmissionsCsv } from "~/features/admin/index.server";
import { requireAdmin } from "~/lib/auth/guards.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/submissions-csv";

/** The submissions table's rows (every page) for the same search, filter and order, as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const params = readParams(submissionParamsSchema, new URL(request.url).searchParams);
  const { csv } = await exportSubmissionsCsv(getRuntime(), params);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="depot-submissions-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
