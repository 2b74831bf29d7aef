import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/users/index.server";
import { formError } from "~/lib/action-result";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { makePhoto, makePixelBomb } from "../support/images";
import { temporaryFilesLeft } from "../support/temp-files";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

describe("POST /surveys against the production server", () => {
  let server: AppServer;
  let dataDir: string;
  let owner = "";
  let stranger = "";
  let admin = "";
  let photo: Buffer;

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    dataDir = database.dataDir;
    const seed = await openTestRuntime(database);
    await createUser(seed, { email: "owner@haulier.example", password: "owner-pw" });
    await createUser(seed, { email: "stranger@haulier.example", password: "stranger-pw" });
    await createUser(seed, { email: "admin@consultancy.example", password: "admin-pw", role: "admin" });
    await seed.database.destroy();
    server = await startAppServer({ DATA_DIR: dataDir, MAX_PHOTO_MB: "1" });
    owner = await signIn(server, "owner@haulier.example", "owner-pw");
    stranger = await signIn(server, "stranger@haulier.example", "stranger-pw");
    admin = await signIn(server, "admin@consultancy.example", "admin-pw");
    photo = readFileSync(
      await makePhoto(mkdtempSync(path.join(tmpdir(), "electrify-http-")), "area.jpg", { width: 800, height: 600 }),
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  function survey(
    overrides: Record<string, string> = {},
    photos: [string, Blob, string][] = [
      ["photo_proposed_charging_area", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "area.jpg"],
    ],
  ) {
    const form = new FormData();
    const fields = {
      depotName: "Gloucester Hub",
      depotAddress: "Bristol Road, Gloucester GL2 5YB",
      numberOfEVs: "4",
      latitude: "51.8642",
      longitude: "-2.2382",
      idempotencyKey: crypto.randomUUID(),
      ...overrides,
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    for (const [name, blob, fileName] of photos) form.append(name, blob, fileName);
    return form;
  }

  const post = (form: FormData, cookie: string, json = true) =>
    fetch(`${server.url}/surveys`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie, ...(json ? { accept: "application/json" } : {}) },
      body: form,
    });

  it("asks an anonymous visitor to sign in", async () => {
    const response = await post(survey(), "");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ ok: false, errors: { form: "Please sign in to submit the survey" } });
  });

  it("saves a survey and answers with the depot and whether the confirmation e-mail went out", async () => {
    const response = await post(survey(), owner);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; depotId: number; emailSent: boolean; redirectTo: string };
    expect(body).toMatchObject({ ok: true, emailSent: true });
    // The answer says where to go: the confirmation of this depot.
    expect(body.redirectTo).toBe(`/confirmation?depot=${body.depotId}&email=success`);
    // Without SMTP_URL the outbox writes the messages to DATA_DIR/mail.
    const mails = readdirSync(path.join(dataDir, "mail")).map((file) =>
      readFileSync(path.join(dataDir, "mail", file), "utf8"),
    );
    expect(mails.some((mail) => mail.includes("To: owner@haulier.example") && mail.includes("Gloucester Hub"))).toBe(
      true,
    );
  });

  it("redirects a form post without JavaScript to the confirmation page with a toast", async () => {
    const response = await post(survey({ depotName: "No Script Depot" }), owner, false);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/confirmation\?depot=\d+&email=success$/);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("electrify_toast="))).toBe(true);
  });

  it("creates one depot when the same form is sent twice", async () => {
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([
      post(survey({ idempotencyKey: key }), owner),
      post(survey({ idempotencyKey: key }), owner),
    ]);
    const ids = await Promise.all([first.json(), second.json()]).then((bodies) =>
      bodies.map((b) => (b as { depotId: number }).depotId),
    );
    expect(ids[0]).toBe(ids[1]);
  });

  it("refuses a survey without the charging-area photo, with the specification's message", async () => {
    const response = await post(survey({}, []), owner);
    expect(response.status).toBe(400);
    expect((await response.json()).errors.photos).toBe("Please take a photo of the proposed EV charging area");
  });

  it("refuses a photo over MAX_PHOTO_MB and an HEIC photo with clear messages", async () => {
    const big = new Uint8Array(1.5 * 1024 * 1024);
    const tooBig = await post(
      survey({}, [["photo_proposed_charging_area", new Blob([big], { type: "image/jpeg" }), "big.jpg"]]),
      owner,
    );
    expect(tooBig.status).toBe(413);
    expect(formError(await tooBig.json())).toBe("Each photo must be at most 1 MB.");
    const heic = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#777" } })
      .heif({ compression: "av1" })
      .toBuffer();
    const refused = await post(
      survey({}, [
        ["photo_proposed_charging_area", new Blob([new Uint8Array(heic)], { type: "image/jpeg" }), "IMG_0001.jpg"],
      ]),
      owner,
    );
    expect(refused.status).toBe(400);
    expect(formError(await refused.json())).toMatch(/HEIC photos are not supported\. Please set your camera to JPEG/);
  });

  it("refuses a crafted photo claiming 16000 × 16000 pixels with a clear message, before decoding it", async () => {
    const bomb = readFileSync(await makePixelBomb(mkdtempSync(path.join(tmpdir(), "electrify-bomb-"))));
    const started = Date.now();
    const response = await post(
      survey({ depotName: "Bomb Depot" }, [
        ["photo_proposed_charging_area", new Blob([new Uint8Array(bomb)], { type: "image/jpeg" }), "bomb.jpg"],
      ]),
      owner,
    );
    expect(response.status).toBe(400);
    expect((await response.json()).errors.photos).toBe(
      "Proposed EV charging area: this photo is 256 megapixels; the most we take is 50. Please take it at your camera's standard size.",
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    // The helper process that decodes photos never held the claimed pixels (its peak resident memory).
    const helpers = readFileSync(`/proc/${server.process.pid}/task/${server.process.pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    expect(helpers.length).toBeGreaterThan(0);
    for (const pid of helpers) {
      const peakKb = Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmHWM:\s+(\d+)/)?.[1]);
      expect(peakKb / 1024).toBeLessThan(400);
    }
    const list = await (await fetch(`${server.url}/depots`, { headers: { cookie: owner } })).text();
    expect(list).not.toContain("Bomb Depot");
  });

  it("refuses more than 10 cable run photos even when the browser's limit is bypassed", async () => {
    const blob = () => new Blob([new Uint8Array(photo)], { type: "image/jpeg" });
    const photos: [string, Blob, string][] = [["photo_proposed_charging_area", blob(), "area.jpg"]];
    for (let i = 0; i < 11; i++) photos.push(["photo_cable_run", blob(), `run-${i}.jpg`]);
    const response = await post(survey({ depotName: "Too Many Cables" }, photos), owner);
    expect(response.status).toBe(400);
    expect(formError(await response.json())).toBe("Too many photos: attach at most 10 cable run photos.");
    const list = await (await fetch(`${server.url}/depots`, { headers: { cookie: owner } })).text();
    expect(list).not.toContain("Too Many Cables");
  });

  it("serves photos to the owner and admins only, with the stored image type", async () => {
    const created = (await (await post(survey({ depotName: "Photo Depot" }), owner)).json()) as { depotId: number };
    const detail = await (
      await fetch(`${server.url}/depots/${created.depotId}`, { headers: { cookie: owner } })
    ).text();
    const photoPath = detail.match(/href="(\/photos\/\d+)"/)?.[1];
    expect(photoPath).toBeDefined();
    const mine = await fetch(`${server.url}${photoPath}`, { headers: { cookie: owner } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/jpeg");
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await fetch(`${server.url}${photoPath}/thumbnail`, { headers: { cookie: admin } })).status).toBe(200);
    expect((await fetch(`${server.url}${photoPath}`, { headers: { cookie: stranger } })).status).toBe(404);
    const strangerView = await fetch(`${server.url}/depots/${created.depotId}`, { headers: { cookie: stranger } });
    expect(strangerView.status).toBe(404);
    const unknownView = await fetch(`${server.url}/depots/999999`, { headers: { cookie: stranger } });
    expect(unknownView.status).toBe(404);
    expect(await strangerView.text()).not.toContain("Photo Depot");
  });

  it("sends a reload of a form whose survey was saved to its confirmation, and keeps an unsaved form's key", async () => {
    const key = crypto.randomUUID();
    const saved = (await (await post(survey({ idempotencyKey: key, depotName: "Reloaded Yard" }), owner)).json()) as {
      depotId: number;
    };
    const reload = await fetch(`${server.url}/survey?submission=${key}`, {
      headers: { cookie: owner },
      redirect: "manual",
    });
    expect(reload.status).toBe(302);
    expect(reload.headers.get("location")).toBe(`/confirmation?depot=${saved.depotId}&email=success`);
    const confirmation = await (
      await fetch(`${server.url}${reload.headers.get("location")}`, { headers: { cookie: owner } })
    ).text();
    expect(confirmation).toContain("Reloaded Yard");
    // Sending that form again (the same key) answers with the same depot: no copy.
    const again = (await (await post(survey({ idempotencyKey: key, depotName: "Reloaded Yard" }), owner)).json()) as {
      depotId: number;
    };
    expect(again.depotId).toBe(saved.depotId);

    // A survey not saved yet: the form keeps its key, so the next send is the same survey.
    const unsaved = crypto.randomUUID();
    const form = await fetch(`${server.url}/survey?submission=${unsaved}`, { headers: { cookie: owner } });
    expect(form.status).toBe(200);
    expect(await form.text()).toContain(`value="${unsaved}"`);
    // Someone else's key neither redirects to their depot nor shows its name on a confirmation.
    const theirs = await fetch(`${server.url}/survey?submission=${key}`, {
      headers: { cookie: stranger },
      redirect: "manual",
    });
    expect(theirs.status).toBe(200);
    const theirConfirmation = await fetch(`${server.url}/confirmation?depot=${saved.depotId}`, {
      headers: { cookie: stranger },
    });
    expect(await theirConfirmation.text()).not.toContain("Reloaded Yard");
  });

  it("shows the green note when the confirmation e-mail went out and the amber one when it did not", async () => {
    const sent = await (await fetch(`${server.url}/confirmation?email=success`, { headers: { cookie: owner } })).text();
    expect(sent).toContain("A confirmation e-mail is on its way to you.");
    const failed = await (
      await fetch(`${server.url}/confirmation?email=failed`, { headers: { cookie: owner } })
    ).text();
    expect(failed).toContain("Your survey is saved, but we couldn’t send the confirmation e-mail yet.");
    for (const html of [sent, failed]) expect(html).toContain("within 2-3 business days");
  });

  it("leaves no temporary upload files behind", async () => {
    expect(await temporaryFilesLeft(dataDir)).toEqual([]);
  });
});
