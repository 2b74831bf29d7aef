import { readFile } from "node:fs/promises";

import { defaultPlanInput } from "~/features/planning";

import { pdfText } from "../support/pdf-text";
import {
  createTestDepots,
  createTestUser,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  setTestDepotPlan,
  signInOnPage,
  test,
} from "./fixtures";

/** A depot's plan: `vans` vans on 22 kW chargers, with a connection of `kva`. */
function plan(vans: number, kva: number) {
  const inputs = defaultPlanInput({ vehicles: vans, chargers: [] });
  return { ...inputs, site: { ...inputs.site, connectionKva: kva } };
}

test.describe("[roadmap] portfolio and roadmap", () => {
  test("three depots to 2035: one flagged to apply by a date, moved, then quoted in time, and the portfolio PDF lists it, at 1280 and 390 px", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const user = await createTestUser({ name: "Fleet Director" });
    const [avonmouth, swindon, gloucester] = await createTestDepots(user.email, [
      { name: "Avonmouth" },
      { name: "Swindon", latitude: 51.56, longitude: -1.78 },
      { name: "Gloucester", latitude: 51.86, longitude: -2.24 },
    ]);
    await setTestDepotPlan(avonmouth!, plan(20, 60));
    await setTestDepotPlan(swindon!, plan(6, 200));
    await setTestDepotPlan(gloucester!, plan(10, 150));
    await signInOnPage(page, user);
    await expect(page).toHaveURL("/depots");
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/electrify/portfolio");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Portfolio and Roadmap");
    const table = page.getByRole("region", { name: "Your depots" });
    for (const name of ["Avonmouth", "Swindon", "Gloucester"]) await expect(table).toContainText(name);

    // Avonmouth's vans go electric from next year over five: its 60 kVA runs out, and it is first in the order.
    const cards = page.getByRole("heading", { level: 3 });
    await expect(page.getByRole("heading", { name: "Depots in the order to act" })).toBeVisible();
    const first = page.locator("[aria-labelledby^='depot-']").first();
    await expect(first).toContainText("Avonmouth");
    await expect(first.getByText(/^Apply (by|now)/)).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(3);

    // Move the vans to 2030: the apply-by date moves with them, to a date still ahead.
    await first.getByLabel("First year").fill("2030");
    await first.getByRole("button", { name: "Move Vans" }).click();
    await expect(page.getByText("Vans at Avonmouth: from 2030 over 5 years")).toBeVisible();
    // The toast comes with the action's answer; the roadmap with the page's data after it.
    await expect(first.getByText("Electric from 2030, the last in 2034")).toBeVisible();
    const flag = first.getByText(/^Apply by \d{2} [A-Z][a-z]{2} \d{4}$/);
    await expect(flag).toBeVisible();
    const applyBy = (await flag.textContent())!.replace("Apply by ", "");
    const neededYear = Number(
      (await first.getByText(/passes today's 60 kVA in \d{4}/).textContent())!.match(/in (\d{4})/)![1],
    );
    // Gloucester's vans at the company's own pace: half in 2027, all by 2029.
    const gloucesterCard = page.locator("[aria-labelledby^='depot-']").filter({ hasText: "Gloucester" });
    await gloucesterCard.getByLabel("Pace").selectOption("targets");
    await gloucesterCard.getByLabel("Share electric by year").fill("2027 50%, 2029 100%");
    await gloucesterCard.getByRole("button", { name: "Move Vans" }).click();
    await expect(page.getByText("Vans at Gloucester: to its shares by year")).toBeVisible();
    await expect(gloucesterCard.getByText("Electric from 2027, the last in 2029")).toBeVisible();
    await expect(gloucesterCard.getByRole("row", { name: /^2028 5 of 10/ })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("portfolio-1280.png"), fullPage: true });
    await expectNoAxeViolations(page);

    // The application: a quote energised before the year it is needed clears the flag.
    await first.getByRole("link", { name: "Track Avonmouth's connection application" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Avonmouth: connection application");
    await expect(page.getByText(`Apply by ${applyBy}`)).toBeVisible();
    await page.getByLabel("Stage").selectOption("quote-received");
    // Each stage asks for what it brings.
    await page.getByRole("button", { name: "Save application" }).click();
    await expect(page.getByText("Give the quote's cost").first()).toBeVisible();
    await page.getByLabel("Quote received on").fill("2026-11-20");
    await page.getByLabel("Quote's cost (£)").fill("84000");
    await page.getByLabel("Quoted capacity (kVA)").fill("250");
    await page.getByLabel("Energisation date").fill(`${neededYear - 1}-09-30`);
    await page.getByRole("button", { name: "Save application" }).click();
    await expect(page.getByText("Connection application saved")).toBeVisible();
    await expect(
      page.getByRole("heading", { name: `Quote in time: energised 30 Sep ${neededYear - 1}` }),
    ).toBeVisible();
    await page.getByLabel("Quote (PDF)").setInputFiles({
      name: "avonmouth-quote.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n% network operator quote\n%%EOF\n"),
    });
    await page.getByRole("button", { name: "Upload quote" }).click();
    await expect(page.getByRole("link", { name: "avonmouth-quote.pdf" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("connection-1280.png"), fullPage: true });
    await expectNoAxeViolations(page);

    // Back on the roadmap the flag reads the quote; the portfolio PDF lists the request.
    await gotoHydrated(page, "/electrify/portfolio");
    await expect(
      page
        .locator("[aria-labelledby^='depot-']")
        .filter({ hasText: "Avonmouth" })
        .getByText(/^Quote in time/),
    ).toBeVisible();
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Portfolio report (PDF)" }).click();
    const text = pdfText(await readFile((await (await downloading).path())!));
    expect(text).toContain("Connection requests in date order");
    expect(text).toContain("Avonmouth");
    expect(text).toContain("Quote received");
    expect(text).toContain(`Energised 30 Sep ${neededYear - 1}`);

    // At 390 px: the page reads without sideways scrolling (wide tables scroll inside their own regions).
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/electrify/portfolio");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, 390);
    await page.screenshot({ path: testInfo.outputPath("portfolio-390.png"), fullPage: true });
    await expectNoAxeViolations(page);

    // The consultancy sees the open application, in time, among every company's.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    const consultant = await createTestUser({ admin: true, name: "Consultant" });
    await signInOnPage(admin, consultant);
    await expect(admin).toHaveURL("/admin");
    await gotoHydrated(admin, "/admin/connections");
    const row = admin.getByRole("row").filter({ hasText: "Avonmouth" });
    await expect(row).toContainText("Quote received");
    await expect(row).toContainText(`30 Sep ${neededYear - 1}`);
    await expect(row).toContainText("In time");
    await expectNoAxeViolations(admin);
    await adminContext.close();
  });
});
