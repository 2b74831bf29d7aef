import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { removeOrphanPhotos, SHARED_GRACE_MS } from "~/features/surveys/index.server";
import { createUser } from "~/features/users/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { createS3Storage } from "~/lib/storage.server";

import { insertDepot } from "../support/depots";
import { startS3Server } from "../support/s3";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

describe("photo files no survey refers to", () => {
  let runtime: Runtime;
  let s3: Awaited<ReturnType<typeof startS3Server>>;

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase("sqlite"));
    s3 = await startS3Server();
    const owner = await createUser(runtime, { email: "owner@fleet.example", password: "owner-password" });
    const depot = await insertDepot(runtime, { user_id: owner.id, depot_name: "Kept Yard", depot_address: "1 Road" });
    await runtime.database.db
      .insertInto("survey_photos")
      .values({
        depot_id: depot,
        image_type: "electrical_panel",
        storage_key: "surveys/kept/a.jpg",
        thumbnail_key: "surveys/kept/a-thumb.jpg",
        content_type: "image/jpeg",
        width: 1,
        height: 1,
        bytes: 1,
      })
      .execute();
  });
  afterAll(async () => {
    await runtime?.database.destroy();
    await s3?.stop();
  });

  it("removes local files left by a killed upload, and keeps every referenced one and anything outside surveys/", async () => {
    for (const key of [
      "surveys/kept/a.jpg",
      "surveys/kept/a-thumb.jpg",
      "surveys/killed/b.jpg",
      "surveys/killed/b-thumb.jpg",
      "investors/pitch-deck.pdf",
    ])
      await runtime.storage.put(key, Buffer.from(key));
    const result = await removeOrphanPhotos(runtime);
    expect(result.removed.sort()).toEqual(["surveys/killed/b-thumb.jpg", "surveys/killed/b.jpg"]);
    expect(await runtime.storage.read("surveys/killed/b.jpg")).toBeNull();
    expect(await runtime.storage.read("surveys/kept/a.jpg")).not.toBeNull();
    expect(await runtime.storage.read("investors/pitch-deck.pdf")).not.toBeNull();
    expect((await removeOrphanPhotos(runtime)).removed).toEqual([]);
  });

  it("on a shared bucket, leaves fresh files alone (another instance may be saving them)", async () => {
    const storage = createS3Storage({
      bucket: s3.env.S3_BUCKET,
      endpoint: s3.env.S3_ENDPOINT,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    });
    const deps = { database: runtime.database, storage };
    await storage.put("surveys/kept/a.jpg", Buffer.from("kept"));
    await storage.put("surveys/in-flight/c.jpg", Buffer.from("in flight"));
    expect((await removeOrphanPhotos(deps)).removed).toEqual([]);
    const later = Date.now() + SHARED_GRACE_MS + 60_000;
    expect((await removeOrphanPhotos(deps, later)).removed).toEqual(["surveys/in-flight/c.jpg"]);
    expect(await storage.read("surveys/in-flight/c.jpg")).toBeNull();
    expect(await storage.read("surveys/kept/a.jpg")).not.toBeNull();
  });
});
