import { type Page } from "@playwright/test";

import { totp } from "../support/totp";
import {
  createTestUser,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  signInOnPage,
  test,
  type TestUser,
} from "./fixtures";

async function passwordStep(page: Page, user: TestUser) {
  await page.context().clearCookies();
  await signInOnPage(page, user);
  await expect(page).toHaveURL("/auth/two-factor");
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
}

/** Signs in, opens /account and starts enrolment; returns the two-factor card, the secret and the backup codes. */
async function startEnrolment(page: Page, user: TestUser) {
  await signInOnPage(page, user);
  await expect(page).toHaveURL("/depots");
  await gotoHydrated(page, "/account");
  const card = page.locator("#two-factor");
  await card.getByLabel("Password").fill(user.password);
  await card.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await card.getByTestId("totp-secret").textContent())!.trim();
  const backupCodes = await card.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  return { card, secret, backupCodes };
}

test.describe("[account] two-factor sign-in", () => {
  test("enrol with an authenticator app, then sign in with a code and with a backup code", async ({ page }) => {
    const user = await createTestUser();
    const { card, secret, backupCodes } = await startEnrolment(page, user);
    expect(backupCodes).toHaveLength(10);
    await expectNoAxeViolations(page);

    await card.getByLabel("Code from your app").fill("000000" === totp(secret) ? "111111" : "000000");
    await card.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(page.getByText("That code is not valid")).toBeVisible();
    await card.getByLabel("Code from your app").fill(totp(secret));
    await card.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(page.getByText("Two-factor sign-in is on")).toBeVisible();

    await passwordStep(page, user);
    await expectNoAxeViolations(page);
    await page.getByLabel("Code").fill(totp(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/depots");
    await expect(page.getByText("Successfully signed in!")).toBeVisible();

    await passwordStep(page, user);
    await page.getByLabel("Code").fill(backupCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/depots");

    await passwordStep(page, user);
    await page.getByLabel("Code").fill(backupCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That backup code is not valid.")).toBeVisible();
    await page.goto("/depots");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdepots/);
  });

  test("turn it off with a current code and the password", async ({ page }) => {
    const user = await createTestUser();
    const { card, secret } = await startEnrolment(page, user);
    await card.getByLabel("Code from your app").fill(totp(secret));
    await card.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(page.getByText("Two-factor sign-in is on")).toBeVisible();
    await card.getByLabel("Code from your app").fill(totp(secret) === "123456" ? "654321" : "123456");
    await card.getByLabel("Password").fill(user.password);
    await card.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await expect(
      card.getByText(
        "The code or the password is not correct. Enter the current code from your authenticator app and your password.",
      ),
    ).toBeVisible();
    await card.getByLabel("Code from your app").fill(totp(secret));
    await card.getByLabel("Password").fill(user.password);
    await card.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await expect(page.getByText("Two-factor sign-in is off")).toBeVisible();
    await page.context().clearCookies();
    await signInOnPage(page, user);
    await expect(page).toHaveURL("/depots");
  });
});
