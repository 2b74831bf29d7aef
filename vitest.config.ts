import { defineConfig } from "vitest/config";

import LongestFirstSequencer from "./tests/setup/longest-first-sequencer";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // The files that take longest first (tests/setup/longest-first-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "node",
          // CI runs them beside the crash tests (scripts/test.sh): a property test of 3 s alone may take twice that.
          testTimeout: 30_000,
          // Two files at once (Vitest's default on two cores is one): the crash tests beside them mostly wait, and
          // the files' 154 s one after the other left a core idle.
          maxWorkers: 2,
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/postgres.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/fail-on-server-faults.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Three files at once: most of an integration test's time is its server processes and their sockets, so
          // two files left a quarter of the two cores idle and three keep them busier (1,026 s of CPU in 574 s, 177 %
          // of the two cores, where two files took some 615 s in CI).
          maxWorkers: 3,
        },
      },
    ],
  },
});
