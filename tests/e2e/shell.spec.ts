import {
  CONTACT_EMAIL,
  createTestUser,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  signInOnPage,
  test,
} from "./fixtures";

test.describe("[shell] headers, footers and error pages", () => {
  test("an unknown path shows the 404 page with a way home", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
  });

  test("the public footer: contact, solutions, company and the legal page it links to", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/box-charge");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: CONTACT_EMAIL })).toHaveAttribute("href", `mailto:${CONTACT_EMAIL}`);
    await expect(
      footer.getByRole("navigation", { name: "Footer: Solutions" }).getByRole("link", { name: /Electrify/ }),
    ).toHaveAttribute("href", "/electrify");
    await expect(
      footer.getByRole("navigation", { name: "Footer: Company" }).getByRole("link", { name: "About us" }),
    ).toBeVisible();
    await footer.getByRole("link", { name: "Cookies" }).click();
    await expect(page).toHaveURL("/legal#cookies");
    await expect(page.getByRole("heading", { name: "Cookies", exact: true })).toBeInViewport();
    await expect(page.getByText("electrify_sidebar", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
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

  test("on a phone the app header is one row with a menu that reaches every entry", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInOnPage(page, await createTestUser());
    await expect(page).toHaveURL("/depots");
    // One opaque row inside the screen: nothing above the top, nothing hanging below, no sideways scroll.
    const header = page.locator("header").first();
    // Measured once it is on screen (the page may still be swapping it in as it settles after sign-in).
    await expect(header).toBeVisible();
    const box = (await header.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.height).toBeLessThanOrEqual(65);
    await expectNoSidewaysScroll(page, 390);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    for (const name of ["Electrify Dashboard", "Company Setup", "Survey Depots", "My Account", "Contact Us"])
      await expect(drawer.getByRole("link", { name })).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await drawer.getByRole("link", { name: "Company Setup" }).click();
    await expect(page).toHaveURL("/electrify/company-setup");
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Signed out successfully")).toBeVisible();
  });

  test("on a phone an admin's menu has Admin", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInOnPage(page, await createTestUser({ admin: true, name: "Alex Admin" }));
    await expect(page).toHaveURL("/admin");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Admin" })).toHaveAttribute(
      "href",
      "/admin",
    );
  });

  test("admins see the Admin link", async ({ page }) => {
    await signInOnPage(page, await createTestUser({ admin: true, name: "Alex Admin" }));
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("banner").getByRole("link", { name: "Admin", exact: true })).toHaveAttribute(
      "href",
      "/admin",
    );
  });

  test("the public header fits a phone on every kind of page, for a visitor and a signed-in admin", async ({
    page,
  }) => {
    const check = async (width: number, path: string) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
      for (const control of await page.getByTestId("public-header").locator("a:visible, button:visible").all()) {
        const box = (await control.boundingBox())!;
        expect(box.x + box.width, `${path} at ${width} px: a header control past the edge`).toBeLessThanOrEqual(
          width + 0.5,
        );
      }
    };
    // A visitor on a phone sees Login beside the menu button, not only inside the drawer.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    await expect(page.getByTestId("public-header").getByRole("link", { name: "Login" })).toBeVisible();
    for (const width of [320, 390])
      for (const path of ["/", "/auth", "/forgot-password", "/no-such-page"]) await check(width, path);
    await signInOnPage(page, await createTestUser({ admin: true }));
    await expect(page).toHaveURL("/admin");
    for (const width of [320, 390])
      for (const path of ["/forgot-password", "/no-such-page", "/about-us"]) await check(width, path);
  });
});
