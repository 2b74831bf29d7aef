import { defineConfig } from "vitest/config";

/** Integration tests that time the server: they run alone, after the others. */
const ALONE = ["tests/integration/supervisor.test.ts"];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: ALONE,
          environment: "node",
          globalSetup: ["tests/setup/postgres.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/fail-on-server-faults.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at once: most of an integration test's time is its server processes and their sockets, so two
          // share the two cores where one left half idle (the hostile-input suites and the body fuzzer, some 200 s
          // each, no longer run end to end).
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // What is measured against the clock while the machine is otherwise quiet: how soon a killed serving
          // process is replaced. Run after the rest (scripts/test.sh), one file at a time.
          name: "integration-alone",
          include: ALONE,
          environment: "node",
          globalSetup: ["tests/setup/postgres.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/fail-on-server-faults.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
