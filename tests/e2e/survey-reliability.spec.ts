import { mkdtemp } from "node:fs/promises";
import type { Page } from "@playwright/test";

import { makePhoto } from "../support/images";
import { createTestUser, expect, signInOnPage, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

const RUNS = 15;

/** Fills the survey form (already open and hydrated) and sends it. */
async function sendSurvey(page: Page, name: string, photo: string) {
  await page.getByLabel("Depot name").fill(name);
  await page.getByLabel("Depot address").fill(`${name} Road, Bristol`);
  await page
    .getByRole("group", { name: "Proposed EV charging area *" })
    .locator('input[type="file"]')
    .setInputFiles(photo);
  await page.getByText("Not at the depot? Enter its coordinates").click();
  await page.getByLabel("Latitude").fill("51.4545");
  await page.getByLabel("Longitude").fill("-2.5879");
  // The last survey's toast can still sit over the button (a phone's screen is short), and with the pointer over it
  // sonner holds it open for good (a CI run retried the click for ten minutes): it is closed first, as a thumb would.
  const toasts = page.locator("[data-sonner-toast]");
  for (let open = await toasts.count(); open > 0; open = await toasts.count())
    await toasts
      .first()
      .getByRole("button", { name: "Close toast" })
      .click({ timeout: 5_000 })
      .catch(() => {});
  await page.mouse.move(5, 5);
  await expect(toasts).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole("button", { name: "Submit Depot Survey" }).click();
}

/** Every depot on the haulier's list, page by page (a page past the last shows the last again). */
async function listedDepots(page: Page): Promise<string[]> {
  const byLink = new Map<string, string>();
  for (let number = 1; number <= 20; number++) {
    await page.goto(`/depots?page=${number}`);
    const cards = page.locator("main li a");
    const before = byLink.size;
    for (const card of await cards.all())
      byLink.set((await card.getAttribute("href"))!, (await card.locator("span.text-lg").textContent())!);
    if (byLink.size === before) break;
  }
  return [...byLink.values()];
}

test.describe("[surveys] a saved survey always says so", () => {
  // 15 runs: DevTools' throttling keeps the renderer busy (some 80 % of a core for the test's minutes, measured); 50
  // runs were a fifth of the whole end-to-end run's CPU, and 25 still took 241 s of one worker's time. The fix does not depend on reproducing the fault (decision
  // 028): the test above makes the confirmation's module fail and checks the reload lands on it.
  test(`${RUNS} surveys in a row on a phone's slow CPU each land on their confirmation, and the list holds exactly ${RUNS}`, async ({
    page,
    context,
  }) => {
    test.setTimeout(600_000);
    const photo = await makePhoto(await mkdtemp(test.info().outputPath("photos-")), "area.jpg", {
      width: 2000,
      height: 1500,
    });
    // A cheap phone: DevTools' CPU throttling, four times slower.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await signInOnPage(page, await createTestUser({ name: "Many Runs" }));
    await expect(page).toHaveURL("/depots");
    const confirmed = new Set<string>();
    for (let run = 1; run <= RUNS; run++) {
      // As a haulier goes: from the list the first time, then "Submit Another Survey" from each confirmation. The
      // pointer leaves the toasts first: over them, sonner holds the stack open (and its timers) across the button.
      await page.mouse.move(5, 5);
      await page.getByRole("link", { name: run === 1 ? "Add New Depot" : "Submit Another Survey" }).click();
      await expect(page.getByRole("heading", { name: "Depot Survey Form" })).toBeVisible();
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      await sendSurvey(page, `Run ${run} Yard`, photo);
      await expect(page.getByRole("heading", { name: "Depot Submitted Successfully!" })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page).toHaveURL(/\/confirmation\?depot=\d+&email=success$/);
      await expect(page.getByRole("link", { name: `Run ${run} Yard` })).toBeVisible();
      confirmed.add(new URL(page.url()).searchParams.get("depot")!);
    }
    expect(confirmed.size).toBe(RUNS);
    const names = await listedDepots(page);
    expect(names.sort()).toEqual(Array.from({ length: RUNS }, (_, i) => `Run ${i + 1} Yard`).sort());
  });

  test("when the confirmation's script fails to load, the page reloads onto the confirmation, and sending again makes no copy", async ({
    page,
  }) => {
    const photo = await makePhoto(await mkdtemp(test.info().outputPath("photos-")), "area.jpg");
    await signInOnPage(page, await createTestUser({ name: "Patchy Signal" }));
    await expect(page).toHaveURL("/depots");
    await page.getByRole("link", { name: "Add New Depot" }).click();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    // The confirmation route's module fails once, as over a connection that drops: React Router then reloads the
    // page it is on (the survey form) in full. That reload must land on the confirmation of the saved survey.
    const key = await page.locator('input[name="idempotencyKey"]').inputValue();
    let failed = 0;
    await page.route(/\/assets\/confirmation-[^/]+\.js$/, (route) =>
      failed++ === 0 ? route.abort("connectionreset") : route.continue(),
    );
    await sendSurvey(page, "Patchy Signal Yard", photo);
    await expect(page.getByRole("heading", { name: "Depot Submitted Successfully!" })).toBeVisible({ timeout: 20_000 });
    expect(failed).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/confirmation\?depot=\d+&email=success$/);
    await expect(page.getByRole("link", { name: "Patchy Signal Yard" })).toBeVisible();

    // The sent form's address again (a reload, a tab restored): the confirmation again, not an empty form.
    await page.goto(`/survey?submission=${key}`);
    await expect(page.getByRole("heading", { name: "Depot Submitted Successfully!" })).toBeVisible();
    expect(await listedDepots(page)).toEqual(["Patchy Signal Yard"]);
  });
});
