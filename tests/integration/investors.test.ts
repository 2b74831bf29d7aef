import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { listInvestorDocuments, openInvestorDocument, uploadInvestorDocument } from "~/features/investors/index.server";
import { formError } from "~/lib/action-result";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import type { Runtime } from "~/lib/runtime.server";

import { startAppServer, type AppServer } from "../support/app-server";
import { createTestDatabase, ENGINES } from "../support/test-database";
import { openTestRuntime } from "../support/test-runtime";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PDF_V2 = new TextEncoder().encode("%PDF-1.7\n% second version of the deck\n%%EOF\n");

describe.each(ENGINES)("rate limiting and investor documents on %s", (engine) => {
  let runtime: Runtime;

  beforeAll(async () => {
    runtime = await openTestRuntime(await createTestDatabase(engine));
  });
  afterAll(async () => {
    await runtime?.database.destroy();
  });

  it("counts attempts per key in a fixed window and says when to retry", async () => {
    const rule = { max: 3, windowSeconds: 60 };
    const start = 1_800_000_000_000;
    const decisions = [];
    for (let i = 0; i < 4; i++)
      decisions.push(await consumeRateLimit(runtime.database.db, "unlock|198.51.100.1", rule, start + i * 1000));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]).toEqual({ allowed: false, retryAfterSeconds: 57 });
    expect((await consumeRateLimit(runtime.database.db, "unlock|198.51.100.2", rule, start + 4000)).allowed).toBe(true);
    expect((await consumeRateLimit(runtime.database.db, "unlock|198.51.100.1", rule, start + 61_000)).allowed).toBe(
      true,
    );
  });

  it("never lets concurrent attempts past the maximum", async () => {
    const rule = { max: 5, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeRateLimit(runtime.database.db, "burst|203.0.113.9", rule)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("stores a document, replaces it and removes the old file", async () => {
    await uploadInvestorDocument(runtime, { slug: "pitch-deck", fileName: "deck.pdf", data: PDF });
    await uploadInvestorDocument(runtime, { slug: "pitch-deck", fileName: "deck-v2.pdf", data: PDF_V2 });
    const listing = await listInvestorDocuments(runtime);
    expect(listing.map((d) => [d.slug, d.available])).toEqual([
      ["pitch-deck", true],
      ["business-plan", false],
      ["term-sheet", false],
      ["financial-model", false],
    ]);
    const opened = await openInvestorDocument(runtime, "pitch-deck");
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toContain("second version");
    const dir = path.join(runtime.env.DATA_DIR, "files/investor-documents");
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it("refuses files that are not PDF or Office documents, whatever their name, and changes nothing", async () => {
    await expect(
      uploadInvestorDocument(runtime, {
        slug: "term-sheet",
        fileName: "terms.pdf",
        data: new TextEncoder().encode("<script>alert(1)</script>"),
      }),
    ).rejects.toThrow("Upload a PDF, or an Excel, PowerPoint or Word file");
    await expect(
      uploadInvestorDocument(runtime, { slug: "term-sheet", fileName: "terms.pdf", data: new Uint8Array() }),
    ).rejects.toThrow("The file is empty");
    expect((await listInvestorDocuments(runtime)).find((d) => d.slug === "term-sheet")?.available).toBe(false);
  });
});

describe("the investor room over HTTP", () => {
  let server: AppServer;
  let dataDir: string;

  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    dataDir = database.dataDir;
    const seed = await openTestRuntime(database);
    await uploadInvestorDocument(seed, { slug: "business-plan", fileName: "plan.pdf", data: PDF });
    await seed.database.destroy();
    server = await startAppServer({ DATA_DIR: dataDir, INVESTOR_PASSWORD: "correct horse battery" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const unlock = (password: string, ip?: string) =>
    fetch(`${server.url}/investors/unlock`, {
      method: "POST",
      headers: {
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
        ...(ip ? { "x-forwarded-for": ip } : {}),
      },
      body: new URLSearchParams({ password }),
    });

  it("refuses a download without a grant, even to a guessable URL", async () => {
    for (const slug of ["business-plan", "pitch-deck", "..%2F..%2Fauth-secret", "nope"]) {
      expect((await fetch(`${server.url}/investors/documents/${slug}`)).status).toBe(403);
    }
  });

  it("answers a wrong password with 'Incorrect password' after the 800 ms pause", async () => {
    const started = performance.now();
    const response = await unlock("wrong password");
    const elapsed = performance.now() - started;
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ ok: false, errors: { form: "Incorrect password" } });
    expect(elapsed).toBeGreaterThanOrEqual(780);
  });

  it("unlocks with the right password, serves the uploaded file with its type, and locks again", async () => {
    const response = await unlock("correct horse battery");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; documents: { slug: string; available: boolean }[] };
    expect(body.documents.filter((d) => d.available).map((d) => d.slug)).toEqual(["business-plan"]);
    const grant = response.headers.getSetCookie().find((c) => c.startsWith("electrify_investor="));
    expect(grant).toMatch(/HttpOnly/i);
    expect(grant).toMatch(/SameSite=Strict/i);
    expect(grant).toMatch(/Path=\/investors/i);
    const cookie = grant!.split(";")[0]!;

    const file = await fetch(`${server.url}/investors/documents/business-plan`, { headers: { cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="Business-Plan.pdf"');
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);
    expect((await fetch(`${server.url}/investors/documents/pitch-deck`, { headers: { cookie } })).status).toBe(404);

    const lock = await fetch(`${server.url}/investors/lock`, {
      method: "POST",
      headers: { origin: server.url, cookie },
    });
    expect(lock.headers.getSetCookie().join()).toMatch(/electrify_investor=;.*Max-Age=0/i);
    // A copy of the cookie kept after closing the room no longer opens anything.
    expect((await fetch(`${server.url}/investors/documents/business-plan`, { headers: { cookie } })).status).toBe(403);
    // Change the first character of the signed value (the last character of base64 can be padding bits, which decode the same).
    const tampered = cookie.replace(
      /^(electrify_investor=)(.)/,
      (_m, name: string, c: string) => `${name}${c === "e" ? "f" : "e"}`,
    );
    expect(tampered).not.toBe(cookie);
    expect(
      (await fetch(`${server.url}/investors/documents/business-plan`, { headers: { cookie: tampered } })).status,
    ).toBe(403);
  });

  it("rate-limits unlock attempts per client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await unlock("correct horse battery")).status);
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    const last = await unlock("correct horse battery");
    expect(last.status).toBe(429);
    expect(formError(await last.json())).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
  });

  it("says investor files are not available when no password is configured", async () => {
    const other = await startAppServer({ DATA_DIR: (await createTestDatabase("sqlite")).dataDir });
    try {
      const response = await fetch(`${other.url}/investors/unlock`, {
        method: "POST",
        headers: { origin: other.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ password: "anything" }),
      });
      expect(response.status).toBe(404);
      expect(formError(await response.json())).toBe("Investor files are not available at the moment.");
    } finally {
      await other.stop();
    }
  });

  it("keeps the files in private storage, not under the public folder", () => {
    expect(existsSync(path.join(dataDir, "files/investor-documents"))).toBe(true);
    expect(existsSync(path.resolve(import.meta.dirname, "../../build/client/investor-documents"))).toBe(false);
  });
});
