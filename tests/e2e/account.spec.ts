import { type Page } from "@playwright/test";

import {
  createTestUser,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  signInOnPage,
  test,
  waitForMail,
  type TestUser,
} from "./fixtures";

async function signedIn(page: Page, user: TestUser) {
  await signInOnPage(page, user);
  await expect(page).toHaveURL("/depots");
}

async function resetLinkFor(email: string): Promise<string> {
  const text = await waitForMail(email, "Reset your Electrify password");
  return text.match(/http:\/\/\S+\/reset-password\?token=\S+/)![0];
}

test.describe("[account] profile, password and sessions", () => {
  test("view, edit, cancel and save the profile; the header follows", async ({ page }) => {
    const user = await createTestUser({ name: "Robin Road" });
    await signedIn(page, user);
    await gotoHydrated(page, "/account");
    await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
    await expect(page.getByText(user.email).first()).toBeVisible();
    await expect(page.getByText("Not provided").first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Edit Profile" }).click();
    await page.getByLabel("Organization").fill("Should Not Stick Ltd");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByText("Should Not Stick Ltd")).toHaveCount(0);

    await page.getByRole("link", { name: "Edit Profile" }).click();
    await expect(page.getByLabel("Email")).toBeDisabled();
    await page.getByLabel("Name").fill("Sam Lorry");
    await page.getByLabel("Organization").fill("Severn Haulage Ltd");
    await page.getByLabel("Phone").fill("0117 496 0123");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    await expect(page.getByText("Severn Haulage Ltd")).toBeVisible();
    const trigger = page.getByRole("button", { name: "User menu for Sam Lorry" });
    await expect(trigger).toHaveText("SL");
  });

  test("password change: each message, then the new password works", async ({ page }) => {
    const user = await createTestUser();
    await signedIn(page, user);
    await gotoHydrated(page, "/account");
    const card = page.locator("form").filter({ has: page.getByRole("button", { name: "Update Password" }) });
    await card.getByRole("button", { name: "Update Password" }).click();
    await expect(card.getByText("Current password is required")).toBeVisible();
    await expect(card.getByText("New password must be at least 6 characters long")).toBeVisible();

    await card.getByLabel("Current password").fill("wrong-one");
    await card.getByLabel("New password", { exact: true }).fill("fresh-password");
    await card.getByLabel("Confirm new password").fill("fresh-password");
    await card.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Current password is incorrect")).toBeVisible();

    const again = page.locator("form").filter({ has: page.getByRole("button", { name: "Update Password" }) });
    await again.getByLabel("Current password").fill(user.password);
    await again.getByLabel("New password", { exact: true }).fill("fresh-password");
    await again.getByLabel("Confirm new password").fill("fresh-passwort");
    await again.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    const last = page.locator("form").filter({ has: page.getByRole("button", { name: "Update Password" }) });
    await last.getByLabel("Current password").fill(user.password);
    await last.getByLabel("New password", { exact: true }).fill("fresh-password");
    await last.getByLabel("Confirm new password").fill("fresh-password");
    await last.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Password updated successfully")).toBeVisible();

    await page.context().clearCookies();
    await signInOnPage(page, { email: user.email, password: "fresh-password" });
    await expect(page).toHaveURL("/depots");
  });

  test("forgotten password: request, follow the e-mailed link, set a new one, sign in", async ({ page }) => {
    const user = await createTestUser();
    await gotoHydrated(page, "/auth");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send reset instructions" }).click();
    await expect(page.getByText("Check your email for the password reset link")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(await resetLinkFor(user.email));
    await page.getByLabel("New password", { exact: true }).fill("after-reset-pw");
    await page.getByLabel("Confirm new password").fill("after-reset-pw");
    await page.getByRole("button", { name: "Update password" }).click();
    await expect(page).toHaveURL("/auth");
    await expect(page.getByText("Your password has been updated")).toBeVisible();
    await signInOnPage(page, { email: user.email, password: "after-reset-pw" });
    await expect(page).toHaveURL("/depots");
  });

  test("lists the sessions and signs out all the others", async ({ page, browser }) => {
    const user = await createTestUser();
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signedIn(other, user);
    await signedIn(page, user);
    await gotoHydrated(page, "/account");
    const sessions = page.getByRole("list", { name: "Active sessions" });
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await expect(sessions.getByText("This device")).toHaveCount(1);
    await page.getByRole("button", { name: "Sign out all other sessions" }).click();
    await expect(page.getByText("Signed out of all other sessions")).toBeVisible();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await other.goto("/account");
    await expect(other).toHaveURL("/auth?redirectTo=%2Faccount&reason=expired");
    await expect(other.getByText("Your session has ended. Please sign in again to continue.")).toBeVisible();
    await otherContext.close();
  });
});
