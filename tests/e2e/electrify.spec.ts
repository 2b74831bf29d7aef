import { readFile } from "node:fs/promises";
import path from "node:path";
import { type Page } from "@playwright/test";

import { gridDataDir, NGED_FILE, UKPN_FILE } from "../support/grid-files";
import { pdfText } from "../support/pdf-text";
import {
  createTestDepots,
  createTestUser,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  signInOnPage,
  test,
  type TestUser,
} from "./fixtures";

async function signedIn(page: Page, user: TestUser) {
  await signInOnPage(page, user);
  await expect(page).toHaveURL("/depots");
}

/** Map tiles come from the internet, which these machines cannot reach: refuse them at once, as a broken tile server would. */
async function noTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

test.describe("[electrify] workspace", () => {
  test("sidebar and dashboard", async ({ page }) => {
    const user = await createTestUser({ name: "Robin Fleet" });
    await createTestDepots(user.email, [
      { name: "Dash Depot A", status: "approved" },
      { name: "Dash Depot B", status: "pending" },
      { name: "Dash Depot C", status: "pending" },
    ]);
    await signedIn(page, user);
    await gotoHydrated(page, "/electrify/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Electrify, Robin Fleet");
    await expect(page.getByText("Your Company", { exact: true })).toBeVisible();
    await expect(page.getByText(user.email).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "3 depots" })).toBeVisible();
    const byStatus = page.getByRole("list", { name: "Depots by status" });
    await expect(byStatus).toContainText("Pending 2");
    await expect(byStatus).toContainText("Approved 1");
    await expectNoAxeViolations(page);

    const sidebar = page.getByRole("complementary", { name: "Electrify sidebar" });
    for (const name of ["Dashboard", "Company Setup", "Energy to Depot", "Depot Details", "Home", "Sign Out"]) {
      await expect(sidebar.getByRole(name === "Sign Out" ? "button" : "link", { name })).toBeVisible();
    }
    await expect(sidebar.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    // Ctrl+B collapses it to icons; the cookie keeps it collapsed after a reload.
    const toggle = page.getByRole("button", { name: /Toggle sidebar/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Control+b");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    // (after its 200 ms width transition)
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(48);
    await page.reload();
    await expect(page.getByRole("button", { name: /Toggle sidebar/ })).toHaveAttribute("aria-expanded", "false");
    await page.getByRole("button", { name: /Toggle sidebar/ }).click();
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(256);

    await page.getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL("/electrify/company-setup");
    await sidebar.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/auth");
    await expect(page.getByText("Signed out successfully")).toBeVisible();
  });

  test("company setup: company details, then the depot list rules", async ({ page }, testInfo) => {
    await noTiles(page);
    const user = await createTestUser({ name: "Casey Contact" });
    const [surveyed] = await createTestDepots(user.email, [
      { name: "Surveyed Yard", photos: 2 },
      { name: "Spare Yard" },
    ]);
    await signedIn(page, user);
    await gotoHydrated(page, "/electrify/company-setup");
    // Prefilled from the profile and the account.
    await expect(page.getByLabel("Contact Name")).toHaveValue("Casey Contact");
    await expect(page.getByLabel("Contact Email")).toHaveValue(user.email);
    await expectNoAxeViolations(page);

    await page.getByLabel("Contact Email").fill("not-an-email");
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await expect(page.getByText("Company name is required")).toBeVisible();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByText("Contact phone is required")).toBeVisible();
    await page.getByLabel("Company Name").fill("Casey Haulage Ltd");
    await page.getByLabel("Contact Email").fill("ops@casey.example");
    await page.getByLabel("Contact Phone").fill("0117 496 0000");
    await page.getByLabel("Charging Strategy").fill("Overnight at the depot, lunchtime top-ups");
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await expect(page.getByText("Company details saved successfully")).toBeVisible();
    await expect(page).toHaveURL("/electrify/company-setup?tab=depots");

    // The user's depots are preloaded.
    await expect(page.getByLabel("Depot Name").nth(0)).toHaveValue("Surveyed Yard");
    await expect(page.getByLabel("Depot Name").nth(1)).toHaveValue("Spare Yard");
    await expect(page.getByText("Surveyed: 2 photos kept with this depot.")).toBeVisible();

    // A depot with survey photos is not removed; one without is, after confirmation.
    await page.getByRole("button", { name: "Remove Depot 1 (Surveyed Yard)" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove depot" }).click();
    await expect(
      page.getByText("Surveyed Yard has survey photos, so it cannot be removed here.").first(),
    ).toBeVisible();
    await expect(page.getByLabel("Depot Name").nth(0)).toHaveValue("Surveyed Yard");
    await page.getByRole("button", { name: "Remove Depot 2 (Spare Yard)" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove depot" }).click();
    await expect(page.getByText("Spare Yard removed")).toBeVisible();
    await expect(page.getByLabel("Depot Name")).toHaveCount(1);
    // The last depot stays.
    await page.getByRole("button", { name: "Remove Depot 1 (Surveyed Yard)" }).click();
    await expect(page.getByText("You must have at least one depot")).toBeVisible();

    // Every depot needs a name and an address; a refused save keeps what was typed.
    await page.getByRole("button", { name: "Add Another Depot" }).click();
    await page.getByLabel("Depot Name").nth(1).fill("New Yard");
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "All depots must have a name and address" })).toBeVisible();
    await expect(page.getByLabel("Depot Name").nth(1)).toHaveValue("New Yard");
    await page.getByLabel("Address").nth(1).fill("1 New Road, Swindon SN1 1AA");
    await page.getByLabel("Address").nth(0).fill("Renamed Road, Bristol");
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await expect(page.getByText("Depots saved successfully")).toBeVisible();
    await expect(page).toHaveURL("/electrify/energy-map");
    // Placed from its postcode (no geocoder configured here), marked approximate; the other has none to go by.
    await page
      .getByRole("list", { name: "Your depots" })
      .getByRole("button", { name: /New Yard/ })
      .click();
    await expect(page.getByRole("note")).toHaveText(
      "Approximate: placed at the centre of its postcode sector. Drag its marker to where the depot is.",
    );
    await expect(page.getByText(/^Position 51\.5\d+, -1\.7\d+/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("energy-map-placed.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("note")).toBeVisible();
    await expectNoSidewaysScroll(page, 390);
    await page.screenshot({ path: testInfo.outputPath("energy-map-placed-390.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Saved: the company (with its strategy), the new depot, and the surveyed depot's photos untouched.
    await gotoHydrated(page, "/electrify/company-setup");
    await expect(page.getByLabel("Charging Strategy")).toHaveValue("Overnight at the depot, lunchtime top-ups");
    await gotoHydrated(page, "/electrify/company-setup?tab=depots");
    await expect(page.getByLabel("Address").nth(0)).toHaveValue("Renamed Road, Bristol");
    await expect(page.getByLabel("Depot Name").nth(1)).toHaveValue("New Yard");
    await gotoHydrated(page, `/depots/${surveyed}`);
    await expect(page.getByRole("heading", { name: "Surveyed Yard" })).toBeVisible();
    await expect(page.getByText("Renamed Road, Bristol")).toBeVisible();
    await expect(page.getByRole("img", { name: /thumbnail/ })).toHaveCount(2);
  });

  test("energy map on the real network-capacity files", async ({ page, browser }) => {
    // An admin imports both publishers' files through the admin page.
    const admin = await createTestUser({ admin: true });
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInOnPage(adminPage, admin);
    await expect(adminPage).toHaveURL("/admin");
    await adminPage.getByRole("link", { name: "Network capacity data" }).click();
    await expect(adminPage.getByRole("heading", { name: "Network capacity data" })).toBeVisible();
    const imports = [
      ["nged", NGED_FILE, "Imported 1087 National Grid Electricity Distribution substations"],
      ["ukpn", UKPN_FILE, "Imported 1507 UK Power Networks substations"],
    ] as const;
    for (const [operator, file, toast] of imports) {
      await adminPage.getByLabel("Network operator").selectOption(operator);
      await adminPage.getByLabel("File (.csv or .geojson)").setInputFiles(path.join(gridDataDir(), file));
      await adminPage.getByRole("button", { name: "Import" }).click();
      // Each import's own toast (the previous one may still be showing).
      await expect(adminPage.getByText(toast)).toBeVisible();
    }
    const imported = adminPage.getByRole("table", { name: "Imported network capacity data" });
    await expect(imported).toContainText(
      "1087 rows read, 1087 substations accepted (1017 with capacity figures), 0 skipped. Figures as of 2023-02-28.",
    );
    await expect(imported).toContainText(
      "1507 rows read, 1507 substations accepted (863 with capacity figures), 0 skipped.",
    );
    await expectNoAxeViolations(adminPage);
    await adminContext.close();

    // A haulier with a depot 300 m north of Abbeywood Primary (NGED: firm 11.19 MVA, headroom 6.2 MVA, 33/11 kV),
    // and one not placed yet.
    const user = await createTestUser();
    await createTestDepots(user.email, [
      { name: "Lockleaze Depot", address: "Gainsborough Square, Bristol", latitude: 51.508, longitude: -2.5612 },
      { name: "Peterborough Depot", address: "Bourges Boulevard, Peterborough", latitude: null, longitude: null },
    ]);
    await noTiles(page);
    await signedIn(page, user);
    await gotoHydrated(page, "/electrify/energy-map");
    await expect(page.getByRole("heading", { name: "Energy to Depot Map" })).toBeVisible();
    const depots = page.getByRole("list", { name: "Your depots" });
    await expect(depots.getByRole("button", { name: /Lockleaze Depot/ })).toContainText("Energy Capacity: 55%");
    await expect(depots.getByRole("button", { name: /Peterborough Depot/ })).toContainText("No capacity data");
    // The map still works without tiles: it says so, draws the bundled coastline, names the depot's marker and explains the colours.
    await expect(page.getByRole("button", { name: "Lockleaze Depot (drag to move)" })).toBeVisible();
    await expect(page.getByTestId("map-offline")).toContainText("shows the coastline only");
    // (The coastline is the one land-coloured shape on the map.)
    await expect(page.locator('.leaflet-overlay-pane path[fill="#f8fafc"]')).not.toHaveCount(0);
    await expect(page.locator(".leaflet-tooltip").filter({ hasText: "Lockleaze Depot" })).toBeVisible();
    const legend = page.getByTestId("map-legend");
    for (const band of ["More than 66 % of capacity available", "33–66 % available", "33 % or less available"])
      await expect(legend).toContainText(band);
    await expect(page.getByText("Contains data from National Grid Electricity Distribution")).toBeVisible();
    await expect(page.getByText("Coastline: Natural Earth")).toBeVisible();

    await depots.getByRole("button", { name: /Lockleaze Depot/ }).click();
    await expect(page.getByText("55% Available")).toBeVisible();
    await expect(page.getByText("Grid Connection").locator("..")).toContainText("33/11kV");
    await expect(page.getByText("Max Capacity").locator("..")).toContainText("11.19 MVA");
    await expect(page.getByText("Distance to Substation").locator("..")).toContainText("300 m");
    await expect(
      page.getByText(/Abbeywood Primary, National Grid Electricity Distribution: headroom 6.2 MVA of 11.19 MVA/),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // Place the other depot by its coordinates: next to UKPN's Peterborough North Grid (N-1 firm 73.2 MVA, winter demand 43.1 MVA → 41 %).
    await depots.getByRole("button", { name: /Peterborough Depot/ }).click();
    await expect(page.getByText("this depot has no position yet")).toBeVisible();
    await page.getByText("Enter coordinates").click();
    await page.getByLabel("Latitude").fill("52.5945");
    await page.getByLabel("Longitude").fill("-0.2665");
    await page.getByRole("button", { name: "Save position" }).click();
    await expect(page.getByText("Depot position saved")).toBeVisible();
    await expect(depots.getByRole("button", { name: /Peterborough Depot/ })).toContainText("Energy Capacity: 41%");
    await expect(page.getByText("Grid Connection").locator("..")).toContainText("132kV");
    await expect(page.getByText("Max Capacity").locator("..")).toContainText("73.2 MVA");
  });

  test("energy map without depots says where to add them", async ({ page }) => {
    const user = await createTestUser();
    await signedIn(page, user);
    await gotoHydrated(page, "/electrify/energy-map");
    await expect(page.getByText("No depots found. Please add depots in the Company Setup page.")).toBeVisible();
  });
});

test.describe("[electrify] depot designer", () => {
  test("place, undo, move, delete, redo, save, reload and read the summary", async ({ page }) => {
    const user = await createTestUser();
    const [firstDepot, second] = await createTestDepots(user.email, [{ name: "First Yard" }, { name: "Design Yard" }]);
    await signedIn(page, user);
    // Depot Details opens the first depot's workspace, at its own address.
    await gotoHydrated(page, "/electrify/depot-details");
    await expect(page).toHaveURL(`/electrify/depots/${firstDepot}/layout`);
    // The picker changes the depot in the URL.
    await page.getByLabel("Depot", { exact: true }).selectOption({ label: "Design Yard" });
    await expect(page).toHaveURL(`/electrify/depots/${second}/layout`);
    await expect(page.getByLabel("Depot", { exact: true })).toHaveValue(String(second));
    const canvas = page.getByRole("group", { name: /Depot plan/ });
    await expect(canvas).toBeVisible();
    const box = (await canvas.boundingBox())!;
    const at = (fx: number, fy: number) => ({ position: { x: box.width * fx, y: box.height * fy } });
    const count = page.getByTestId("component-count");
    const power = page.getByTestId("total-power");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Rapid Charger 150kW" }).click();
    await expect(page.getByText("Selected Rapid Charger 150kW. Click on the map to place it.")).toBeVisible();
    await canvas.click(at(0.3, 0.3));
    await expect(page.getByText("Rapid Charger 150kW placed on the map")).toBeVisible();
    await canvas.click(at(0.4, 0.3));
    await page.getByRole("button", { name: "Ultra Charger 350kW" }).click();
    await canvas.click(at(0.5, 0.3));
    await expect(count).toHaveText("3");
    await expect(power).toHaveText("650 kW");
    await page.getByRole("button", { name: "Undo Last Placement" }).click();
    await expect(page.getByText("Removed last placed component")).toBeVisible();
    await expect(power).toHaveText("300 kW");
    await page.getByRole("button", { name: "Ultra Charger 350kW" }).click();
    await canvas.click(at(0.5, 0.3));
    await page.keyboard.press("Escape");

    // Drag the first charger somewhere else.
    const first = page.getByRole("button", { name: /^Rapid Charger 150kW at/ }).first();
    const before = await first.getAttribute("aria-label");
    const from = (await first.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.7, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByRole("button", { name: /^Rapid Charger 150kW at/ }).first()).not.toHaveAttribute(
      "aria-label",
      before!,
    );

    // Delete the ultra charger with the keyboard, then redo brings nothing back and undo does.
    await page.getByRole("button", { name: /^Ultra Charger 350kW at/ }).focus();
    await page.keyboard.press("Delete");
    await expect(power).toHaveText("300 kW");
    await page.keyboard.press("Control+z");
    await expect(power).toHaveText("650 kW");
    await page.keyboard.press("Control+y");
    await expect(power).toHaveText("300 kW");
    await page.keyboard.press("Control+z");
    await expect(power).toHaveText("650 kW");

    await expect(page.getByText("Unsaved changes")).toBeVisible();
    await page.getByRole("button", { name: "Save Design" }).click();
    await expect(page.getByText("Depot design saved successfully")).toBeVisible();
    await expect(page.getByText("All changes saved")).toBeVisible();
    await page.reload();
    await expect(count).toHaveText("3");
    await expect(power).toHaveText("650 kW");
    const moved = await page.getByRole("button", { name: /^Rapid Charger 150kW at/ }).allTextContents();
    expect(moved).toHaveLength(2);

    // The summary: the breakdown and the specification's recommendations for 650 kW.
    await page.getByRole("tab", { name: "Summary" }).click();
    await expect(page).toHaveURL(`/electrify/depots/${second}/summary`);
    const breakdown = page.getByRole("table", { name: "Component breakdown" });
    await expect(breakdown.getByRole("row", { name: /Rapid Charger 150kW 2 300 kW/ })).toBeVisible();
    await expect(breakdown.getByRole("row", { name: /Ultra Charger 350kW 1 350 kW/ })).toBeVisible();
    const recommendations = page.getByRole("list", { name: "Recommendations" });
    await expect(recommendations).toContainText("Transformer: 1 MVA");
    await expect(recommendations).toContainText("Distribution boards: 7");
    await expect(recommendations).toContainText("A power management system");
    await expect(recommendations).toContainText("Battery storage");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Return to Designer" }).click();
    await expect(page.getByRole("tab", { name: "Design Layout" })).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(`/electrify/depots/${second}/layout`);

    // The other depot has its own (empty) design.
    await page.getByLabel("Depot", { exact: true }).selectOption({ label: "First Yard" });
    await expect(count).toHaveText("0");
  });

  test("without depots it offers Add Depots", async ({ page }) => {
    const user = await createTestUser();
    await signedIn(page, user);
    await gotoHydrated(page, "/electrify/depot-details");
    await page.getByRole("link", { name: "Add Depots" }).click();
    await expect(page).toHaveURL("/electrify/company-setup?tab=depots");
  });
});

test.describe("[electrify] depot designer on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("places by tap and by drag from the palette at 390 px, with markers big enough to tap", async ({ page }) => {
    const user = await createTestUser();
    const [depot] = await createTestDepots(user.email, [{ name: "Phone Yard", photos: 0 }]);
    await signedIn(page, user);
    await gotoHydrated(page, `/electrify/depots/${depot}/layout`);
    const canvas = page.getByRole("group", { name: /Depot plan/ });
    const palette = page.getByRole("toolbar", { name: "Components" });
    const count = page.getByTestId("component-count");
    // The plan is drawn to the site's proportions (90 × 60 m plus a 2 m margin), not letterboxed.
    const box = (await canvas.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(94 / 64, 1);

    await palette.getByRole("button", { name: "AC Charger 22kW" }).tap();
    await expect(palette.getByRole("button", { name: "AC Charger 22kW" })).toHaveAttribute("aria-pressed", "true");
    await canvas.tap({ position: { x: 120, y: 120 } });
    await expect(page.getByText("AC Charger 22kW placed on the map")).toBeVisible();
    await expect(count).toHaveText("1");
    const marker = page.getByRole("button", { name: /^AC Charger 22kW at/ });
    const size = (await marker.locator("circle").boundingBox())!;
    expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(24);

    // The palette stays on screen while the page scrolls down to the plan.
    await page.mouse.wheel(0, 400);
    await expect(palette).toBeInViewport();

    // Dragged from the palette and let go over the plan: placed where it was let go.
    await page.keyboard.press("Escape");
    // (The toolbar scrolls sideways on a phone: bring the chip into view first.)
    await palette.getByRole("button", { name: "AC Charger 7kW" }).scrollIntoViewIfNeeded();
    const chip = (await palette.getByRole("button", { name: "AC Charger 7kW" }).boundingBox())!;
    const plan = (await canvas.boundingBox())!;
    await page.mouse.move(chip.x + chip.width / 2, chip.y + chip.height / 2);
    await page.mouse.down();
    // Let go in the middle of the screen, over the plan (its top may have scrolled under the palette).
    await page.mouse.move(plan.x + 200, Math.min(plan.y + plan.height - 20, 422), { steps: 8 });
    await page.mouse.up();
    await expect(count).toHaveText("2");
    await expect(page.getByRole("button", { name: /^AC Charger 7kW at/ })).toBeVisible();
    await expectNoSidewaysScroll(page, 390);
    await expectNoAxeViolations(page);
  });
});

test.describe("charging plan", () => {
  test("fill the form, run the plan, read the results and charts, download the report", async ({ page }) => {
    test.setTimeout(90_000);
    const user = await createTestUser();
    const [depot] = await createTestDepots(user.email, [{ name: "Plan Yard", photos: 2, photoFiles: true }]);
    await signedIn(page, user);
    await gotoHydrated(page, `/electrify/depots/${depot}/plan`);
    await expect(page.getByRole("tab", { name: "Charging Plan" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Not run yet")).toBeVisible();
    // Prefilled from the survey: one group of the depot's 8 vehicles, one 22 kW charger each (no layout yet).
    await expect(page.getByLabel("Vehicles, Vans")).toHaveValue("8");
    await expect(page.getByLabel("Count, AC charger 22 kW")).toHaveValue("8");
    await expectNoAxeViolations(page);

    // A refused input: the server names the row and field, and nothing is run.
    await page.getByLabel("Vehicles, Vans").fill("0");
    await page.getByRole("button", { name: "Run plan" }).click();
    await expect(page.getByRole("alert")).toContainText("Vehicle group 1 (Vans), Count: must be at least 1");
    await expect(page.getByText("Not run yet")).toBeVisible();

    // A second group of night-shift rigids on their own 150 kW chargers, and a red/amber/green tariff.
    await page.getByLabel("Vehicles, Vans").fill("10");
    await page.getByLabel("Count, AC charger 22 kW").fill("10");
    await page.getByRole("button", { name: "Add vehicle group" }).click();
    await page.getByLabel("Vehicle group 2 name").fill("Night rigids");
    await page.getByLabel("Vehicle type, Night rigids").selectOption({ label: "19 t rigid truck" });
    await page.getByLabel("Vehicles, Night rigids").fill("3");
    await page.getByLabel("Departs, Night rigids").fill("20:00");
    // Times are 24-hour whatever the browser's language (this Chromium's is US English): typed without the colon,
    // written out on leaving the field.
    await page.getByLabel("Returns, Night rigids").fill("400");
    await page.getByLabel("km per day, Night rigids").fill("180");
    await expect(page.getByLabel("Returns, Night rigids")).toHaveValue("04:00");
    await expect(page.getByLabel("Departs, Night rigids")).toHaveValue("20:00");
    // Fridays the vans leave an hour early and go further.
    await page.getByText("Day-by-day shifts: Vans").click();
    await page.getByLabel("Vans departs on Fri").fill("06:00");
    await page.getByLabel("Vans km on Fri").fill("160");
    await page.getByRole("button", { name: "Add charger" }).click();
    await page.getByLabel("Charger 2 name").fill("DC 150 kW");
    await page.getByLabel("Count, DC 150 kW").fill("3");
    await page.getByLabel("Power (kW), DC 150 kW").fill("150");
    await page.getByLabel("Serves, DC 150 kW").selectOption({ label: "19 t rigid truck only" });
    // A DC unit that cannot be set below 10 kW (empty means the typical floor for its power).
    await expect(page.getByLabel("Lowest setting in kW, DC 150 kW")).toHaveAttribute("placeholder", "5 (typical)");
    await page.getByLabel("Lowest setting in kW, DC 150 kW").fill("10");
    await page.getByLabel("Connection (kVA)").fill("800");
    // The building's load from a CSV: a refused file says why; a typical day replaces the constant.
    const profile = page.getByLabel("Building load from a CSV file (optional)");
    const bad = Array.from({ length: 24 }, (_, h) => `${h},${h === 1 ? "lots" : 20}`).join("\n");
    await profile.setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(`hour,kW\n${bad}\n`) });
    await expect(page.getByRole("alert").filter({ hasText: "Row 2" })).toHaveText(
      'Row 2: "lots" is not a number of kW',
    );
    const day = Array.from({ length: 24 }, (_, h) => `${h},${h >= 8 && h < 18 ? 90 : 25}`).join("\n");
    await profile.setInputFiles({ name: "day.csv", mimeType: "text/csv", buffer: Buffer.from(`hour,kW\n${day}\n`) });
    await expect(page.getByTestId("building-profile")).toContainText(
      "A typical day of 24 hourly values, highest 90 kW",
    );
    await page.getByLabel(/A stationary battery/).check();
    await page.getByLabel("Capacity (kWh)").fill("300");
    await page.getByLabel("Power (kW)", { exact: true }).fill("150");
    await page.getByLabel("Preset").selectOption({ label: "Red/amber/green bands" });
    await expect(page.getByLabel("Band 1 rate (p/kWh)")).toHaveValue("45");
    await page.getByRole("button", { name: "Run plan" }).click();
    await expect(page.getByText("Charging plan computed")).toBeVisible({ timeout: 20_000 });

    const results = page.getByRole("table", { name: "Charging plan results by strategy" });
    await expect(results).toBeVisible();
    await expect(results.getByRole("row")).toHaveCount(5);
    // It opens with whether the plan works: here every vehicle leaves charged.
    await expect(page.getByTestId("feasibility")).toContainText(
      "The plan works: with 13 chargers, every vehicle leaves charged",
    );
    for (const name of ["Uncontrolled", "Balanced", "Cost-optimal", "Peak shaving"])
      await expect(results).toContainText(name);
    // Peak shaving's peak is the lowest of the four.
    const peaks = await results
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((row) => Number(row.children[1]!.textContent!.replace(/,/g, ""))));
    expect(Math.min(...peaks)).toBe(peaks[3]);
    expect(peaks[0]).toBeGreaterThan(peaks[3]!);
    // Four strategies and the building.
    await expect(
      page.getByRole("figure", { name: /Site load over a typical day/ }).locator(".recharts-line"),
    ).toHaveCount(5);
    await expect(
      page.getByRole("figure", { name: /Site load over the 7-day horizon/ }).locator(".recharts-line"),
    ).toHaveCount(4);
    await expect(
      page
        .getByRole("figure", { name: /Cost by strategy/ })
        .locator(".recharts-bar-rectangle")
        .first(),
    ).toBeVisible();
    await expect(page.getByText(/Connection limit 760 kW/).first()).toBeVisible();
    // Peak shaving runs the battery and says how far it takes the peak down.
    await expect(page.getByTestId("battery-note")).toContainText(/takes the peak from [\d,]+ kW down to [\d,]+ kW/);
    const recommendedKva = (await page.getByTestId("recommended-kva").textContent())!.trim();
    expect(recommendedKva).toMatch(/^[\d,]+ kVA$/);
    await expectNoAxeViolations(page);

    // Saved with the depot: a reload shows the results first, under the inputs folded into one line, and the same inputs when opened.
    await gotoHydrated(page, `/electrify/depots/${depot}/plan`);
    await expect(page.getByTestId("feasibility")).toContainText("The plan works");
    await expect(page.getByTestId("inputs-summary")).toHaveText(
      "13 vehicles in 2 groups · chargers 10 × 22 kW + 3 × 150 kW · connection 800 kVA · Red/amber/green bands · 7 days at 15 min",
    );
    await expect(page.getByLabel("Vehicles, Night rigids")).toBeHidden();
    await page.getByTestId("inputs-summary").click();
    await expect(page.getByLabel("Vehicles, Night rigids")).toHaveValue("3");
    await page.getByText("Day-by-day shifts: Vans").click();
    await expect(page.getByLabel("Vans departs on Fri")).toHaveValue("06:00");
    await expect(page.getByLabel("Vans km on Fri")).toHaveValue("160");
    await expect(page.getByLabel("Vans departs on Thu")).toHaveValue("07:00");
    await expect(page.getByLabel("Vans departs on Sat")).toBeDisabled();
    await expect(page.getByText("These inputs are saved with the depot")).toBeVisible();
    await expect(page.getByTestId("recommended-kva")).toHaveText(recommendedKva);

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download report (PDF)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("Plan-Yard-report.pdf");
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain("Plan Yard");
    expect(text).toContain(`Recommended connection: ${recommendedKva}`);
    expect(text).toContain("Strategies compared");
    expect(text).toContain("Mon Tue Wed Thu out 07:00");
    expect(text).toContain("Fri out 06:00");
    // Both survey photos are in it as images.
    expect(pdf.toString("latin1").match(/\/Subtype \/Image/g)?.length).toBe(2);

    // On a phone the wide tables scroll inside their cards; the page itself does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, `/electrify/depots/${depot}/plan`);
    await expectNoSidewaysScroll(page, 390);
  });

  test("a depot with too few chargers: under-charged first, the chargers it needs, one click, and every van leaves charged", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const user = await createTestUser();
    const [depot] = await createTestDepots(user.email, [{ name: "Thirty Vans Yard", photos: 0 }]);
    await signedIn(page, user);
    await gotoHydrated(page, `/electrify/depots/${depot}/plan`);
    // 30 vans sharing the 8 chargers of its layout.
    await page.getByLabel("Vehicles, Vans").fill("30");
    await page.getByLabel("Count, AC charger 22 kW").fill("8");
    await page.getByRole("button", { name: "Run plan" }).click();
    await expect(page.getByText("Charging plan computed")).toBeVisible({ timeout: 20_000 });
    const feasibility = page.getByTestId("feasibility");
    await expect(feasibility).toContainText("The plan does not work yet: 22 of 30 vehicles would leave under-charged");
    await expect(feasibility).toContainText("no charger free (22)");
    await expect(feasibility).toContainText("No connection or transformer is recommended");
    await expect(page.getByTestId("recommended-kva")).toHaveCount(0);
    await expect(page.getByTestId("sizing")).toContainText("You need 30 × 7 kW AC");
    await expectNoAxeViolations(page);
    // Kept as a scenario to compare with what comes next.
    await page.getByLabel("Save this plan as a scenario").fill("Today's layout");
    await page.getByRole("button", { name: "Save scenario" }).click();
    await expect(page.getByText('Scenario "Today\'s layout" saved')).toBeVisible();
    await page.getByRole("button", { name: "Use these chargers and run the plan" }).click();
    await expect(page.getByTestId("feasibility")).toContainText(
      "The plan works: with 30 chargers, every vehicle leaves charged",
      {
        timeout: 20_000,
      },
    );
    await expect(page.getByTestId("inputs-summary")).toContainText("chargers 30 × 7 kW");
    await expect(page.getByTestId("recommended-kva")).toHaveText(/^[\d,]+ kVA$/);
    // The depot has no layout yet: the sized chargers go onto it in one click, and stay there.
    await expect(page.getByTestId("sizing")).toContainText("the depot's layout shows no chargers");
    await page.getByRole("button", { name: "Put them on the layout" }).click();
    await expect(page.getByText("Layout: 30 chargers added.")).toBeVisible();
    await expect(page.getByText("Depot design saved successfully")).toBeVisible();
    await expect(page.getByTestId("sizing")).toHaveCount(0);
    await gotoHydrated(page, `/electrify/depots/${depot}/layout`);
    await expect(page.locator('[data-component="ac7charger"]')).toHaveCount(30);
    await gotoHydrated(page, `/electrify/depots/${depot}/plan`);
    await page.getByLabel("Save this plan as a scenario").fill("Sized chargers");
    await page.getByRole("button", { name: "Save scenario" }).click();
    const compared = page.getByRole("table", { name: "Scenarios compared" });
    await expect(compared.locator("tbody tr")).toHaveCount(2);
    await expect(compared.locator("tbody tr").first()).toContainText("Today's layout");
    await expect(compared.locator("tbody tr").first()).toContainText("22 of 30");
    await expect(compared.locator("tbody tr").nth(1)).toContainText("30 × 7 kW");
    await expect(compared.locator("tbody tr").nth(1)).toContainText("none");
    // What it costs against diesel, and when it pays back.
    const payback = (await page.getByTestId("payback").textContent())!;
    expect(payback).toMatch(
      /^(It pays back in year \d+\.|It does not pay back within 7 years\.|It costs less from the start\.)$/,
    );
    await expect(page.getByTestId("co2e")).toHaveText(/^[\d,.]+ t CO2e a year$/);
    await expect(page.getByRole("table", { name: "Cost of ownership per vehicle" })).toContainText(
      "Large electric van",
    );
    // The report leads with the same answer.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download report (PDF)" }).click();
    const text = pdfText(await readFile((await (await downloading).path())!));
    expect(text).toContain("The plan works: every vehicle leaves at its target charge (30 vehicles, 30 chargers).");
    expect(text).toContain("Chargers the fleet needs: 30 × 7 kW AC");
    // A sentence may wrap anywhere (where depends on the figures): read the text as it flows.
    expect(text.replace(/\s*\n\s*/g, " ")).toContain(
      payback
        .replace(/^It /, "")
        .replace(/\.$/, "")
        .replace("pays back", "and pays back")
        .replace("does not", "and does not"),
    );
  });
});
