import { expect, test } from "@playwright/test";

import { CONTACT_EMAIL, createTestUser, expectNoAxeViolations, gotoHydrated, signInOnPage } from "./fixtures";

test.describe("[shell] headers, footers and error pages", () => {
  test("an unknown path shows the 404 page with a way home", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
  });

  test("the public header has the marketing menu with the Solutions dropdown and a Contact Us mail link", async ({
    page,
  }) => {
    await gotoHydrated(page, "/products");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Products" })).toHaveAttribute("href", "/products");
    await expect(nav.getByRole("link", { name: "About us" })).toHaveAttribute("href", "/about-us");
    await nav.getByRole("button", { name: "Solutions" }).click();
    await expect(nav.getByRole("link", { name: /Box Charge/ })).toBeVisible();
    await nav.getByRole("link", { name: /^Electrify/ }).click();
    await expect(page).toHaveURL("/electrify");
    await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", `mailto:${CONTACT_EMAIL}`);
    await expect(page.getByText(/© \d{4} Electrify\. All rights reserved\./)).toBeVisible();
  });

  test("under 768 px the menu moves into a right-side drawer", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoHydrated(page, "/products");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box && Math.round(box.x + box.width)).toBe(375);
    await expectNoAxeViolations(page);
    await drawer.getByRole("link", { name: "About us" }).click();
    await expect(page).toHaveURL("/about-us");
    await expect(drawer).toBeHidden();
  });

  test("the header is fixed on the home page and gains a shadow after scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 320 });
    await gotoHydrated(page, "/");
    const header = page.getByTestId("public-header");
    await expect(header).toHaveCSS("position", "fixed");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.mouse.wheel(0, 200);
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).not.toHaveCSS("box-shadow", "none");
  });

  test("the app header shows initials, the user menu and the version footer; Admin only for admins", async ({
    page,
  }) => {
    const user = await createTestUser({ name: "Priya Patel" });
    await signInOnPage(page, user);
    await expect(page).toHaveURL("/depots");
    await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await expect(page.getByText("Electrify platform v1.0.0")).toBeVisible();
    const trigger = page.getByRole("button", { name: "User menu for Priya Patel" });
    await expect(trigger).toHaveText("PP");
    await trigger.click();
    const menu = page.getByRole("menu");
    await expect(menu.getByText(user.email)).toBeVisible();
    for (const item of ["Electrify Dashboard", "Company Setup", "Survey Depots", "Account Settings", "Sign Out"]) {
      await expect(menu.getByRole("menuitem", { name: item })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await menu.getByRole("menuitem", { name: "Account Settings" }).click();
    await expect(page).toHaveURL("/account");
  });

  test("on a phone the app header shows flat links", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInOnPage(page, await createTestUser());
    await expect(page).toHaveURL("/depots");
    const nav = page.getByRole("navigation", { name: "Account" }).filter({ visible: true });
    for (const name of ["My Account", "Electrify Dashboard", "Survey Depots"])
      await expect(nav.getByRole("link", { name })).toBeVisible();
    await nav.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Signed out successfully")).toBeVisible();
  });

  test("admins see the Admin link", async ({ page }) => {
    await signInOnPage(page, await createTestUser({ admin: true, name: "Alex Admin" }));
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
  });
});
