import { readFile } from "node:fs/promises";
import { type Page } from "@playwright/test";

import {
  CONTACT_EMAIL,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  INVESTOR_PASSWORD,
  test,
  uploadTestInvestorDocument,
} from "./fixtures";

function mailtoParts(href: string | null) {
  const url = new URL(href ?? "");
  return { to: url.pathname, subject: url.searchParams.get("subject") };
}

async function expectMailto(page: Page, name: string, subject: RegExp) {
  const href = await page.getByRole("link", { name, exact: true }).first().getAttribute("href");
  const parts = mailtoParts(href);
  expect(parts.to).toBe(CONTACT_EMAIL);
  expect(parts.subject).toMatch(subject);
}

test.describe("[marketing] public pages", () => {
  test("home: hero, mission, four capabilities, consultation mail and products link", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(page).toHaveTitle(/Electrify/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Accelerate sustainable innovation" })).toBeVisible();
    for (const name of [
      "Strategy and innovation consulting",
      "Business transformation",
      "Team development",
      "Implementation support",
    ]) {
      await expect(page.getByRole("heading", { name })).toBeVisible();
    }
    await expectMailto(page, "Book a Consultation", /consultation/i);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Explore Our Products" }).click();
    await expect(page).toHaveURL("/products");
  });

  test("products: both solutions, each linking to its page", async ({ page }) => {
    await gotoHydrated(page, "/products");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two ways to electrify with confidence");
    await expect(page.getByRole("heading", { name: "Electrify", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Box Charge", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Learn more about Box Charge" }).click();
    await expect(page).toHaveURL("/box-charge");
    await page.goBack();
    await page.getByRole("link", { name: "Learn more about Electrify" }).click();
    await expect(page).toHaveURL("/electrify");
  });

  test("electrify: Our Dream, the video poster, four features, Get Started opens the Login dialog", async ({
    page,
  }) => {
    await gotoHydrated(page, "/electrify");
    await expect(page.getByText("Our Dream")).toBeVisible();
    await expect(page.getByText(/affordable and accessible for every haulier/)).toBeVisible();
    await expect(page.getByRole("img", { name: /Electrify overview/ })).toHaveAttribute(
      "src",
      "/media/electrify-poster.svg",
    );
    for (const name of ["Intelligent Planning", "Depot Analysis", "Energy Management", "Infrastructure Design"]) {
      await expect(page.getByRole("heading", { name })).toBeVisible();
    }
    await expect(page.getByRole("main").getByRole("link", { name: CONTACT_EMAIL })).toHaveAttribute(
      "href",
      `mailto:${CONTACT_EMAIL}`,
    );
    await expect(page.getByRole("link", { name: "Discover Electrify" })).toHaveAttribute("href", "/electrify");
    await expect(page.getByRole("link", { name: "Discover Box Charge" })).toHaveAttribute("href", "/box-charge");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Get Started" }).last().click();
    const dialog = page.getByRole("dialog", { name: "Sign in to Electrify" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Email")).toBeVisible();
  });

  test("box charge: four cards, demo and sales mails with their own subjects", async ({ page }) => {
    await gotoHydrated(page, "/box-charge");
    for (const name of ["Smart Scheduling", "Fleet Management", "Energy Optimization", "Cost Analysis"]) {
      await expect(page.getByRole("heading", { name })).toBeVisible();
    }
    await expect(page.getByRole("img", { name: /Box Charge overnight/ })).toBeVisible();
    await expectMailto(page, "Request a Demo", /demo request/i);
    await expectMailto(page, "Contact Sales", /sales enquiry/i);
    await expectNoAxeViolations(page);
  });

  test("about: mission, story from 2024, the four values and Back to Home", async ({ page }) => {
    await gotoHydrated(page, "/about-us");
    await expect(page.getByText(/accelerate sustainable innovation/)).toBeVisible();
    await expect(page.getByRole("heading", { name: /Founded in 2024/ })).toBeVisible();
    for (const name of ["Sustainability", "Innovation", "Accessibility", "Partnership"]) {
      await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("[marketing] investor room", () => {
  test("wrong password, unlock, download, re-lock on close", async ({ page, context }) => {
    const pdf = new TextEncoder().encode(`%PDF-1.4\n% e2e financial model ${Date.now()}\n%%EOF\n`);
    await uploadTestInvestorDocument("financial-model", pdf);
    await gotoHydrated(page, "/about-us");

    // Without unlocking, the file URL is refused.
    expect((await context.request.get("/investors/documents/financial-model")).status()).toBe(403);

    await page.getByRole("button", { name: "Investor Relations" }).click();
    const dialog = page.getByRole("dialog", { name: "Investor Relations" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByLabel("Password").fill("not the password");
    await dialog.getByLabel("Password").press("Enter");
    await expect(dialog.getByRole("alert")).toHaveText("Incorrect password");

    await dialog.getByLabel("Password").fill(INVESTOR_PASSWORD);
    await dialog.getByRole("button", { name: "Access Files" }).click();
    await expect(page.getByText("Access granted to investor files")).toBeVisible();
    // The dialog no longer asks for the password it has had.
    await expect(dialog).toContainText("Access granted for 15 minutes");
    await expect(dialog).not.toContainText("Enter the investor password");
    const list = dialog.getByRole("list", { name: "Investor documents" });
    for (const title of ["Pitch Deck", "Business Plan", "Term Sheet", "Financial Model"])
      await expect(list.getByText(title)).toBeVisible();
    await expectNoAxeViolations(page);

    const downloading = page.waitForEvent("download");
    await dialog.getByRole("link", { name: "Download Financial Model" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("Financial-Model.pdf");
    expect(Buffer.from(await readFile((await download.path())!)).equals(Buffer.from(pdf))).toBe(true);

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await context.request.get("/investors/documents/financial-model")).status())
      .toBe(403);

    await page.getByRole("button", { name: "Investor Relations" }).click();
    await expect(dialog.getByLabel("Password")).toHaveValue("");
    await expect(dialog.getByRole("list", { name: "Investor documents" })).toHaveCount(0);
  });

  test("a document not uploaded yet explains itself instead of downloading", async ({ page }) => {
    await gotoHydrated(page, "/about-us");
    await page.getByRole("button", { name: "Investor Relations" }).click();
    const dialog = page.getByRole("dialog", { name: "Investor Relations" });
    await dialog.getByLabel("Password").fill(INVESTOR_PASSWORD);
    await dialog.getByLabel("Password").press("Enter");
    await dialog.getByRole("button", { name: "Download Term Sheet" }).click();
    await expect(dialog.getByRole("status")).toHaveText(
      /Term Sheet is being prepared and is not available for download yet/,
    );
  });
});

test.describe("[marketing] Box Charge savings estimate", () => {
  test("loads the planning engine only when asked, then shows peak and cost with and without smart charging", async ({
    page,
  }) => {
    const engineRequests: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/savings-[\w-]+\.js$/.test(request.url())) engineRequests.push(request.url());
    });
    await gotoHydrated(page, "/box-charge");
    await expect(page.getByRole("heading", { name: "What would smart charging save your fleet?" })).toBeVisible();
    expect(engineRequests).toEqual([]);

    await page.getByLabel("Fleet size").fill("0");
    await page.getByRole("button", { name: "Estimate savings" }).click();
    await expect(page.getByText("Enter a fleet of 1 to 200 vehicles")).toBeVisible();
    expect(engineRequests).toHaveLength(1);

    await page.getByLabel("Fleet size").fill("20");
    await page.getByLabel("Vehicle type").selectOption("van");
    await page.getByLabel("Distance per vehicle per day (km)").fill("120");
    await page.getByLabel("Tariff").selectOption("day-night");
    await page.getByRole("button", { name: "Estimate savings" }).click();
    const table = page.getByRole("table", { name: "Savings estimate" });
    // Twenty vans at 11 kW through 90 % efficient chargers, all from 17:00.
    await expect(table.getByRole("row", { name: /Peak demand/ })).toContainText("244 kW");
    await expect(page.getByText(/Estimated saving: £[\d,]+ a week \(\d+%\)/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
