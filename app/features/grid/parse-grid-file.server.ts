import { backgroundTask } from "~/lib/background/background.server";

import { parseGridFile } from "./importers";

/**
 * A network operator's file (up to 25 MB, 20,000 substations) parsed in the
 * lower-priority background process: a large file never holds up page requests.
 */
export const parseGridFileInBackground = backgroundTask(
  "parseGridFile",
  async (operator: Parameters<typeof parseGridFile>[0], text: string) => parseGridFile(operator, text),
);
