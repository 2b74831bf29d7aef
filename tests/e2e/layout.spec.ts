import { mkdirSync } from "node:fs";
import { type Page } from "@playwright/test";

import { accessTable } from "~/access-table";

import { createTestDepots, createTestUser, expect, signInOnPage, test } from "./fixtures";

/**
 * Every page of the access table, as each audience sees it, at phone,
 * tablet and laptop widths: the document never scrolls sideways and no
 * header control lies outside the screen. With E2E_SCREENS=1, screenshots at
 * 390 and 1280 px go to test-results/screens/ for a reviewer to look at
 * (`E2E_SCREENS=1 npm run test:e2e`); the suite alone does not take them (a
 * sixth of the sweep's time, and nobody looks at a CI run's).
 */
const WIDTHS = [320, 390, 768, 1280];
const SHOTS = new Set(process.env.E2E_SCREENS ? [390, 1280] : []);
const SCREENS = "test-results/screens";

/** The pages (not resources or actions) of app/access-table.ts; a query string where the page needs one. */
const PAGES = [
  "/",
  "/products",
  "/electrify",
  "/box-charge",
  "/about-us",
  "/legal",
  "/auth",
  "/forgot-password",
  "/depots",
  "/depots/:id",
  "/survey",
  "/confirmation?email=success",
  "/account",
  "/electrify/dashboard",
  "/electrify/company-setup",
  "/electrify/energy-map",
  "/electrify/depots/:id/layout",
  "/electrify/depots/:id/summary",
  "/electrify/depots/:id/plan",
  "/electrify/depots/:id/trips",
  "/electrify/portfolio",
  "/electrify/portfolio/:depotId/connection",
  "/electrify/operations",
  "/electrify/operations/:depotId",
  "/electrify/operations/:depotId/network",
  "/electrify/team",
  "/admin",
  "/admin/depot/:id",
  "/admin/grid-data",
  "/admin/connections",
];

/**
 * The pages an audience is shown, with ids filled in: those the access table says it may open ("ok"), and a page that
 * is not there. A page that sends it elsewhere (a signed-in haulier from /auth to /depots, an admin from /depots to
 * /admin) is swept as the page it lands on, once.
 */
function pages(audience: "anonymous" | "owner" | "admin", depotId: number | null): string[] {
  const shown = PAGES.filter((page) => {
    const pattern = page.split("?")[0]!;
    if (pattern.includes(":") && depotId === null) return false;
    const rule = accessTable[pattern];
    if (!rule) throw new Error(`${pattern} has no row in app/access-table.ts`);
    return rule[audience] === "ok";
  });
  return [...shown.map((page) => page.replace(/:(id|depotId)\b/, String(depotId))), "/no-such-page"];
}

async function sweep(page: Page, audience: string, paths: string[]) {
  mkdirSync(SCREENS, { recursive: true });
  // Map tiles are outside this machine's reach, as on an isolated network: the pages must still look deliberate.
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  for (const path of paths)
    for (const [index, width] of WIDTHS.entries()) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
      // Loaded once, at the first (narrowest) width, then widened: the server's markup does not depend on the width,
      // so a reload per width only measured the same page again (and took three of every four page loads). Two
      // frames let media queries and resize listeners settle.
      if (index === 0) await page.goto(path, { waitUntil: "load" });
      else
        await page.evaluate(
          () => new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled))),
        );
      const where = `${audience} ${path} at ${width} px`;
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      // Name the widest offenders, so a failure says where to look.
      const offenders =
        scroll > width
          ? await page.evaluate(
              (limit) =>
                [...document.querySelectorAll("body *")]
                  .filter((e) => e.getBoundingClientRect().right > limit + 0.5)
                  .slice(-3)
                  .map((e) => `<${e.tagName.toLowerCase()} class="${String(e.className).slice(0, 60)}">`),
              width,
            )
          : [];
      expect(scroll, `${where}: the page scrolls sideways (${offenders.join(", ")})`).toBeLessThanOrEqual(width);
      for (const control of await page.locator("header a:visible, header button:visible").all()) {
        const box = await control.boundingBox();
        if (!box) continue;
        expect(box.x, `${where}: a header control starts off screen`).toBeGreaterThanOrEqual(-0.5);
        expect(box.x + box.width, `${where}: a header control ends off screen`).toBeLessThanOrEqual(width + 0.5);
        expect(box.y, `${where}: a header control sits above the screen`).toBeGreaterThanOrEqual(-0.5);
      }
      if (SHOTS.has(width)) {
        const name = `${audience}${path.replace(/[/?=]+/g, "-").replace(/-$/, "") || "-home"}-${width}.png`;
        await page.screenshot({ path: `${SCREENS}/${name}`, fullPage: true });
      }
    }
}

test.describe("[layout] every page fits every width", () => {
  // Some sixty page loads at four widths each: about two minutes alone, and it ran past three beside the 50 throttled
  // surveys in a fresh-clone run on this slower machine.
  test.describe.configure({ timeout: 300_000 });

  test("as a visitor", async ({ page }) => {
    await sweep(page, "visitor", pages("anonymous", null));
  });

  test("as a haulier", async ({ page }) => {
    const user = await createTestUser({ name: "Sam Sweep" });
    const [depot] = await createTestDepots(user.email, [{ name: "Sweep Yard", photos: 1, photoFiles: true }]);
    await signInOnPage(page, user);
    await expect(page).toHaveURL("/depots");
    await sweep(page, "haulier", pages("owner", depot!));
  });

  test("as an admin", async ({ page }) => {
    const owner = await createTestUser();
    const [depot] = await createTestDepots(owner.email, [{ name: "Admin Sweep Yard", photos: 1, photoFiles: true }]);
    await signInOnPage(page, await createTestUser({ admin: true, name: "Ada Admin" }));
    await expect(page).toHaveURL("/admin");
    await sweep(page, "admin", pages("admin", depot!));
  });
});
