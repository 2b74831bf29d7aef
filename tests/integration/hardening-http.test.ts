import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MAX_DEPOTS_PER_ACCOUNT } from "~/features/depots";
import { RESET_REQUESTED } from "~/features/users";
import { createUser } from "~/features/users/index.server";
import { formError } from "~/lib/action-result";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { insertDepot } from "../support/depots";
import { REDIRECT_BYPASSES } from "../support/redirect-bypasses";
import { startSmtpServer } from "../support/smtp";
import { createTestDatabase } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";
import { totp } from "../support/totp";

/**
 * Findings of the hardening review (issue 17) that show at the HTTP level,
 * against one production server on the embedded defaults.
 */
describe("hardening against careless and hostile clients", () => {
  let server: AppServer;
  let runtime: Runtime;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let haulier = "";
  let admin = "";
  let fleetOwner = { id: "", email: "" };
  let dataDir = "";

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const database = await createTestDatabase("sqlite");
    dataDir = database.dataDir;
    runtime = await openTestRuntime(database);
    await createUser(runtime, { email: "haulier@fleet.example", password: "haulier-password", name: "Hana Haulier" });
    await createUser(runtime, { email: "admin@consultancy.example", password: "admin-password", role: "admin" });
    await createUser(runtime, { email: "guarded@fleet.example", password: "guarded-password" });
    await createUser(runtime, { email: "twofactor@fleet.example", password: "twofactor-password" });
    await createUser(runtime, { email: "forgetful@fleet.example", password: "forgetful-password" });
    fleetOwner = await createUser(runtime, { email: "big-fleet@fleet.example", password: "big-fleet-password" });
    // X-Forwarded-For is trusted (one proxy hop), so a test can come from many client addresses.
    server = await startAppServer({
      DATA_DIR: database.dataDir,
      SIGN_IN_RATE_LIMIT_MAX: "1000",
      TRUST_PROXY: "1",
      SMTP_URL: smtp.url,
    });
    haulier = await signIn(server, "haulier@fleet.example", "haulier-password");
    admin = await signIn(server, "admin@consultancy.example", "admin-password");
  });
  afterAll(async () => {
    await server?.stop();
    await runtime?.database.destroy();
    await smtp?.stop();
  });

  const form = (url: string, cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${url}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields),
    });

  it("never sends a user off-site after sign-in, whatever redirectTo says", async () => {
    const offsite: string[] = [];
    for (const target of REDIRECT_BYPASSES) {
      const response = await form(`/auth?redirectTo=${encodeURIComponent(target)}`, "", {
        email: "haulier@fleet.example",
        password: "haulier-password",
        redirectTo: target,
      });
      // Signed in and sent to a page here, or (control characters in the field) refused as a whole.
      if (response.status !== 302) expect(response.status, JSON.stringify(target)).toBe(400);
      const location = response.headers.get("location") ?? "/";
      if (new URL(location, server.url).origin !== new URL(server.url).origin)
        offsite.push(`${JSON.stringify(target)} → ${location}`);
      // The two-factor step carries the target on in a hidden field: the same check applies there.
      const page = await (await fetch(`${server.url}/auth/two-factor?redirectTo=${encodeURIComponent(target)}`)).text();
      const hidden = page.match(/name="redirectTo" value="([^"]*)"/)?.[1];
      if (hidden && new URL(hidden.replaceAll("&amp;", "&"), server.url).origin !== new URL(server.url).origin)
        offsite.push(`two-factor ${JSON.stringify(target)} → ${hidden}`);
    }
    expect(offsite).toEqual([]);
    // A path on this site is still honoured.
    const local = await form("/auth", "", {
      email: "haulier@fleet.example",
      password: "haulier-password",
      redirectTo: "/account",
    });
    expect(local.headers.get("location")).toBe("/account");
  });

  it("marks every signed-in page and data request private and not to be stored", async () => {
    const pages: [string, string][] = [
      [haulier, "/account"],
      [haulier, "/depots"],
      [haulier, "/depots.data"],
      [haulier, "/electrify/dashboard"],
      [haulier, "/"],
      [admin, "/admin"],
      [admin, "/admin.data"],
      [admin, "/admin/grid-data"],
      [haulier, "/depots/999999"],
    ];
    for (const [cookie, page] of pages) {
      const response = await fetch(`${server.url}${page}`, { headers: { cookie }, redirect: "manual" });
      expect(response.headers.get("cache-control"), page).toBe("private, no-store");
    }
    // Signing in sets a cookie: that answer is private too.
    const signedIn = await form("/auth", "", { email: "haulier@fleet.example", password: "haulier-password" });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    // A visitor's marketing page is not marked (it may be cached).
    expect((await fetch(`${server.url}/about-us`)).headers.get("cache-control")).toBeNull();
    // Built assets are the same for everyone: they stay cacheable for a signed-in visitor too.
    const html = await (await fetch(`${server.url}/depots`, { headers: { cookie: haulier } })).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeDefined();
    expect(
      (await fetch(`${server.url}${asset}`, { headers: { cookie: haulier } })).headers.get("cache-control"),
    ).toContain("immutable");
  });

  it("answers methods no page uses with 405 (OPTIONS with what is allowed), never a 500 or a rendered error", async () => {
    // Sent with node:http: fetch itself refuses TRACE.
    const send = (method: string, page: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${server.url}${page}`,
          { method, headers: { cookie: haulier, origin: server.url } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.end();
      });
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"]) {
      for (const page of ["/", "/account", "/admin", "/surveys"])
        expect(await send(method, page), `${method} ${page}`).toBe(405);
    }
    const options = await fetch(`${server.url}/account`, { method: "OPTIONS", headers: { cookie: haulier } });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(await options.text()).toBe("");
    expect(server.output()).not.toMatch(/Invalid request method|"level":50/);
  });

  it("counts wrong passwords per account, so guesses spread over many addresses still stop", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const response = await form(
        "/auth",
        "",
        { email: "guarded@fleet.example", password: `guess-${i}` },
        { "x-forwarded-for": `203.0.113.${i}` },
      );
      statuses.push(response.status);
      if (i === 11)
        expect(await response.text()).toContain(
          "Too many sign-in attempts for this account. Please wait 15 minutes and try again.",
        );
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    // The same answer for an address with no account: the limit does not reveal which addresses exist.
    for (let i = 1; i <= 11; i++)
      statuses[i - 1] = (
        await form(
          "/auth",
          "",
          { email: "nobody@fleet.example", password: "x" },
          { "x-forwarded-for": `198.51.100.${i}` },
        )
      ).status;
    expect(statuses.at(-1)).toBe(429);
    // Another account is not affected.
    expect(
      (
        await form(
          "/auth",
          "",
          { email: "haulier@fleet.example", password: "haulier-password" },
          { "x-forwarded-for": "203.0.113.50" },
        )
      ).status,
    ).toBe(302);
  });

  it("throttles code checks when turning two-factor off, with one message for a wrong code or a wrong password", async () => {
    let cookie = await signIn(server, "twofactor@fleet.example", "twofactor-password");
    const setupPage = await (
      await form("/account", cookie, { intent: "enable-2fa", password: "twofactor-password" })
    ).text();
    const secret = setupPage.match(/data-testid="totp-secret"[^>]*>([A-Z2-7]+)</)?.[1];
    const totpURI = setupPage.match(/name="totpURI" value="([^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
    expect(secret && totpURI).toBeTruthy();
    const confirmed = await form("/account", cookie, { intent: "verify-2fa", code: totp(secret!), totpURI: totpURI! });
    expect(confirmed.status).toBe(302);
    // Turning two-factor on starts a new session.
    const session = confirmed.headers.getSetCookie().find((value) => value.startsWith("electrify.session_token="));
    if (session) cookie = session.split(";")[0]!;

    const refused =
      "The code or the password is not correct. Enter the current code from your authenticator app and your password.";
    const wrongCode = totp(secret!) === "123456" ? "654321" : "123456";
    const attempts = [
      { code: totp(secret!), password: "wrong-password" },
      ...Array.from({ length: 4 }, () => ({ code: wrongCode, password: "twofactor-password" })),
    ];
    for (const attempt of attempts) {
      const response = await form("/account", cookie, { intent: "disable-2fa", ...attempt });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(refused);
    }
    // The sixth check is not made at all, even with the right code and password.
    const blocked = await form("/account", cookie, {
      intent: "disable-2fa",
      code: totp(secret!),
      password: "twofactor-password",
    });
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many wrong attempts. Please wait 15 minutes and try again.");
    const row = await runtime.database.db
      .selectFrom("user")
      .select("twoFactorEnabled" as never)
      .where("email", "=", "twofactor@fleet.example")
      .executeTakeFirstOrThrow();
    expect(Boolean(Object.values(row)[0])).toBe(true);
  });

  it("stops a two-factor sign-in after five wrong codes and says what to do", async () => {
    // The two-factor user of the case above still has two-factor sign-in on.
    const password = await form("/auth", "", { email: "twofactor@fleet.example", password: "twofactor-password" });
    expect(password.headers.get("location")).toMatch(/^\/auth\/two-factor/);
    const pending = password.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0]!)
      .join("; ");
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await form("/auth/two-factor", pending, { code: String(100000 + i) });
      const text = await response.text();
      answers.push(
        text.includes("Too many wrong codes for this sign-in. Please enter your email and password again.")
          ? "too many"
          : text.includes("That code is not valid")
            ? "not valid"
            : `status ${response.status}`,
      );
    }
    expect(answers).toEqual(["not valid", "not valid", "not valid", "not valid", "not valid", "too many"]);
  });

  it("answers a password reset request at once whether or not the address has an account, and mails the link afterwards", async () => {
    smtp.slowDown(1_500);
    try {
      const before = smtp.messages.length;
      const timed = async (email: string) => {
        const started = performance.now();
        const response = await form("/forgot-password", "", { email });
        const body = await response.text();
        return { status: response.status, ms: performance.now() - started, said: body.includes(RESET_REQUESTED) };
      };
      const known = await timed("forgetful@fleet.example");
      const unknown = await timed("no-account@fleet.example");
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(known.said && unknown.said).toBe(true);
      // The mail server takes 1.5 s to accept a message: an answer that waited for it would take longer.
      expect(known.ms).toBeLessThan(1_000);
      const deadline = Date.now() + 10_000;
      while (smtp.messages.length === before && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(smtp.messages.slice(before).map((mail) => mail.to[0])).toEqual(["forgetful@fleet.example"]);
    } finally {
      smtp.slowDown(0);
    }
  });

  it("refuses line breaks inside single-line fields, so no value can forge lines in the team's e-mail", async () => {
    const cookie = await signIn(server, "haulier@fleet.example", "haulier-password");
    const survey = new FormData();
    for (const [name, value] of Object.entries({
      depotName: "Yard\r\nSubject: urgent",
      depotAddress: "1 Road",
      latitude: "51.5",
      longitude: "-2.5",
      idempotencyKey: crypto.randomUUID(),
    }))
      survey.set(name, value);
    survey.append("photo_proposed_charging_area", new Blob([new Uint8Array(8)], { type: "image/jpeg" }), "a.jpg");
    const response = await fetch(`${server.url}/surveys`, {
      method: "POST",
      headers: { origin: server.url, cookie, accept: "application/json" },
      body: survey,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors.depotName).toBe("The depot name must be on one line");
    const profile = await form("/account", cookie, {
      intent: "profile",
      name: "Hana\nHaulier",
      organization: "",
      phone: "",
    });
    expect(profile.status).toBe(400);
    expect(await profile.text()).toContain("Name must be on one line");
    const company = await form("/electrify/company-setup", cookie, {
      intent: "company",
      companyName: "Fleet\rLtd",
      contactName: "Hana",
      contactEmail: "hana@fleet.example",
      contactPhone: "01234 567890",
    });
    expect(company.status).toBe(400);
    // A break at either end (as a paste brings) is trimmed, not refused.
    expect(
      (await form("/account", cookie, { intent: "profile", name: "Hana Haulier\n", organization: "", phone: "" }))
        .status,
    ).toBe(302);
  });

  it(`keeps an account to ${MAX_DEPOTS_PER_ACCOUNT} depots, by survey and by Company Setup`, async () => {
    for (let i = 0; i < MAX_DEPOTS_PER_ACCOUNT - 1; i++)
      await insertDepot(runtime, { user_id: fleetOwner.id, depot_name: `Depot ${i}` });
    const cookie = await signIn(server, "big-fleet@fleet.example", "big-fleet-password");
    const add = (name: string) =>
      form("/electrify/company-setup", cookie, {
        intent: "depots",
        depotId: "",
        depotName: name,
        depotAddress: "1 Road",
        depotNotes: "",
      });
    expect((await add("The last one")).status).toBe(302);
    const refused = await add("One too many");
    // The same answer as a survey over the limit: 409 with the message.
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      `Your account has reached its limit of ${MAX_DEPOTS_PER_ACCOUNT} depots. Contact us if you need more.`,
    );
    const count = await runtime.database.db
      .selectFrom("depots")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", fleetOwner.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_DEPOTS_PER_ACCOUNT);
    // The whole list at the limit still saves in Company Setup (one form of 1,001 fields).
    const owned = await runtime.database.db
      .selectFrom("depots")
      .select(["id", "depot_name"])
      .where("user_id", "=", fleetOwner.id)
      .orderBy("id")
      .execute();
    const list = new URLSearchParams({ intent: "depots" });
    for (const depot of owned) {
      list.append("depotId", String(depot.id));
      list.append("depotName", `${depot.depot_name} (renamed)`);
      list.append("depotAddress", "1 Road");
      list.append("depotNotes", "");
    }
    const saved = await fetch(`${server.url}/electrify/company-setup`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: list,
    });
    expect(saved.status).toBe(302);
    expect(
      (
        await runtime.database.db
          .selectFrom("depots")
          .select("depot_name")
          .where("user_id", "=", fleetOwner.id)
          .where("depot_name", "like", "%(renamed)")
          .execute()
      ).length,
    ).toBe(MAX_DEPOTS_PER_ACCOUNT);
    const survey = new FormData();
    for (const [name, value] of Object.entries({
      depotName: "Surveyed",
      depotAddress: "1 Road",
      latitude: "51.5",
      longitude: "-2.5",
      idempotencyKey: crypto.randomUUID(),
    }))
      survey.set(name, value);
    survey.append("photo_proposed_charging_area", new Blob([new Uint8Array(8)], { type: "image/jpeg" }), "a.jpg");
    const surveyed = await fetch(`${server.url}/surveys`, {
      method: "POST",
      headers: { origin: server.url, cookie, accept: "application/json" },
      body: survey,
    });
    expect(surveyed.status).toBe(409);
    expect(formError(await surveyed.json())).toContain("reached its limit");
  });

  it("keeps only digests of session tokens, so a leaked database (even with the secret) opens no session", async () => {
    const cookie = await signIn(server, "haulier@fleet.example", "haulier-password");
    const [token, signature] = decodeURIComponent(cookie.split("=")[1]!).split(".");
    const secret = readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
    const sign = (value: string) => createHmac("sha256", secret).update(value).digest("base64");
    // The signer below is the one Better Auth uses: it reproduces the real cookie.
    expect(sign(token!)).toBe(signature);
    const rows = await runtime.database.db.selectFrom("session").select("token").execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.token.startsWith("sha256:"))).toBe(true);
    expect(rows.some((row) => row.token === token)).toBe(false);
    // A stolen row's value, signed with the stolen secret, is not a session.
    const stolen = `electrify.session_token=${encodeURIComponent(`${rows.at(-1)!.token}.${sign(rows.at(-1)!.token)}`)}`;
    const page = await fetch(`${server.url}/account`, { headers: { cookie: stolen }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/auth/);
    // The real cookie still works.
    expect((await fetch(`${server.url}/account`, { headers: { cookie }, redirect: "manual" })).status).toBe(200);
  });

  it("refuses a network file far longer than any operator publishes, and a form of a million fields, with messages", async () => {
    const header =
      "Network Reference ID,Substation Name,Asset Type,Latitude,Longitude,Upstream Voltage,Downstream Voltage,Firm Capacity of Substation (MVA),Measured Peak Demand (MVA),Demand Headroom (MVA),Demand Headroom RAG";
    const rows = Array.from(
      { length: 100_000 },
      (_, i) => `${i},Site ${i},Primary,51.${i % 1000},-2.5,33,11,20,5,15,Green`,
    );
    const file = new FormData();
    file.set("operator", "nged");
    file.set("file", new Blob([`${header}\n${rows.join("\n")}\n`], { type: "text/csv" }), "huge.csv");
    const imported = await fetch(`${server.url}/admin/grid-data`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie: admin },
      body: file,
    });
    expect(imported.status).toBe(400);
    expect(await imported.text()).toContain(
      "The file has more than 20,000 substations, far more than any operator publishes; nothing was changed.",
    );
    expect(await runtime.database.db.selectFrom("substations").select("id").limit(1).execute()).toEqual([]);

    // 13 MB of fields posted to the depot workspace: refused once the field limit is passed, not parsed into memory.
    const fields = `intent=run-plan&${"a=1&".repeat(1_300_000)}`;
    // Any depot id: the form is refused at its field limit, before the depot is looked up.
    const flooded = await fetch(`${server.url}/electrify/depots/1/plan`, {
      method: "POST",
      headers: { origin: server.url, cookie: haulier, "content-type": "application/x-www-form-urlencoded" },
      body: fields,
    });
    expect(flooded.status).toBe(413);
    expect(await flooded.text()).toContain("The form has more fields than this page takes.");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
