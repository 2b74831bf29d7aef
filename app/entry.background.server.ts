/**
 * The background process's entry (built to build/server/background-process.js
 * by the plugin in vite.config.ts; started by ~/lib/background at a lower
 * priority). Importing a module registers the tasks it defines with
 * `backgroundTask`; every module that defines one is listed here.
 */
import "~/lib/auth/password-tasks.server";
import "~/features/grid/parse-grid-file.server";
import "~/features/planning/report/render-report.server";
import "~/features/roadmap/roadmap-tasks.server";
import "~/features/surveys/encode-photo.server";
import "~/features/trips/read-trips.server";
import "~/features/trips/trip-figures.server";

import { serveBackgroundTasks } from "~/lib/background/background-process";

serveBackgroundTasks();
