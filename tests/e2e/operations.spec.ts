import { connectOcppPeer } from "../support/ocpp-peer";
import {
  createTestDepots,
  createTestUser,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  signInOnPage,
  test,
} from "./fixtures";

test.describe("[box-charge] operations", () => {
  test("register a charger, connect it over OCPP 2.0.1, and watch it go live without reloading, at 1280 and 390 px", async ({
    page,
    baseURL,
  }, testInfo) => {
    // A whole session of a depot at two widths, with axe twice: about 35 s when the machine is busy.
    test.setTimeout(90_000);
    const user = await createTestUser({ name: "Sam Ops" });
    const [depotId] = await createTestDepots(user.email, [{ name: "Live Yard", status: "approved" }]);
    await signInOnPage(page, user);
    await expect(page).toHaveURL("/depots");
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/electrify/operations");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Operations");
    await page.getByRole("link", { name: "Open Live Yard" }).click();
    await expect(page).toHaveURL(`/electrify/operations/${depotId}`);
    await expect(page.getByText("Live: updates as the chargers report.")).toBeVisible();

    // Register: the password is shown once, with the address and identity to configure.
    const identity = `E2E-${crypto.randomUUID().slice(0, 8)}`;
    await page.getByLabel("Identity").fill(identity);
    await page.getByLabel(/^Name/).fill("Bay 1");
    await page.getByLabel("Connectors").fill("1");
    await page.getByRole("button", { name: "Register charger" }).click();
    await expect(page.getByText("Configure the charger now: the password is shown only once.")).toBeVisible();
    const password = (await page.getByTestId("charger-password").textContent())!.trim();
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    await expect(page.getByRole("list", { name: "Chargers" })).toContainText("Bay 1");
    await expect(page.getByRole("list", { name: "Chargers" })).toContainText("Offline");

    // The van's card, named: its sessions read as the vehicle (no plan yet, so it follows no group).
    const tags = page.getByRole("region", { name: "Vehicles and their tags" });
    await page.getByRole("textbox", { name: "Vehicle *" }).fill("AB12 CDE");
    await page.getByRole("textbox", { name: "Tag *" }).fill("VAN-42");
    await page.getByRole("button", { name: "Add vehicle" }).click();
    await expect(tags).toContainText("AB12 CDE");
    await expect(tags).toContainText("None: shares what is left");
    await page.getByRole("textbox", { name: "Tag *" }).fill("van-42");
    await page.getByRole("textbox", { name: "Vehicle *" }).fill("XY99 ZZZ");
    await page.getByRole("button", { name: "Add vehicle" }).click();
    await expect(page.getByText("This tag is already AB12 CDE's").first()).toBeVisible();

    // A charger from another library than the server's connects, boots and starts charging a van.
    const charger = await connectOcppPeer(baseURL!, identity, password, "ocpp2.0.1");
    charger.onCall("Reset", () => ({ status: "Accepted" }));
    await charger.call("BootNotification", { reason: "PowerUp", chargingStation: { vendorName: "E2E", model: "Bay" } });
    await charger.call("StatusNotification", {
      timestamp: new Date().toISOString(),
      connectorStatus: "Occupied",
      evseId: 1,
      connectorId: 1,
    });
    const meter = (wh: number, w: number) => [
      {
        timestamp: new Date().toISOString(),
        sampledValue: [
          { value: wh, measurand: "Energy.Active.Import.Register" },
          { value: w, measurand: "Power.Active.Import", unitOfMeasure: { unit: "W" } },
        ],
      },
    ];
    await charger.call("TransactionEvent", {
      eventType: "Started",
      timestamp: new Date().toISOString(),
      triggerReason: "CablePluggedIn",
      seqNo: 0,
      transactionInfo: { transactionId: "e2e-tx" },
      evse: { id: 1, connectorId: 1 },
      idToken: { idToken: "VAN-42", type: "ISO14443" },
      meterValue: meter(1000, 7200),
    });
    await charger.call("TransactionEvent", {
      eventType: "Updated",
      timestamp: new Date().toISOString(),
      triggerReason: "MeterValuePeriodic",
      seqNo: 1,
      transactionInfo: { transactionId: "e2e-tx" },
      evse: { id: 1 },
      meterValue: meter(3500, 7200),
    });

    // Live, without a reload: connected, charging, the session and today's figures.
    const chargers = page.getByRole("list", { name: "Chargers" });
    await expect(chargers).toContainText("Connected");
    await expect(chargers).toContainText("7.2 kW of 22 kW AC · OCPP 2.0.1");
    await expect(page.getByRole("list", { name: "Connectors of Bay 1" })).toContainText("1: Occupied");
    const sessions = page.getByRole("region", { name: "Sessions today" });
    await expect(sessions).toContainText("AB12 CDE");
    await expect(sessions).toContainText("2.5 kWh");
    await expect(page.getByRole("list", { name: "The depot now" })).toContainText("7.2 kW");
    await expect(page.getByRole("list", { name: "The depot now" })).toContainText("1 of 1");

    // A remote action reaches the charger and says what it answered.
    await page.getByRole("button", { name: "Actions for Bay 1" }).click();
    await page.getByRole("menuitem", { name: "Reset" }).click();
    await expect(page.getByText("Reset: Accepted")).toBeVisible();
    expect(charger.received.map((c) => c.action)).toContain("Reset");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("operations-1280.png"), fullPage: true });

    // A reload shows the same.
    await page.reload();
    await expect(page.getByRole("region", { name: "Sessions today" })).toContainText("AB12 CDE");

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("region", { name: "Sessions today" })).toContainText("AB12 CDE");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("operations-390.png"), fullPage: true });

    // The charger leaves: the page says so.
    await charger.close();
    await expect(chargers).toContainText("Offline");
  });
});
