import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { BackupError, createBackup, restoreBackup } from "~/features/backup/index.server";
import { createUser } from "~/features/users/index.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer } from "../support/app-server";
import { insertDepot } from "../support/depots";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

const root = path.resolve(import.meta.dirname, "../..");
const photo = (n: number) => Buffer.from(`jpeg bytes of photo ${n} `.repeat(50 + n));

describe("backup and restore (SQLite and local files)", () => {
  let database: TestDatabase;
  let runtime: Runtime;
  const depotIds: number[] = [];
  const scratch = mkdtempSync(path.join(tmpdir(), "electrify-backup-"));

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    runtime = await openTestRuntime(database);
    const owner = await createUser(runtime, { email: "owner@fleet.example", password: "owner-password" });
    await createUser(runtime, { email: "admin@fleet.example", password: "admin-password", role: "admin" });
    for (let d = 0; d < 3; d++) {
      const id = await insertDepot(runtime, {
        user_id: owner.id,
        depot_name: `Yard ${d}`,
        depot_address: `${d} Backup Road`,
      });
      depotIds.push(id);
      for (let p = 0; p < 2; p++) {
        const key = `surveys/${id}/${p}.jpg`;
        await runtime.storage.put(key, photo(d * 10 + p));
        await runtime.storage.put(`surveys/${id}/${p}-thumb.jpg`, photo(d * 10 + p + 100));
        await runtime.database.db
          .insertInto("survey_photos")
          .values({
            depot_id: id,
            image_type: "electrical_panel",
            storage_key: key,
            thumbnail_key: `surveys/${id}/${p}-thumb.jpg`,
            content_type: "image/jpeg",
            width: 10,
            height: 10,
            bytes: 10,
          })
          .execute();
      }
    }
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("backs up while running and restores every user, depot and photo into a fresh data directory", async () => {
    const out = path.join(scratch, "nightly.tar.gz");
    const manifest = await createBackup(runtime, runtime.env, out);
    expect(manifest.counts).toMatchObject({ users: 2, depots: 3, photos: 6, files: 12 });
    // Writes after the backup are not in it.
    await insertDepot(runtime, {
      user_id: (await runtime.database.db.selectFrom("user").select("id").executeTakeFirstOrThrow()).id,
      depot_name: "Later Yard",
      depot_address: "After",
    });

    const fresh = path.join(scratch, "restored");
    const restored = await restoreBackup(out, fresh);
    expect(restored.counts).toEqual(manifest.counts);
    const copy = await openTestRuntime({ engine: "sqlite", dataDir: fresh });
    try {
      const depots = await copy.database.db.selectFrom("depots").select(["id", "depot_name"]).orderBy("id").execute();
      expect(depots.map((d) => d.depot_name)).toEqual(["Yard 0", "Yard 1", "Yard 2"]);
      expect(
        (await copy.database.db.selectFrom("user").select("email").orderBy("email").execute()).map((u) => u.email),
      ).toEqual(["admin@fleet.example", "owner@fleet.example"]);
      const photos = await copy.database.db.selectFrom("survey_photos").selectAll().orderBy("id").execute();
      expect(photos).toHaveLength(6);
      for (const row of photos) {
        for (const key of [row.storage_key, row.thumbnail_key]) {
          const [original, back] = await Promise.all([runtime.storage.read(key), copy.storage.read(key)]);
          expect(await buffer(back!.stream)).toEqual(await buffer(original!.stream));
        }
      }
      // The auth secret came back too, so the restored server signs people in as before.
      expect(readFileSync(path.join(fresh, "auth-secret"), "utf8")).toBe(
        readFileSync(path.join(database.dataDir, "auth-secret"), "utf8"),
      );
    } finally {
      await copy.database.destroy();
    }
    const server = await startAppServer({ DATA_DIR: fresh });
    try {
      const cookie = await signIn(server, "owner@fleet.example", "owner-password");
      const page = await fetch(`${server.url}/depots/${depotIds[1]}`, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Yard 1");
    } finally {
      await server.stop();
    }
  }, 60_000);

  it("refuses to restore over a database, or from an archive that is incomplete, changing nothing", async () => {
    const out = path.join(scratch, "second.tar.gz");
    await createBackup(runtime, runtime.env, out);
    await expect(restoreBackup(out, database.dataDir)).rejects.toThrow(/already holds a database/);

    // An archive that lost a photo's file is refused before anything is written.
    const unpacked = mkdtempSync(path.join(scratch, "unpacked-"));
    await tar.extract({ file: out, cwd: unpacked });
    const broken = path.join(scratch, "broken.tar.gz");
    rmSync(path.join(unpacked, "files", "surveys", String(depotIds[0]), "0.jpg"));
    await tar.create({ gzip: true, file: broken, cwd: unpacked }, readdirSync(unpacked));
    const target = path.join(scratch, "never");
    await expect(restoreBackup(broken, target)).rejects.toThrow(BackupError);
    await expect(restoreBackup(broken, target)).rejects.toThrow(/lacks 1 photo file/);
    expect(existsSync(path.join(target, "electrify.sqlite"))).toBe(false);

    const notABackup = path.join(scratch, "holiday.tar.gz");
    writeFileSync(path.join(scratch, "photo.txt"), "hello");
    await tar.create({ gzip: true, file: notABackup, cwd: scratch }, ["photo.txt"]);
    await expect(restoreBackup(notABackup, target)).rejects.toThrow(
      "This is not an Electrify backup (no manifest.json).",
    );
  });

  it("works from the command line", () => {
    const out = path.join(scratch, "cli.tar.gz");
    const cli = (args: string[], env: Record<string, string>) =>
      spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "app/cli/main.ts", ...args], {
        cwd: root,
        env: { PATH: process.env.PATH, LOG_LEVEL: "warn", ...env },
        encoding: "utf8",
      });
    const backup = cli(["backup", "--out", out], { DATA_DIR: database.dataDir });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/^Backed up 2 users, 4 depots, 6 photos and 12 files \([\d.]+ MB\) to /);
    const into = path.join(scratch, "cli-restored");
    const restore = cli(["restore", "--from", out, "--data-dir", into], {});
    expect(restore.stdout).toContain(`Restored 2 users, 4 depots, 6 photos and 12 files`);
    const again = cli(["restore", "--from", out, "--data-dir", into], {});
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("already holds a database");
  }, 60_000);
});

describe("backup on PostgreSQL", () => {
  it("says how to back up instead of pretending", async () => {
    const database = await createTestDatabase("postgres");
    const runtime = await openTestRuntime(database);
    try {
      await expect(createBackup(runtime, runtime.env, path.join(tmpdir(), "never.tar.gz"))).rejects.toThrow(
        /uses PostgreSQL: back up the database with pg_dump/,
      );
    } finally {
      await runtime.database.destroy();
    }
  });
});
