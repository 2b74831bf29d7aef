import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { pino } from "pino";
import { createUser } from "~/features/users/create-user.server";
import { loadEnv } from "~/lib/env.server";
import { openRuntime, type Runtime } from "~/lib/runtime.server";
import { uploadInvestorDocument } from "~/features/investors/investor-document-store.server";
import type { InvestorDocumentSlug } from "~/features/investors/investor-documents";

export const ADMIN = { email: "admin@e2e.example", password: "e2e-admin-password" };
export const CONTACT_EMAIL = "hello@electrify.example";
export const INVESTOR_PASSWORD = "e2e-investor-password";

export type TestUser = { email: string; password: string; name: string };

/** Works on the running server's database and files, as the CLI would. */
async function withServerRuntime<T>(work: (runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = await openRuntime(loadEnv({ NODE_ENV: "test", DATA_DIR: path.resolve("tmp/e2e"), LOG_LEVEL: "silent" }), pino({ level: "silent" }));
  try {
    return await work(runtime);
  } finally {
    await runtime.database.destroy();
  }
}

export function uploadTestInvestorDocument(slug: InvestorDocumentSlug, data: Uint8Array) {
  return withServerRuntime((runtime) => uploadInvestorDocument(runtime, { slug, fileName: `${slug}.pdf`, data }));
}

/** Creates an account directly in the server's database. */
export async function createTestUser(options: { admin?: boolean; name?: string } = {}): Promise<TestUser> {
  return withServerRuntime(async (runtime) => {
    const email = `${options.admin ? "admin" : "haulier"}-${crypto.randomUUID().slice(0, 8)}@e2e.example`;
    const user = { email, password: "e2e-password", name: options.name ?? "Dana Haulier" };
    await createUser(runtime, { ...user, role: options.admin ? "admin" : "user" });
    return user;
  });
}

/** Waits until React has hydrated, so clicks reach the app rather than the bare HTML. */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

export async function signInOnPage(page: Page, user: { email: string; password: string }, url = "/auth") {
  await gotoHydrated(page, url);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}
