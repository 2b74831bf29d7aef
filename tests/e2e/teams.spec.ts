import { connectOcppPeer } from "../support/ocpp-peer";
import {
  createTestDepots,
  createTestUser,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  signInOnPage,
  test,
  waitForMail,
} from "./fixtures";

const SHOTS = Boolean(process.env.E2E_SCREENS);

test.describe("[teams] a haulier's team", () => {
  test("an owner invites a depot manager for one of two depots; on a phone they run only that depot, and once removed are refused", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    // Two people, two widths, an OCPP charger and axe on four pages: about 40 s when the machine is busy.
    test.setTimeout(120_000);
    const run = crypto.randomUUID().slice(0, 6);
    const owner = await createTestUser({ name: "Olive Owner" });
    const [north, south] = await createTestDepots(owner.email, [
      { name: `North Yard ${run}`, status: "approved" },
      { name: `South Yard ${run}`, status: "approved" },
    ]);

    // The owner registers a charger at North Yard, and a charger from another library than the server's connects.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInOnPage(page, owner);
    await expect(page).toHaveURL("/depots");
    await gotoHydrated(page, `/electrify/operations/${north}`);
    const identity = `TEAM-${run}`;
    await page.getByLabel("Identity").fill(identity);
    await page.getByLabel(/^Name/).fill("Bay 1");
    await page.getByLabel("Connectors").fill("1");
    await page.getByRole("button", { name: "Register charger" }).click();
    const password = (await page.getByTestId("charger-password").textContent())!.trim();
    const charger = await connectOcppPeer(baseURL!, identity, password, "ocpp2.0.1");
    charger.onCall("Reset", () => ({ status: "Accepted" }));
    await charger.call("BootNotification", { reason: "PowerUp", chargingStation: { vendorName: "E2E", model: "Bay" } });

    // The owner invites a depot manager for North Yard only.
    const manager = { email: `manager-${run}@fleet.example`, password: "manager-password-1", name: "Dev Manager" };
    await gotoHydrated(page, "/electrify/team");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team");
    const invite = page.getByRole("form", { name: "Invite someone" });
    await invite.getByLabel("E-mail").fill(manager.email);
    await invite.getByLabel("Role", { exact: true }).selectOption("depot_manager");
    await invite.getByRole("checkbox", { name: `North Yard ${run}` }).check();
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${manager.email}`)).toBeVisible();
    await expect(page.getByRole("list", { name: "Invitations waiting" })).toContainText(manager.email);
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: "test-results/screens/team-1280.png", fullPage: true });
    await page.screenshot({ path: testInfo.outputPath("team-1280.png"), fullPage: true });

    // The mail, read from the SMTP sink: the link works once.
    const mail = await waitForMail(manager.email, "Join ");
    const link = /\/invitations\/[\w-]+/.exec(mail)![0];

    // The manager accepts on a phone with a new account.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-GB" });
    const mobile = await phone.newPage();
    await gotoHydrated(mobile, link);
    await expect(mobile.getByRole("heading", { level: 1 })).toContainText("Join ");
    await expect(mobile.getByText(/invited as depot manager/)).toBeVisible();
    await expectNoAxeViolations(mobile);
    await expectNoSidewaysScroll(mobile, 390);
    if (SHOTS) await mobile.screenshot({ path: "test-results/screens/invitation-390.png", fullPage: true });
    await mobile.getByLabel("Your name").fill(manager.name);
    await mobile.getByLabel(/^Password/).fill(manager.password);
    await mobile.getByLabel("Confirm password").fill(manager.password);
    await mobile.getByRole("button", { name: "Create account and join" }).click();
    await expect(mobile).toHaveURL("/electrify/dashboard");

    // They see only North Yard, and run its charger.
    await gotoHydrated(mobile, "/electrify/operations");
    await expect(mobile.getByRole("link", { name: `Open North Yard ${run}` })).toBeVisible();
    await expect(mobile.getByText(`South Yard ${run}`)).toHaveCount(0);
    await gotoHydrated(mobile, `/electrify/operations/${north}`);
    await mobile.getByRole("button", { name: "Actions for Bay 1" }).click();
    await mobile.getByRole("menuitem", { name: "Reset" }).click();
    await expect(mobile.getByText("Reset: Accepted")).toBeVisible();
    expect(charger.received.map((c) => c.action)).toContain("Reset");
    await expectNoSidewaysScroll(mobile, 390);
    if (SHOTS) await mobile.screenshot({ path: "test-results/screens/manager-operations-390.png", fullPage: true });

    // South Yard answers as if it did not exist: its operations, workspace and report.
    for (const url of [
      `/electrify/operations/${south}`,
      `/electrify/depots/${south}/layout`,
      `/electrify/depots/${south}/report`,
    ]) {
      const response = await mobile.request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(404);
    }
    await gotoHydrated(mobile, "/electrify/team");
    await expect(mobile.getByText("you are depot manager")).toBeVisible();
    await expectNoAxeViolations(mobile);
    if (SHOTS) await mobile.screenshot({ path: "test-results/screens/team-390.png", fullPage: true });

    // The owner removes them: their very next request is refused.
    await page.reload();
    await page.getByText(`Change ${manager.name}'s role or access`).click();
    await page.getByRole("button", { name: "Remove from team" }).click();
    await expect(page.getByText(`${manager.email} removed`)).toBeVisible();
    const after = await mobile.request.get(`/electrify/operations/${north}`, { maxRedirects: 0 });
    expect(after.status()).toBe(404);

    // The link was used once: opened again, it grants nothing.
    await gotoHydrated(page, link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This invitation cannot be used");
    await charger.close();
    await phone.close();
  });
});
