import { DateTime } from "luxon";
import { data } from "react-router";

import { getCompanyValues } from "~/features/company/index.server";
import { portfolioOf, renderPortfolioReportInBackground, roadmapFor } from "~/features/portfolio/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { getRuntime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";

import type { Route } from "./+types/report";

/** The portfolio edition of the PDF report: the viewer's own company's roadmap, connection requests and depots. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const today = DateTime.now().setZone(UK_ZONE).toISODate()!;
  const [{ roadmap, depots }, company] = await Promise.all([
    roadmapFor(runtime, portfolioOf(user), today),
    getCompanyValues(runtime, user),
  ]);
  if (depots.length === 0) throw data("No depots yet: add them in Company Setup first.", { status: 404 });
  const stages = Object.fromEntries(depots.flatMap((d) => (d.application ? [[d.id, d.application.stage]] : [])));
  const pdf = await renderPortfolioReportInBackground({
    companyName: company.values.companyName || "Your company",
    generatedOn: today,
    roadmap,
    stages,
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": 'attachment; filename="portfolio-roadmap.pdf"',
      "Cache-Control": "private, no-store",
    },
  });
}
