import { data } from "react-router";

import { latestChargingMonth } from "~/features/operations/index.server";
import { getReportData, renderDepotReportInBackground } from "~/features/planning/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/report";

/** 'Download report (PDF)': one of the viewer's own depots with a computed plan; anything else is the same 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const id = parseId(params.id);
  const report = id > 0 ? await getReportData(runtime, user, id) : null;
  if (!report) throw data("No report: choose one of your depots and run its charging plan first.", { status: 404 });
  // The depot's metered charging, when its chargers run with Box Charge.
  report.charging = await latestChargingMonth(runtime, user, id);
  const pdf = await renderDepotReportInBackground(report);
  const fileName = `${
    report.depot.name
      .replace(/[^A-Za-z0-9 _-]+/g, "")
      .trim()
      .replace(/\s+/g, "-")
      .slice(0, 60) || "depot"
  }-report.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
