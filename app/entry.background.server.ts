/**
 * The background process's entry (built to build/server/background-process.js
 * by the plugin in vite.config.ts; started by ~/lib/background at a lower
 * priority). Importing a module registers the tasks it defines with
 * `backgroundTask`; each feature that defines one lists its tasks in its
 * `background.server.ts` door, imported here.
 */
import "~/lib/auth/password-tasks.server";
import "~/features/grid/background.server";
import "~/features/hubs/background.server";
import "~/features/planning/background.server";
import "~/features/portfolio/background.server";
import "~/features/surveys/background.server";
import "~/features/trips/background.server";

import { serveBackgroundTasks } from "~/lib/background/background-process";

serveBackgroundTasks();
