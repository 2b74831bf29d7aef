/**
 * Planning depot-years off the server's main thread: in the background
 * process (at a lower priority, decision 019) in the embedded default. A
 * roadmap sends its depot-years a few at a time and waits for each batch, so
 * a password check or a photo sent meanwhile waits for one batch, not for
 * the whole roadmap.
 */
import { backgroundTask } from "~/lib/background/background.server";

import { planDepotYear, type DepotYearRequest } from "./depot-year";
import type { PortfolioReportData } from "./report/portfolio-report.server";

export const planDepotYearsInBackground = backgroundTask("planDepotYears", async (inputs: DepotYearRequest[]) =>
  inputs.map(planDepotYear),
);

/** The portfolio's PDF, rendered in the background process like the depot's report. */
export const renderPortfolioReportInBackground = backgroundTask(
  "renderPortfolioReport",
  // The PDF renderer is loaded by the first report, not by every start of every process (decision 040).
  async (data: PortfolioReportData) =>
    Buffer.from(await (await import("./report/portfolio-report.server")).renderPortfolioReport(data)),
);
