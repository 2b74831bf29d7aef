import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { surveyFieldsSchema } from "~/features/surveys";
import { submitSurvey } from "~/features/surveys/index.server";
import { createUser } from "~/features/users/index.server";
import { createLocalStorage, createS3Storage, type FileStorage } from "~/lib/storage.server";

import { makePhoto } from "../support/images";
import { startS3Server } from "../support/s3";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

async function readText(storage: FileStorage, key: string) {
  const file = await storage.read(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return { text: Buffer.concat(chunks).toString(), bytes: file.bytes };
}

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

const backends: [string, () => FileStorage][] = [
  ["local files", () => createLocalStorage(mkdtempSync(path.join(tmpdir(), "electrify-files-")))],
  [
    "an S3-compatible bucket",
    () =>
      createS3Storage({
        bucket: s3.env.S3_BUCKET,
        endpoint: s3.env.S3_ENDPOINT,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
      }),
  ],
];

describe.each(backends)("storage on %s", (_name, make) => {
  it("writes, reads, replaces and removes a file", async () => {
    const storage = make();
    await storage.put("surveys/abc/area.jpg", new TextEncoder().encode("first"));
    expect(await readText(storage, "surveys/abc/area.jpg")).toEqual({ text: "first", bytes: 5 });
    await storage.put("surveys/abc/area.jpg", new TextEncoder().encode("second!"));
    expect(await readText(storage, "surveys/abc/area.jpg")).toEqual({ text: "second!", bytes: 7 });
    await storage.remove("surveys/abc/area.jpg");
    expect(await storage.read("surveys/abc/area.jpg")).toBeNull();
    expect(await storage.read("surveys/never/was.jpg")).toBeNull();
  });

  it.each(["../auth-secret", "/etc/passwd", "surveys/../../x", "Surveys/UPPER.jpg", "a//b"])(
    "refuses the unsafe key %s",
    async (key) => {
      const storage = make();
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow("Unsafe storage key");
      await expect(storage.read(key)).rejects.toThrow("Unsafe storage key");
    },
  );
});

describe("a survey saved to the bucket", () => {
  it("stores the photos in S3 and nothing under DATA_DIR/files", async () => {
    const database = await createTestDatabase("sqlite");
    const runtime = await openTestRuntime(database, s3.env);
    try {
      const created = await createUser(runtime, { email: "bucket@haulier.example", password: "secret1" });
      const dir = mkdtempSync(path.join(tmpdir(), "electrify-photos-"));
      const fields = surveyFieldsSchema.parse({
        depotName: "S3 Depot",
        depotAddress: "1 Bucket Lane",
        latitude: "51",
        longitude: "-1",
        idempotencyKey: crypto.randomUUID(),
      });
      const result = await submitSurvey(runtime, await viewerOf(runtime, created), fields, [
        { kind: "proposed_charging_area", path: await makePhoto(dir, "a.jpg") },
      ]);
      const photo = await runtime.database.db
        .selectFrom("survey_photos")
        .selectAll()
        .where("depot_id", "=", result.depotId)
        .executeTakeFirstOrThrow();
      const viaBucket = createS3Storage({
        bucket: s3.env.S3_BUCKET,
        endpoint: s3.env.S3_ENDPOINT,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
      });
      expect((await viaBucket.read(photo.storage_key))?.bytes).toBe(photo.bytes);
      expect(await createLocalStorage(database.dataDir).read(photo.storage_key)).toBeNull();
    } finally {
      await runtime.database.destroy();
    }
  });
});
