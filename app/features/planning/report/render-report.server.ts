import { backgroundTask } from "~/lib/background/background.server";

import type { renderDepotReport } from "./report-document.server";

/**
 * A depot's charging-plan report (PDF) rendered in the lower-priority
 * background process, from data already checked to be the viewer's: several
 * reports at once never slow page requests. Photos cross the process boundary
 * as Uint8Arrays (structured clone); the PDF renderer wants Buffers.
 */
export const renderDepotReportInBackground = backgroundTask(
  "renderDepotReport",
  async (report: Parameters<typeof renderDepotReport>[0]) => {
    // The PDF renderer is loaded by the first report, not by every start of every process (decision 040).
    const { renderDepotReport } = await import("./report-document.server");
    return Buffer.from(
      await renderDepotReport({
        ...report,
        photos: report.photos.map((photo) => ({ ...photo, data: Buffer.from(photo.data) })),
      }),
    );
  },
);
