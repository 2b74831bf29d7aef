import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/users/index.server";

import { abortedUpload } from "../support/aborted-upload";
import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { temporaryFilesLeft } from "../support/temp-files";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

/**
 * A phone losing signal in a yard sends half a survey and is gone. The server
 * must answer everyone else as before, and keep no file of the broken upload.
 * Run on the embedded defaults with one serving process and with two.
 */
for (const processes of [1, 2]) {
  describe(`an aborted survey upload with ${processes} serving process${processes > 1 ? "es" : ""}`, () => {
    let server: AppServer;
    let dataDir: string;
    let cookie = "";

    beforeAll(async () => {
      const database = await createTestDatabase("sqlite");
      dataDir = database.dataDir;
      const seed = await openTestRuntime(database);
      await createUser(seed, { email: "driver@haulier.example", password: "driver-password" });
      await seed.database.destroy();
      server = await startAppServer({ DATA_DIR: dataDir, WEB_CONCURRENCY: String(processes), LOG_LEVEL: "info" });
      cookie = await signIn(server, "driver@haulier.example", "driver-password");
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("keeps serving every page while 20 uploads are cut off mid-body, and leaves no temporary file", async () => {
      let reading = true;
      const pages: number[] = [];
      const failures: string[] = [];
      const reader = (async () => {
        while (reading) {
          for (const pathname of ["/", "/depots", "/account"]) {
            try {
              const response = await fetch(`${server.url}${pathname}`, { headers: { cookie } });
              pages.push(response.status);
              await response.arrayBuffer();
            } catch (error) {
              failures.push(`${pathname}: ${String(error)}`);
            }
          }
        }
      })();
      for (let i = 0; i < 20; i++) await abortedUpload(server, cookie);
      // Let the last aborts be noticed before the reader stops.
      await new Promise((resolve) => setTimeout(resolve, 500));
      reading = false;
      await reader;

      expect(failures).toEqual([]);
      expect(pages.length).toBeGreaterThan(20);
      expect(pages.every((status) => status === 200)).toBe(true);
      expect(server.process.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/Unhandled|uncaught|serving process stopped/i);
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      // Each upload's folder is removed when its request ends.
      expect(await temporaryFilesLeft(dataDir)).toEqual([]);
    });

    it("stays up when ten uploads with a file part the survey does not take are cut off after 4 KB", async () => {
      // The reader skips such a part; before issue 30 a skipped part had no error listener and the cut-off stopped the server.
      for (let i = 0; i < 10; i++) await abortedUpload(server, cookie, { field: "photo", bytes: 4_000 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const home = await fetch(`${server.url}/`);
      expect(home.status).toBe(200);
      expect(server.faults()).toEqual([]);
      expect(server.process.exitCode).toBeNull();
    });
  });
}
