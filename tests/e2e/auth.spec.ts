import {
  ADMIN,
  CONTACT_EMAIL,
  createTestUser,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  signInOnPage,
  test,
} from "./fixtures";

test.describe("[auth] signing in", () => {
  test("a haulier signs in on /auth and lands on /depots with a toast", async ({ page }) => {
    const user = await createTestUser();
    await gotoHydrated(page, "/auth");
    // No Login button on the sign-in page itself.
    await expect(page.getByTestId("public-header").getByRole("link", { name: "Login" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Sign in to Electrify" })).toBeVisible();
    await expect(page.getByText("Enter your credentials to access your account")).toBeVisible();
    await expect(page.getByText("Need an account?")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: CONTACT_EMAIL })).toHaveAttribute(
      "href",
      /^mailto:hello@electrify\.example/,
    );
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");

    await signInOnPage(page, user);
    await expect(page).toHaveURL("/depots");
    await expect(page.getByText("Successfully signed in!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Depots" })).toBeVisible();
  });

  test("an admin signs in through the header's Login dialog and lands on /admin", async ({ page }) => {
    await gotoHydrated(page, "/products");
    await page.getByRole("link", { name: "Login" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to Electrify" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Enter your credentials to access your account")).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel("Email").fill(ADMIN.email);
    await dialog.getByLabel("Password").fill(ADMIN.password);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/admin");
    await expect(page.getByText("Successfully signed in!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  });

  test("a wrong password shows an error under the form and signs nobody in", async ({ page }) => {
    const user = await createTestUser();
    await signInOnPage(page, { email: user.email, password: "not-the-password" });
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page).toHaveURL("/auth");
    await page.goto("/depots");
    await expect(page).toHaveURL("/auth?redirectTo=%2Fdepots");
  });

  test("the browser checks the form before sending, with the same rules as the server", async ({ page }) => {
    await gotoHydrated(page, "/auth");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("x");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Enter a valid email address");
  });

  test("signing in returns to the protected page that asked for it", async ({ page }) => {
    const user = await createTestUser();
    await page.goto("/account");
    await expect(page).toHaveURL("/auth?redirectTo=%2Faccount");
    await signInOnPage(page, user, "/auth?redirectTo=%2Faccount");
    await expect(page).toHaveURL("/account");
    await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  });

  test("signing out from the user menu ends the session", async ({ page }) => {
    const user = await createTestUser({ name: "Sam Stone" });
    await signInOnPage(page, user);
    await expect(page).toHaveURL("/depots");
    await page.getByRole("button", { name: "User menu for Sam Stone" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Signed out successfully")).toBeVisible();
    await page.goto("/depots");
    await expect(page).toHaveURL("/auth?redirectTo=%2Fdepots");
  });

  test("the sign-in page has no accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/auth");
    await expectNoAxeViolations(page);
  });
});
