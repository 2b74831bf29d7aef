import type { TestProject } from "vitest/node";

import { startThrowawayPostgres } from "../support/throwaway-postgres";

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * Starts a throwaway PostgreSQL cluster on a loopback port for the integration
 * tests (each test file makes its own database in it), unless
 * TEST_DATABASE_URL points at a server to use instead.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide("postgresUrl", given);
    return;
  }
  const postgres = await startThrowawayPostgres();
  project.provide("postgresUrl", postgres.url);
  return () => postgres.stop();
}
