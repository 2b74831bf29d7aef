import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser, inviteUser } from "~/features/users/index.server";
import { CLIENT_IP_HEADER } from "~/lib/auth/auth.server";
import { deliverDueMail } from "~/lib/mail/outbox.server";
import type { Runtime } from "~/lib/runtime.server";

import { signIn, startAppServer, type AppServer } from "../support/app-server";
import { startSmtpServer } from "../support/smtp";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

function authPost(runtime: Runtime, path: string, body: unknown) {
  return runtime.auth.handler(
    new Request(`${runtime.env.APP_URL}/api/auth${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: runtime.env.APP_URL,
        [CLIENT_IP_HEADER]: `198.51.100.${Math.floor(Math.random() * 250)}`,
      },
      body: JSON.stringify(body),
    }),
  );
}

describe.each(ENGINES)("password reset by e-mail on %s", (engine) => {
  let runtime: Runtime;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    runtime = await openTestRuntime(await createTestDatabase(engine), { SMTP_URL: smtp.url });
    await createUser(runtime, { email: "forgetful@haulier.example", password: "old-password" });
  });
  afterAll(async () => {
    await runtime?.database.destroy();
    await smtp?.stop();
  });

  const requestLink = async () => {
    const before = smtp.messages.length;
    expect((await authPost(runtime, "/request-password-reset", { email: "forgetful@haulier.example" })).status).toBe(
      200,
    );
    await deliverDueMail(runtime);
    const mail = smtp.messages.slice(before).find((m) => m.to.includes("forgetful@haulier.example"));
    expect(mail?.subject).toBe("Reset your Electrify password");
    const link = mail!.text.match(/https?:\/\/\S+\/reset-password\?token=(\S+)/);
    expect(link).not.toBeNull();
    return decodeURIComponent(link![1]!);
  };

  it("mails a link that works once", async () => {
    const token = await requestLink();
    expect((await authPost(runtime, "/reset-password", { token, newPassword: "new-password-1" })).status).toBe(200);
    expect(
      (await authPost(runtime, "/sign-in/email", { email: "forgetful@haulier.example", password: "new-password-1" }))
        .status,
    ).toBe(200);
    expect((await authPost(runtime, "/reset-password", { token, newPassword: "another-password" })).status).toBe(400);
  });

  it("refuses the link after an hour", async () => {
    const token = await requestLink();
    await runtime.database.db
      .updateTable("verification" as never)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() } as never)
      // Links are stored as digests of their identifiers (verification.storeIdentifier: "hashed").
      .where(
        "identifier" as never,
        "=",
        createHash("sha256").update(`reset-password:${token}`).digest("base64url") as never,
      )
      .execute();
    expect((await authPost(runtime, "/reset-password", { token, newPassword: "too-late-password" })).status).toBe(400);
  });

  it("invites a user by e-mail: the link sets the first password, once", async () => {
    const before = smtp.messages.length;
    const invited = await inviteUser(runtime, { email: "newcomer@haulier.example", name: "Nia Newcomer" });
    expect(invited).toMatchObject({ email: "newcomer@haulier.example", role: "user", emailSent: true });
    const mail = smtp.messages.slice(before).find((m) => m.to.includes("newcomer@haulier.example"));
    expect(mail?.subject).toBe("Your Electrify account is ready");
    expect(mail?.text).toContain("Hello Nia Newcomer");
    const token = decodeURIComponent(mail!.text.match(/\/reset-password\?token=(\S+)/)![1]!);
    expect((await authPost(runtime, "/reset-password", { token, newPassword: "my-first-password" })).status).toBe(200);
    expect(
      (await authPost(runtime, "/sign-in/email", { email: "newcomer@haulier.example", password: "my-first-password" }))
        .status,
    ).toBe(200);
    expect((await authPost(runtime, "/reset-password", { token, newPassword: "second-try-password" })).status).toBe(
      400,
    );
  });

  it("answers an unknown address the same way and sends nothing", async () => {
    const before = smtp.messages.length;
    expect((await authPost(runtime, "/request-password-reset", { email: "nobody@haulier.example" })).status).toBe(200);
    await deliverDueMail(runtime);
    expect(smtp.messages.length).toBe(before);
  });
});

describe("the account page's server rules", () => {
  let server: AppServer;
  let cookie: string;

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    const seed = await openTestRuntime(database);
    await createUser(seed, { email: "careful@haulier.example", password: "right-password" });
    await seed.database.destroy();
    server = await startAppServer({ DATA_DIR: database.dataDir });
    cookie = await signIn(server, "careful@haulier.example", "right-password");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (fields: Record<string, string>, withCookie = cookie) =>
    fetch(`${server.url}/account?index`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie: withCookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("rejects a 5-character new password even when the browser check is bypassed", async () => {
    const response = await post({
      intent: "password",
      currentPassword: "right-password",
      newPassword: "12345",
      confirmPassword: "12345",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("New password must be at least 6 characters long");
    await signIn(server, "careful@haulier.example", "right-password");
  });

  it("checks the current password on the server and the confirmation", async () => {
    const wrong = await post({
      intent: "password",
      currentPassword: "not-it",
      newPassword: "brand-new-pw",
      confirmPassword: "brand-new-pw",
    });
    expect(await wrong.text()).toContain("Current password is incorrect");
    const mismatch = await post({
      intent: "password",
      currentPassword: "right-password",
      newPassword: "brand-new-pw",
      confirmPassword: "brand-new-px",
    });
    expect(await mismatch.text()).toContain("Passwords do not match");
  });

  it("changes the password and signs out the other sessions", async () => {
    const other = await signIn(server, "careful@haulier.example", "right-password");
    const response = await post({
      intent: "password",
      currentPassword: "right-password",
      newPassword: "brand-new-pw",
      confirmPassword: "brand-new-pw",
    });
    expect(response.status).toBe(302);
    const fresh = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("electrify.session_token="))!
      .split(";")[0]!;
    expect((await fetch(`${server.url}/account`, { redirect: "manual", headers: { cookie: fresh } })).status).toBe(200);
    expect((await fetch(`${server.url}/account`, { redirect: "manual", headers: { cookie: other } })).status).toBe(302);
    await signIn(server, "careful@haulier.example", "brand-new-pw");
    cookie = fresh;
  });

  it("saves the profile with empty values as null and refuses overlong values", async () => {
    const saved = await post({ intent: "profile", name: "Casey Careful", organization: "  ", phone: "" });
    expect(saved.status).toBe(302);
    const page = await (await fetch(`${server.url}/account`, { headers: { cookie } })).text();
    expect(page).toContain("Casey Careful");
    expect(page).toContain("Not provided");
    const tooLong = await post({ intent: "profile", name: "x".repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Name must be at most 200 characters");
  });
});

describe("REQUIRE_ADMIN_2FA", () => {
  it("sends an admin without two-factor sign-in from admin pages to set it up", async () => {
    const database = await createTestDatabase("sqlite");
    const seed = await openTestRuntime(database);
    await createUser(seed, { email: "boss@consultancy.example", password: "boss-password", role: "admin" });
    await seed.database.destroy();
    const server = await startAppServer({ DATA_DIR: database.dataDir, REQUIRE_ADMIN_2FA: "true" });
    try {
      const cookie = await signIn(server, "boss@consultancy.example", "boss-password");
      const admin = await fetch(`${server.url}/admin`, { redirect: "manual", headers: { cookie } });
      expect(admin.headers.get("location")).toBe("/account?twoFactor=required");
      const account = await (await fetch(`${server.url}/account?twoFactor=required`, { headers: { cookie } })).text();
      expect(account).toContain("Admin pages need two-factor sign-in. Set it up below to continue.");
    } finally {
      await server.stop();
    }
  });
});
