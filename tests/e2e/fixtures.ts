import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { pino } from "pino";
import sharp from "sharp";

import type { InvestorDocumentSlug } from "~/features/investors";
import { uploadInvestorDocument } from "~/features/investors/index.server";
import { computePlan, type PlanRequest } from "~/features/planning";
import { createUser } from "~/features/users/index.server";
import { loadEnv } from "~/lib/env.server";
import { openRuntime, type Runtime } from "~/lib/runtime.server";

import { insertDepotPlanInputs } from "../support/depots";

export { expect };

/** Where the end-to-end server's processes record unhandled errors and serving processes that died (playwright.config.ts). */
export const FAULT_LOG = path.resolve("tmp/e2e-faults.jsonl");

function faultLines(): string[] {
  try {
    return readFileSync(FAULT_LOG, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * Every end-to-end test: fails when the server recorded a fault while it ran
 * (an unhandled error, a serving process that died), so that the next hole
 * shows up in CI. With two workers a fault may be charged to the test running
 * beside the one that caused it; either way the run fails and names it.
 */
export const test = base.extend<{ serverFaults: void }>({
  serverFaults: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const before = faultLines().length;
      await use();
      const recorded = faultLines().slice(before);
      if (recorded.length > 0)
        throw new Error(`The server recorded ${recorded.length} fault(s):\n${recorded.join("\n")}`);
    },
    { auto: true },
  ],
});

export const ADMIN = { email: "admin@e2e.example", password: "e2e-admin-password" };
export const CONTACT_EMAIL = "hello@electrify.example";
export const INVESTOR_PASSWORD = "e2e-investor-password";

export type TestUser = { email: string; password: string; name: string };

/** Works on the running server's database and files, as the CLI would. */
async function withServerRuntime<T>(work: (runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = await openRuntime(
    loadEnv({ NODE_ENV: "test", DATA_DIR: path.resolve("tmp/e2e"), LOG_LEVEL: "silent" }),
    pino({ level: "silent" }),
  );
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

export type TestDepot = {
  name: string;
  address?: string;
  status?: string;
  contactEmail?: string;
  minutesAgo?: number;
  /** Defaults to a spot in Bristol; null for a depot not placed yet. */
  latitude?: number | null;
  longitude?: number | null;
  /** Survey photo records (without files unless photoFiles). */
  photos?: number;
  /** Store a real JPEG (and thumbnail) for each photo record. */
  photoFiles?: boolean;
};

/** Saves a depot's charging-plan inputs as its latest plan (what the roadmap plans each year from). */
export function setTestDepotPlan(depotId: number, inputs: PlanRequest) {
  // Computed here, as the server would: the portfolio shows the plan's managed peak and payback.
  const results = computePlan(inputs, () => undefined);
  return withServerRuntime((runtime) => insertDepotPlanInputs(runtime, depotId, inputs, results));
}

/** Adds depot submissions for a user directly in the server's database; returns their ids in order. */
export async function createTestDepots(ownerEmail: string, depots: TestDepot[]): Promise<number[]> {
  return withServerRuntime(async (runtime) => {
    const owner = await runtime.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", ownerEmail)
      .executeTakeFirstOrThrow();
    const { company_id: companyId } = await runtime.database.db
      .selectFrom("company_members")
      .select("company_id")
      .where("user_id", "=", owner.id)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const depot of depots) {
      const row = await runtime.database.db
        .insertInto("depots")
        .values({
          user_id: owner.id,
          company_id: companyId,
          contact_name: "Dana Haulier",
          contact_email: depot.contactEmail ?? ownerEmail,
          contact_phone: "01234 567890",
          depot_name: depot.name,
          depot_address: depot.address ?? `${depot.name} Road, Bristol`,
          number_of_vehicles: 8,
          additional_notes: "Gate code 1234",
          location_latitude: depot.latitude === undefined ? 51.5 : depot.latitude,
          location_longitude: depot.longitude === undefined ? -2.6 : depot.longitude,
          location_address: depot.latitude === null ? null : "Bristol, United Kingdom",
          cable_run_obstacles: null,
          status: depot.status ?? "pending",
          created_at: new Date(Date.now() - (depot.minutesAgo ?? 0) * 60_000).toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
      for (let i = 0; i < (depot.photos ?? 0); i++) {
        await runtime.database.db
          .insertInto("survey_photos")
          .values({
            depot_id: row.id,
            image_type: "proposed_charging_area",
            storage_key: `e2e/${row.id}-${i}.jpg`,
            thumbnail_key: `e2e/${row.id}-${i}-thumb.jpg`,
            content_type: "image/jpeg",
            width: 800,
            height: 600,
            bytes: 1000,
          })
          .execute();
        if (depot.photoFiles) {
          const jpeg = await sharp({
            create: { width: 320, height: 240, channels: 3, background: { r: 40 + i * 40, g: 120, b: 90 } },
          })
            .jpeg()
            .toBuffer();
          await runtime.storage.put(`e2e/${row.id}-${i}.jpg`, jpeg);
          await runtime.storage.put(`e2e/${row.id}-${i}-thumb.jpg`, jpeg);
        }
      }
    }
    return ids;
  });
}

export function deleteTestDepot(id: number) {
  return withServerRuntime((runtime) => runtime.database.db.deleteFrom("depots").where("id", "=", id).execute());
}

/** Header and body as a person reads them: encoded words (RFC 2047) and quoted-printable decoded, headers unfolded. */
function decodeMail(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw
    .slice(0, split)
    .replace(/\r?\n[ \t]+/g, " ")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, word: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(word, "base64").toString("utf8")
        : Buffer.from(
            word
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
  const quotedPrintable = /^content-transfer-encoding: quoted-printable/im.test(headers);
  const body = quotedPrintable
    ? raw
        .slice(split)
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw.slice(split);
  return `${headers}${body}`;
}

/** The text of the newest e-mail to `to` whose subject contains `subject`, as the loopback SMTP server received it (scripts/e2e-smtp-sink.js). */
export async function waitForMail(to: string, subject: string): Promise<string> {
  const dir = path.resolve("tmp/e2e-smtp");
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = await readdir(dir).catch(() => []);
    for (const file of files.sort().reverse()) {
      const raw = await readFile(path.join(dir, file), "utf8");
      const text = decodeMail(raw);
      if (text.includes(`To: ${to}`) && text.includes(subject)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No e-mail to ${to} about "${subject}"`);
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
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

/**
 * The page does not scroll sideways at `width`. Polled: after a resize the charts (Recharts' ResponsiveContainer, told
 * by a ResizeObserver) take a moment to shrink, longer on a loaded machine; an overflow that stays fails all the same.
 */
export async function expectNoSidewaysScroll(page: Page, width: number) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
