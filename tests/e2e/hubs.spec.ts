import { DateTime } from "luxon";

import { defaultPlanInput } from "~/features/planning";

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

const SHOTS = Boolean(process.env.E2E_SCREENS);

test.describe("[hubs] contracted charging at a hub", () => {
  test("the consultancy opens a hub, a haulier on a phone asks for capacity the engine checked and is told what would fit when the hub is full, and the operator accepts", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const run = crypto.randomUUID().slice(0, 6);
    const admin = await createTestUser({ admin: true, name: "Ada Admin" });
    const [depot] = await createTestDepots(admin.email, [{ name: `Dock Yard ${run}`, status: "approved" }]);
    const plan = defaultPlanInput({ vehicles: 2, chargers: [{ name: "AC 22", powerKw: 22, count: 6 }] });
    plan.site = { ...plan.site, connectionKva: 60, powerFactor: 1, buildingKw: 10 };
    await setTestDepotPlan(depot!, plan);

    // The admins' own depot opens as a hub at once.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInOnPage(page, admin);
    await expect(page).toHaveURL("/admin");
    await gotoHydrated(page, "/electrify/hubs");
    const offer = page.getByRole("form", { name: "Offer a depot as a hub" });
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: "test-results/screens/hubs-offer-1280.png", fullPage: true });
    await offer.getByLabel("Hub name (shown to other fleets)").fill(`Dock Hub ${run}`);
    await offer.getByRole("button", { name: "Open the hub" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Dock Hub ${run}` })).toBeVisible();
    const hubUrl = new URL(page.url()).pathname;

    // A haulier, on a phone, finds it and asks for capacity for two vans on weekday nights.
    const haulier = await createTestUser({ name: "Hal Haulier" });
    const [haulierDepot] = await createTestDepots(haulier.email, [{ name: `Hal Yard ${run}`, status: "approved" }]);
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-GB" });
    const phone = await phoneContext.newPage();
    await signInOnPage(phone, haulier);
    await expect(phone).toHaveURL("/depots");
    await gotoHydrated(phone, "/electrify/hubs");
    // The finder: two vans on weekday nights, 40 kWh a visit; each hub answers from the engine's plan of its week.
    const finder = phone.getByRole("form", { name: "Find a hub with room" });
    await finder.getByLabel("Vehicles").fill("2");
    await finder.getByRole("button", { name: "Find hubs with room" }).click();
    // (The map says so too when its streets cannot load: that is a status of its own.)
    await expect(phone.getByRole("status").filter({ hasText: "room for that" })).toHaveText(
      "1 of 1 hub has room for that.",
    );
    await expect(phone.getByText("Has room for them")).toBeVisible();
    await expectNoSidewaysScroll(phone, 390);
    if (SHOTS) await phone.screenshot({ path: "test-results/screens/hubs-list-390.png", fullPage: true });
    await phone.getByRole("link", { name: "See its week and ask for capacity" }).click();
    await expect(phone).toHaveURL(hubUrl);
    await expect(phone.locator("html[data-hydrated]")).toHaveCount(1);
    const ask = phone.getByRole("form", { name: "Ask for capacity" });
    await ask.getByLabel("Vehicles").fill("2");
    await ask.getByRole("button", { name: "Check and send the request" }).click();
    await expect(phone.getByText("Request sent: the hub can take it")).toBeVisible();
    await expect(phone.getByRole("listitem").filter({ hasText: "Waiting for the operator" })).toBeVisible();
    await expectNoSidewaysScroll(phone, 390);
    await expectNoAxeViolations(phone);
    if (SHOTS) await phone.screenshot({ path: "test-results/screens/hub-haulier-390.png", fullPage: true });

    // Nine more do not fit: the answer names the full hours and what would.
    await ask.getByLabel("Vehicles").fill("9");
    await ask.getByRole("button", { name: "Check and send the request" }).click();
    const refusal = ask.getByRole("alert").filter({ hasText: "The hub cannot take this" });
    await expect(refusal).toContainText(/it is full Mon/);
    await expect(refusal).toContainText(/It could take \d+ vehicles? in that window/);
    if (SHOTS) await ask.screenshot({ path: "test-results/screens/hub-refusal-390.png" });

    // The operator accepts; the haulier sees it accepted and the week's chargers taken.
    await gotoHydrated(page, hubUrl);
    await expect(page.getByRole("listitem").filter({ hasText: "Waiting for the operator" })).toContainText("2 × ");
    await page.getByRole("button", { name: "Accept" }).click();
    await expect(page.getByText("Contract accepted")).toBeVisible();
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: "test-results/screens/hub-operator-1280.png", fullPage: true });
    await gotoHydrated(phone, hubUrl);
    await expect(phone.getByRole("listitem").filter({ hasText: "Accepted" })).toBeVisible();
    await expect(phone.getByRole("cell", { name: /^20:00 .*2 chargers/ }).first()).toBeVisible();

    // The haulier names its vans and their tags on its own depot's Operations page: a booking names one of them.
    await gotoHydrated(phone, `/electrify/operations/${haulierDepot}`);
    for (const [vehicle, tag] of [
      ["AB12 CDE", `VAN-${run}`],
      ["CD34 EFG", `ONE-${run}`],
    ]) {
      await phone.getByRole("textbox", { name: "Vehicle *" }).fill(vehicle!);
      await phone.getByRole("textbox", { name: "Tag *" }).fill(tag!);
      await phone.getByRole("button", { name: "Add vehicle" }).click();
      await expect(phone.getByText(`${vehicle} added`)).toBeVisible();
      // The form clears once the page has its new data: typing before then would be cleared with it.
      await expect(phone.getByRole("textbox", { name: "Vehicle *" })).toHaveValue("");
    }
    await gotoHydrated(phone, hubUrl);
    // The haulier books a van for the next weekday: its tag is how the hub's chargers know it (its own, suggested).
    let day = DateTime.now().setZone("Europe/London").plus({ days: 1 });
    while (day.weekday > 5) day = day.plus({ days: 1 });
    const book = phone.getByRole("form", { name: "Book a visit" });
    await book.getByLabel("Day").selectOption(day.toISODate()!);
    await book.getByLabel("Vehicle").fill("AB12 CDE");
    await book.getByLabel("Tag it charges with").fill(`VAN-${run}`);
    await book.getByRole("button", { name: "Book the visit" }).click();
    await expect(phone.getByText("AB12 CDE booked")).toBeVisible();
    await expect(phone.getByRole("list", { name: "Booked visits" })).toContainText(day.toFormat("dd LLL yyyy"));
    await expectNoSidewaysScroll(phone, 390);
    await expectNoAxeViolations(phone);
    if (SHOTS) await phone.screenshot({ path: "test-results/screens/hub-booked-390.png", fullPage: true });
    // And one visit outside the contract, at the list price, where the hub has room that day.
    const single = phone.getByRole("form", { name: "Book a single visit" });
    await single.getByLabel("Day").selectOption(day.toISODate()!);
    await single.getByLabel("Arriving at").fill("12:00");
    await single.getByLabel("Leaving at").fill("14:00");
    await single.getByLabel("Energy (kWh)").fill("20");
    await single.getByRole("combobox", { name: /^Vehicle \*?$/ }).fill("CD34 EFG");
    await single.getByLabel("Tag it charges with").fill(`ONE-${run}`);
    await single.getByRole("button", { name: "Check and book the visit" }).click();
    await expect(phone.getByText("CD34 EFG booked at the list price")).toBeVisible();
    await expect(phone.getByRole("list", { name: "Booked visits" })).toContainText("single visit at the list price");
    await expectNoAxeViolations(phone);
    if (SHOTS) await single.screenshot({ path: "test-results/screens/hub-single-visit-390.png" });
    // The operator sees the booking and every customer's statement for the month (none charged yet: £0.00).
    await gotoHydrated(page, `${hubUrl}?month=${day.toFormat("yyyy-MM")}`);
    await expect(page.getByRole("list", { name: "Booked visits" })).toContainText("Hal Haulier");
    await expect(page.getByRole("list", { name: "Statements" })).toContainText("£0.00");
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: "test-results/screens/hub-operator-statements-1280.png", fullPage: true });
    // The operator's page on a phone, and the hubs list at 1280 px: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 390);
    if (SHOTS) await page.screenshot({ path: "test-results/screens/hub-operator-390.png", fullPage: true });
    // The operator suspends the hub for a while: its customer can no longer book there, until it reopens.
    await page.getByRole("button", { name: "Suspend the hub" }).click();
    await expect(page.getByText(/^Suspended: nothing new can be booked/)).toBeVisible();
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: "test-results/screens/hub-suspended-390.png", fullPage: true });
    await gotoHydrated(phone, hubUrl);
    await expect(phone.getByText(/suspended by its operator: nothing can be booked/)).toBeVisible();
    await expect(phone.getByRole("form", { name: "Book a visit" })).toHaveCount(0);
    await page.getByRole("button", { name: "Reopen the hub" }).click();
    await expect(page.getByText(/^Open: customers book/)).toBeVisible();
    await gotoHydrated(phone, hubUrl);
    await expect(phone.getByRole("form", { name: "Book a visit" })).toBeVisible();
    await phone.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(phone, "/electrify/hubs");
    await expectNoSidewaysScroll(phone, 1280);
    if (SHOTS) await phone.screenshot({ path: "test-results/screens/hubs-list-1280.png", fullPage: true });
    await phoneContext.close();
  });
});
