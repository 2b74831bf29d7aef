import { ADMIN, createTestUser, expect, signInOnPage, test } from "./fixtures";

test.describe("[access] redirects by role", () => {
  test("a visitor without a session is sent to sign in from every protected area", async ({ page }) => {
    for (const path of [
      "/depots",
      "/depots/7",
      "/survey",
      "/account",
      "/electrify/dashboard",
      "/admin",
      "/admin/depot/7",
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  test("a haulier is kept out of /admin and skips the public landing pages", async ({ page }) => {
    await signInOnPage(page, await createTestUser());
    await expect(page).toHaveURL("/depots");
    await page.goto("/admin");
    // /admin → / → the haulier's landing page.
    await expect(page).toHaveURL("/depots");
    await page.goto("/admin/depot/3");
    await expect(page).toHaveURL("/depots");
    await page.goto("/electrify");
    await expect(page).toHaveURL("/electrify/dashboard");
    await page.goto("/auth");
    await expect(page).toHaveURL("/depots");
    await page.goto("/survey");
    await expect(page.getByRole("heading", { name: "Depot Survey Form" })).toBeVisible();
  });

  test("an admin is sent from /depots pages to /admin and from / to /admin", async ({ page }) => {
    await signInOnPage(page, ADMIN);
    await expect(page).toHaveURL("/admin");
    for (const path of ["/depots", "/depots/12", "/depots/12/survey", "/"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/admin");
    }
    await page.goto("/electrify");
    await expect(page).toHaveURL("/electrify/dashboard");
    await page.goto("/account");
    await expect(page).toHaveURL("/account");
  });
});
