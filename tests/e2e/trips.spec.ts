import { readFile } from "node:fs/promises";
import { type Page } from "@playwright/test";

import { pdfText } from "../support/pdf-text";
import { DEPOT, syntheticFleet, webfleetCsv } from "../support/trip-exports";
import {
  createTestDepots,
  createTestUser,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  signInOnPage,
  test,
} from "./fixtures";

async function upload(page: Page, name: string, text: string) {
  await page.getByLabel("Trip export").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
}

test.describe("[electrify] the fleet's own trips", () => {
  test("import a Webfleet export of 20 vehicles over 4 weeks, read the suitability, plan from the recorded days and download the PDF", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const user = await createTestUser();
    const [depot] = await createTestDepots(user.email, [
      { name: "Recorded Yard", latitude: DEPOT[0], longitude: DEPOT[1] },
    ]);
    await signInOnPage(page, user);
    await page.waitForURL("**/depots");
    await gotoHydrated(page, `/electrify/depots/${depot}/trips`);

    // A file whose columns cannot all be recognised: the user maps the rest; nothing is kept until Import.
    const fleet = syntheticFleet({ vehicles: 20, days: 28, firstDay: "2026-10-05" });
    const broken = [["VN01 ABC", "Driver A. Smith", "29.03.2026 01:30:00", "29.03.2026 02:30:00", "5", "", "", "", ""]];
    const csv = webfleetCsv(fleet, broken).replace("Object name", "Kenteken");
    await upload(page, "webfleet-trips.csv", csv);
    const mapping = page.getByTestId("trip-mapping");
    await expect(mapping).toContainText(`${(fleet.length + 1).toLocaleString("en-GB")} rows`);
    await expect(page.getByRole("table", { name: "First rows of the file" })).toContainText("VN01 ABC");
    await expect(page.getByRole("button", { name: /^Import/ })).toBeDisabled();
    await page.getByLabel("Vehicle (required)").selectOption({ label: "Kenteken" });
    await expect(page.getByLabel("Distances are in")).toHaveValue("km");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: `Import ${(fleet.length + 1).toLocaleString("en-GB")} rows` }).click();
    await expect(
      page.getByText(`Imported ${fleet.length.toLocaleString("en-GB")} trips for 20 vehicles (1 rows skipped)`),
    ).toBeVisible();

    // What it says about the fleet.
    await expect(page.getByTestId("trip-record")).toContainText("20 vehicles from webfleet-trips.csv, 05 Oct 2026 to");
    await expect(
      page.getByText("A trip ends at the depot when it ends within 500 m of the depot's location."),
    ).toBeVisible();
    await page.getByText("1 of").click();
    await expect(page.getByRole("list", { name: "Rows left out" })).toContainText(
      `Row ${fleet.length + 2}: start time "29.03.2026 01:30:00" is not a date and time`,
    );
    const table = page.getByRole("table", { name: "Suitability by vehicle" });
    await expect(table.locator("tbody tr")).toHaveCount(20);
    // The long-distance van needs top-ups; vehicle 3 spends Wednesday nights away.
    await expect(table.getByRole("row", { name: /VN20 ABC/ })).toContainText("Not yet");
    await expect(
      table
        .getByRole("row", { name: /VN03 ABC/ })
        .getByRole("cell")
        .nth(6),
    ).toHaveText("4");
    await expect(table.locator("tbody tr").first()).toContainText("Ready");
    await expect(
      page.getByRole("list", { name: "Fleet summary" }).or(page.locator("dl[aria-label='Fleet summary']")),
    ).toContainText("Not yet");

    // A different charger changes the answer, from the address.
    await page.getByLabel("Depot charger (kW)").fill("7");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/chargerKw=7/);

    // Planned on the days as they happened.
    await page.getByRole("button", { name: "Plan from recorded days" }).click();
    await expect(page).toHaveURL(`/electrify/depots/${depot}/plan`);
    await expect(page.getByTestId("feasibility")).toBeVisible({ timeout: 30_000 });
    // The results come first: the inputs stay folded into their one-line summary.
    await expect(page.getByRole("group").filter({ has: page.getByTestId("inputs-summary") })).not.toHaveAttribute(
      "open",
    );
    await expect(page.getByTestId("inputs-summary")).toContainText("20 vehicles in 20 groups");
    // The recorded period: Monday 5 to Friday 30 October, the first and last days driven.
    await expect(page.getByTestId("inputs-summary")).toContainText("26 days at 15 min");
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download report (PDF)" }).click();
    const text = pdfText(await readFile((await (await downloading).path())!));
    expect(text).toMatch(/VN01 ABC \(Large electric van, 75 kWh\): \d+ recorded tours, [\d,]+ km/);
    await page.getByText("Inputs", { exact: true }).click();
    await expect(page.getByTestId("recorded-fleet")).toContainText("20 vehicles are planned on their recorded trips");
  });

  test("when no trip ends at the depot, the plan is not run and the page says why", async ({ page }) => {
    const user = await createTestUser();
    // 300 km from where the fleet's trips end.
    const [depot] = await createTestDepots(user.email, [{ name: "Elsewhere Yard", latitude: 54.35, longitude: 0.4 }]);
    await signInOnPage(page, user);
    await page.waitForURL("**/depots");
    await gotoHydrated(page, `/electrify/depots/${depot}/trips`);
    await upload(page, "trips.csv", webfleetCsv(syntheticFleet({ vehicles: 2, days: 3, firstDay: "2026-10-05" })));
    await page.getByRole("button", { name: /^Import \d+ rows$/ }).click();
    // Never back: each vehicle's kilometres are dated from its first trip.
    const table = page.getByRole("table", { name: "Suitability by vehicle" });
    await expect(table.getByRole("row", { name: /VN01 ABC/ })).toContainText("05 Oct 2026");
    await page.getByRole("button", { name: "Plan from recorded days" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The plan was not run" })).toHaveText(
      "The plan was not run: No vehicle came back to the depot in the record: nothing to plan.",
    );
    await expect(page).toHaveURL(`/electrify/depots/${depot}/trips`);
  });

  test("on a phone the suitability table scrolls inside its card", async ({ page }) => {
    const user = await createTestUser();
    const [depot] = await createTestDepots(user.email, [
      { name: "Phone Trips Yard", latitude: DEPOT[0], longitude: DEPOT[1] },
    ]);
    await signInOnPage(page, user);
    await page.waitForURL("**/depots");
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, `/electrify/depots/${depot}/trips`);
    await upload(page, "trips.csv", webfleetCsv(syntheticFleet({ vehicles: 3, days: 7, firstDay: "2026-06-01" })));
    await page.getByRole("button", { name: /^Import \d+ rows$/ }).click();
    await expect(page.getByRole("table", { name: "Suitability by vehicle" })).toBeVisible();
    const widest = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter(
          (e) =>
            e.getBoundingClientRect().right > 391 &&
            !e.closest("[data-slot=table-container]") &&
            !e.closest("[data-sonner-toaster]"),
        )
        .map((e) => `${e.tagName}.${e.className}`.slice(0, 120))
        .slice(0, 5),
    );
    expect(widest).toEqual([]);
    await expectNoSidewaysScroll(page, 390);
    await page.screenshot({ path: "test-results/trips-390.png", fullPage: true });
    await expectNoAxeViolations(page);
  });
});
