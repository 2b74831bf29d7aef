import { DateTime } from "luxon";

import { defaultPlanInput } from "~/features/planning";

import { connectOcppPeer } from "../support/ocpp-peer";
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
  waitForMail,
} from "./fixtures";

const SHOTS = Boolean(process.env.E2E_SCREENS);

test.describe("[readiness] every vehicle ready when it leaves", () => {
  test("an owner makes a fleet API key, a van's state comes through it and by hand on a phone, the board says it will be short, and a charger that takes no profiles is an alert on the page and by e-mail", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const run = crypto.randomUUID().slice(0, 6);
    const owner = await createTestUser({ name: "Olive Owner" });
    const depotName = `Ready Yard ${run}`;
    const [depot] = await createTestDepots(owner.email, [{ name: depotName, status: "approved" }]);
    await setTestDepotPlan(
      depot!,
      defaultPlanInput({ vehicles: 4, chargers: [{ name: "AC 22", powerKw: 22, count: 2 }] }),
    );

    // The owner creates a key for the fleet's telematics: shown once.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInOnPage(page, owner);
    await expect(page).toHaveURL("/depots");
    await gotoHydrated(page, "/electrify/team");
    await page.getByLabel("Key name").fill("Telematics");
    // What it may do: reading and telling are ticked, booking at hubs is not until asked for.
    const scopes = page.getByRole("group", { name: "What the key may do" });
    await expect(scopes.getByRole("checkbox", { name: /Book and cancel visits at hubs/ })).not.toBeChecked();
    await expect(scopes.getByRole("checkbox", { name: /Tell vehicles' state/ })).toBeChecked();
    await page.getByRole("button", { name: "Create key" }).click();
    const key = (await page.getByLabel("The new key").textContent())!.trim();
    expect(key).toMatch(/^elk_/);
    await expect(page.getByRole("list", { name: "Keys" })).toContainText("never used");
    await expect(page.getByRole("list", { name: "Keys" })).toContainText("May: fleet:read, fleet:write");
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: "test-results/screens/team-keys-1280.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 390);
    if (SHOTS)
      await page
        .getByText("Fleet API keys")
        .locator("xpath=ancestor::*[@data-slot='card'][1]")
        .screenshot({ path: "test-results/screens/team-keys-390.png" });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The van is named on the depot's page, in the plan's group; a charger that does not do smart charging connects.
    await gotoHydrated(page, `/electrify/operations/${depot}`);
    await page.getByRole("textbox", { name: "Vehicle *" }).fill("AB12 CDE");
    await page.getByLabel("Tag").fill(`VAN-${run}`);
    await page.getByRole("button", { name: "Add vehicle" }).click();
    await expect(page.getByText("AB12 CDE added")).toBeVisible();
    const identity = `RDY-${run}`;
    await page.getByLabel("Identity").fill(identity);
    await page.getByLabel(/^Name/).fill("Bay 1");
    await page.getByLabel("Connectors").fill("1");
    await page.getByRole("button", { name: "Register charger" }).click();
    const password = (await page.getByTestId("charger-password").textContent())!.trim();
    const charger = await connectOcppPeer(baseURL!, identity, password, "ocpp1.6");
    charger.onCall("GetConfiguration", () => ({
      configurationKey: [{ key: "SupportedFeatureProfiles", readonly: true, value: "Core,RemoteTrigger" }],
    }));
    charger.onCall("SetChargingProfile", () => ({ status: "Rejected" }));
    await charger.call("BootNotification", { chargePointVendor: "E2E", chargePointModel: "Plain" });

    // The fleet's system tells the van's charge through the API.
    const told = await fetch(`${baseURL}/api/v1/depots/${depot}/vehicles/AB12%20CDE`, {
      method: "PUT",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ socPct: 20 }),
    });
    expect(told.status).toBe(200);

    // On a phone, the depot's manager (the owner here) sets tonight's departure and target by hand.
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, `/electrify/operations/${depot}`);
    const leaves = DateTime.now().setZone("Europe/London").plus({ hours: 2 }).toFormat("HH:mm");
    const form = page.getByRole("form", { name: "Set a vehicle by hand" });
    await form.getByLabel("Vehicle").selectOption({ label: "AB12 CDE" });
    await form.getByLabel("Leaves at").fill(leaves);
    await form.getByLabel("Leave with (%)").fill("90");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved for AB12 CDE")).toBeVisible();
    // 70 % of a 75 kWh van in two hours, at most 11 kW: it will leave short, and the board says so with what to do.
    const row = page.getByRole("listitem", { name: /^AB12 CDE: short/ });
    await expect(row).toContainText("Will be short");
    await expect(row).toContainText("20 %");
    await expect(row).toContainText("from the fleet's system");
    await expect(row).toContainText(`${leaves} set by hand`);
    // A bad value by hand: refused, naming it.
    await form.getByLabel("Leave with (%)").fill("140");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("A target charge is from 1 to 100 %").first()).toBeVisible();

    // The charger that does not take profiles is an alert on the page, and its mail reaches the owner.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page
            .getByRole("list", { name: "Alerts" })
            .textContent()
            .catch(() => "");
        },
        { timeout: 30_000 },
      )
      .toContain("does not take charging profiles");
    const mail = await waitForMail(owner.email, `${depotName}: a charger does not take charging profiles`);
    expect(mail).toContain("What to do:");
    await expectNoSidewaysScroll(page, 390);
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: "test-results/screens/readiness-390.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    if (SHOTS) await page.screenshot({ path: "test-results/screens/readiness-1280.png", fullPage: true });
    await charger.close();
  });
});
