import { copyFile, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { surveyFieldsSchema } from "~/features/surveys";
import { submitSurvey, type UploadedPhoto } from "~/features/surveys/index.server";
import { createUser } from "~/features/users/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import { deliverDueMail } from "~/lib/mail/outbox.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { makePhoto } from "../support/images";
import { startSmtpServer } from "../support/smtp";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { viewerOf } from "../support/viewers";

const fields = (overrides: Record<string, unknown> = {}) =>
  surveyFieldsSchema.parse({
    depotName: "Avonmouth Cross-Dock",
    depotAddress: "Kings Weston Lane, Bristol BS11 8AZ",
    numberOfEVs: "12",
    cableRunObstacles: "",
    additionalNotes: "Yard floods in winter",
    latitude: "51.5012345",
    longitude: "-2.6912345",
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  });

async function storedFiles(runtime: Runtime) {
  const root = path.join(runtime.env.DATA_DIR, "files/surveys");
  try {
    const dirs = await readdir(root);
    return (
      await Promise.all(dirs.map(async (dir) => (await readdir(path.join(root, dir))).map((f) => `${dir}/${f}`)))
    ).flat();
  } catch {
    return [];
  }
}

describe("the survey schema", () => {
  it("turns an empty or non-numeric vehicle count into null and refuses negatives", () => {
    expect(fields({ numberOfEVs: "" }).numberOfEVs).toBeNull();
    expect(fields({ numberOfEVs: "lots" }).numberOfEVs).toBeNull();
    expect(surveyFieldsSchema.safeParse({ ...fields(), numberOfEVs: "-1" }).success).toBe(false);
  });

  it("gives the specification's messages", () => {
    const result = surveyFieldsSchema.safeParse({
      depotName: " ",
      depotAddress: "",
      idempotencyKey: crypto.randomUUID(),
    });
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining(["Depot name is required", "Address is required", "Please capture your depot location"]),
    );
  });
});

describe.each(ENGINES)("submitting surveys on %s", (engine) => {
  let runtime: Runtime;
  let user: SessionUser;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let dir: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    runtime = await openTestRuntime(await createTestDatabase(engine), {
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: "surveys@consultancy.example",
    });
    const created = await createUser(runtime, { email: "yard@haulier.example", password: "secret1" });
    user = await viewerOf(runtime, created);
    dir = await mkdtemp(path.join(tmpdir(), "electrify-photos-"));
  });
  afterAll(async () => {
    await runtime?.database.destroy();
    await smtp?.stop();
  });

  it("saves the depot with its photos re-encoded (orientation applied, metadata gone) and thumbnails, and e-mails both parties", async () => {
    const photos: UploadedPhoto[] = [
      {
        kind: "proposed_charging_area",
        path: await makePhoto(dir, "area.jpg", { width: 4000, height: 3000, orientation: 6 }),
      },
      { kind: "electrical_panel", path: await makePhoto(dir, "panel.png", { format: "png" }) },
      { kind: "cable_run", path: await makePhoto(dir, "run1.webp", { format: "webp" }) },
      { kind: "cable_run", path: await makePhoto(dir, "run2.jpg") },
    ];
    const result = await submitSurvey(runtime, user, fields(), photos);
    expect(result).toMatchObject({ emailSent: true, duplicate: false });

    const depot = await runtime.database.db
      .selectFrom("depots")
      .selectAll()
      .where("id", "=", result.depotId)
      .executeTakeFirstOrThrow();
    expect(depot).toMatchObject({
      depot_name: "Avonmouth Cross-Dock",
      number_of_vehicles: 12,
      status: "pending",
      contact_email: "yard@haulier.example",
      cable_run_obstacles: null,
    });
    expect(depot.location_address).toBe("Location at 51.501235, -2.691235");

    const rows = await runtime.database.db
      .selectFrom("survey_photos")
      .selectAll()
      .where("depot_id", "=", result.depotId)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.image_type)).toEqual([
      "proposed_charging_area",
      "electrical_panel",
      "cable_run_1",
      "cable_run_2",
    ]);
    // 4000×3000 with EXIF orientation 6 (rotate 90°) becomes 1920×2560: upright and within 2560 px.
    expect([rows[0]!.width, rows[0]!.height]).toEqual([1920, 2560]);
    const stored = await runtime.storage.read(rows[0]!.storage_key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect((await sharp(await readAll(runtime, rows[0]!.thumbnail_key)).metadata()).width).toBe(480);

    await expect.poll(() => smtp.messages.length).toBe(1);
    await deliverDueMail(runtime);
    const confirmation = smtp.messages.find((m) => m.to.includes("yard@haulier.example"));
    expect(confirmation?.subject).toBe("We received your depot survey: Avonmouth Cross-Dock");
    expect(confirmation?.text).toContain("within 2-3 business days");
    const notice = smtp.messages.find((m) => m.to.includes("surveys@consultancy.example"));
    expect(notice?.subject).toBe("New depot survey: Avonmouth Cross-Dock");
    expect(notice?.text).toContain(`/admin/depot/${result.depotId}`);
  });

  it("creates one depot for a repeated submission with the same key", async () => {
    const once = fields();
    const photo = (name: string) =>
      makePhoto(dir, name).then((p) => [{ kind: "proposed_charging_area" as const, path: p }]);
    const [first, second] = await Promise.all([
      submitSurvey(runtime, user, once, await photo("d1.jpg")),
      submitSurvey(runtime, user, once, await photo("d2.jpg")),
    ]);
    expect(first.depotId).toBe(second.depotId);
    const count = await runtime.database.db
      .selectFrom("depots")
      .select("id")
      .where("idempotency_key", "=", once.idempotencyKey)
      .execute();
    expect(count).toHaveLength(1);
    const photos = await runtime.database.db
      .selectFrom("survey_photos")
      .select("storage_key")
      .where("depot_id", "=", first.depotId)
      .execute();
    expect(photos).toHaveLength(1);
  });

  it("saves nothing and leaves no file behind when one photo is not an image or is HEIC", async () => {
    const before = await storedFiles(runtime);
    const depotsBefore = (await runtime.database.db.selectFrom("depots").select("id").execute()).length;
    const fake = path.join(dir, "notes.jpg");
    await writeFile(fake, "this is not a photo");
    const heic = path.join(dir, "photo.heic");
    await writeFile(
      heic,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: "#888" } })
        .heif({ compression: "av1" })
        .toBuffer(),
    );
    const good = await makePhoto(dir, "ok.jpg");
    await expect(
      submitSurvey(runtime, user, fields(), [
        { kind: "proposed_charging_area", path: good },
        { kind: "electrical_panel", path: fake },
      ]),
    ).rejects.toThrow(UserError);
    await expect(
      submitSurvey(runtime, user, fields(), [{ kind: "proposed_charging_area", path: heic }]),
    ).rejects.toThrow(/HEIC photos are not supported/);
    expect(await storedFiles(runtime)).toEqual(before);
    expect((await runtime.database.db.selectFrom("depots").select("id").execute()).length).toBe(depotsBefore);
  });

  it("keeps the survey when the mail server is down, and the outbox delivers it later", async () => {
    smtp.failNext(1);
    const sentBefore = smtp.messages.length;
    const copy = path.join(dir, "late.jpg");
    await copyFile(await makePhoto(dir, "late-src.jpg"), copy);
    const result = await submitSurvey(runtime, user, fields({ depotName: "Late Mail Depot" }), [
      { kind: "proposed_charging_area", path: copy },
    ]);
    expect(result.emailSent).toBe(false);
    expect(
      await runtime.database.db
        .selectFrom("depots")
        .select("depot_name")
        .where("id", "=", result.depotId)
        .executeTakeFirst(),
    ).toEqual({ depot_name: "Late Mail Depot" });
    const pending = await runtime.database.db
      .selectFrom("outbox")
      .select(["attempts", "last_error"])
      .where("subject", "like", "%Late Mail Depot")
      .where("recipient", "=", "yard@haulier.example")
      .executeTakeFirstOrThrow();
    expect(pending.attempts).toBe(1);
    expect(pending.last_error).toContain("Mailbox temporarily unavailable");
    await deliverDueMail(runtime, Date.now() + 60 * 60_000);
    expect(smtp.messages.slice(sentBefore).map((m) => m.subject)).toEqual(
      expect.arrayContaining(["We received your depot survey: Late Mail Depot", "New depot survey: Late Mail Depot"]),
    );
  });
});

async function readAll(runtime: Runtime, key: string) {
  const file = await runtime.storage.read(key);
  const chunks: Buffer[] = [];
  for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
