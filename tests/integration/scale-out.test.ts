import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/users/index.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { makePhoto } from "../support/images";
import { startS3Server } from "../support/s3";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

/**
 * Two app instances on different loopback ports, one PostgreSQL database and
 * one S3-compatible bucket, each instance with its own (otherwise empty)
 * data directory: whatever one instance does, the other sees.
 */
describe("two instances sharing PostgreSQL and a bucket", () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let a: AppServer;
  let b: AppServer;
  const dataDirs = [mkdtempSync(path.join(tmpdir(), "electrify-a-")), mkdtempSync(path.join(tmpdir(), "electrify-b-"))];

  beforeAll(async () => {
    s3 = await startS3Server();
    const database = await createTestDatabase("postgres");
    const seed = await openTestRuntime(database);
    await createUser(seed, { email: "owner@haulier.example", password: "owner-password" });
    await createUser(seed, { email: "admin@consultancy.example", password: "admin-password", role: "admin" });
    await seed.database.destroy();
    const shared = {
      DATABASE_URL: database.databaseUrl,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      SIGN_IN_RATE_LIMIT_MAX: "50",
      ...s3.env,
    };
    const [first, second] = await Promise.all(dataDirs.map((DATA_DIR) => startAppServer({ ...shared, DATA_DIR })));
    a = first!;
    b = second!;
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.stop();
  });

  it("shares sessions, surveys with photos, reviews and the outbox", async () => {
    // Signed in on A, recognised on B.
    const owner = await signIn(a, "owner@haulier.example", "owner-password");
    const onB = await fetch(`${b.url}/depots`, { headers: { cookie: owner }, redirect: "manual" });
    expect(onB.status).toBe(200);

    // A survey with a photo submitted on A…
    const photo = readFileSync(
      await makePhoto(mkdtempSync(path.join(tmpdir(), "electrify-photo-")), "area.jpg", { width: 640, height: 480 }),
    );
    const form = new FormData();
    for (const [name, value] of Object.entries({
      depotName: "Shared Yard",
      depotAddress: "1 Cluster Road",
      numberOfEVs: "6",
      latitude: "51.5",
      longitude: "-2.6",
      idempotencyKey: crypto.randomUUID(),
    }))
      form.set(name, value);
    form.append("photo_proposed_charging_area", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "area.jpg");
    const submitted = await fetch(`${a.url}/surveys`, {
      method: "POST",
      headers: { origin: a.url, cookie: owner, accept: "application/json" },
      body: form,
    });
    expect(submitted.status).toBe(200);
    const { depotId } = (await submitted.json()) as { depotId: number };

    // …reviewed by an admin on B, who sees it and its photo (from the bucket).
    const admin = await signIn(b, "admin@consultancy.example", "admin-password");
    const detail = await fetch(`${b.url}/admin/depot/${depotId}`, { headers: { cookie: admin } });
    expect(detail.status).toBe(200);
    const html = await detail.text();
    expect(html).toContain("Shared Yard");
    const photoId = html.match(/\/photos\/(\d+)/)?.[1];
    expect(photoId).toBeDefined();
    const image = await fetch(`${b.url}/photos/${photoId}`, { headers: { cookie: admin } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const review = await fetch(`${b.url}/admin/depot/${depotId}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: b.url, cookie: admin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ status: "approved", adminNotes: "Looks good" }),
    });
    expect(review.status).toBeLessThan(400);

    // The owner sees the decision on A.
    const mine = await fetch(`${a.url}/depots/${depotId}`, { headers: { cookie: owner } });
    expect(await mine.text()).toMatch(/Approved/);

    // Each e-mail (survey confirmation, status change) is sent once, by whichever instance claimed it.
    const mails = async () =>
      dataDirs.flatMap((dir) =>
        existsSync(path.join(dir, "mail"))
          ? readdirSync(path.join(dir, "mail")).map((file) => readFileSync(path.join(dir, "mail", file), "utf8"))
          : [],
      );
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (await mails()).filter((mail) => mail.includes("Shared Yard")).length < 2)
      await new Promise((resolve) => setTimeout(resolve, 250));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const aboutIt = (await mails()).filter((mail) => mail.includes("Shared Yard"));
    expect(aboutIt).toHaveLength(2);
    expect(aboutIt.filter((mail) => /approved/i.test(mail))).toHaveLength(1);

    // A sign-out on B ends the session on A too.
    const signOut = await fetch(`${b.url}/auth/sign-out`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: b.url, cookie: owner, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ redirectTo: "/" }),
    });
    expect(signOut.status).toBe(302);
    const after = await fetch(`${a.url}/depots`, { headers: { cookie: owner }, redirect: "manual" });
    expect(after.status).toBe(302);
  }, 60_000);
});
