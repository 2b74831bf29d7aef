import { mkdtemp } from "node:fs/promises";

import { makePhoto } from "../support/images";
import { createTestUser, expect, expectNoAxeViolations, gotoHydrated, signInOnPage, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test.describe("[surveys] depot survey from a phone", () => {
  test("fill the form with photos and location, submit, see the confirmation and find the depot with its photos", async ({
    page,
    context,
  }) => {
    const dir = await mkdtemp(test.info().outputPath("photos-"));
    const area = await makePhoto(dir, "area.jpg", { width: 4032, height: 3024 });
    const run1 = await makePhoto(dir, "run1.png", { format: "png" });
    const run2 = await makePhoto(dir, "run2.jpg");
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 51.4545, longitude: -2.5879 });
    const user = await createTestUser({ name: "Yard Manager" });
    await signInOnPage(page, user);
    await expect(page.getByRole("heading", { name: "Your Depots" })).toBeVisible();
    await expect(page.getByText("No depots yet")).toBeVisible();
    await page.getByRole("link", { name: "Add New Depot" }).click();
    await expect(page.getByRole("heading", { name: "Depot Survey Form" })).toBeVisible();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    for (const section of ["Depot Information", "Depot Photos", "Location Data", "Additional Information"]) {
      await expect(page.getByRole("heading", { name: section })).toBeVisible();
    }
    await expectNoAxeViolations(page);

    await page.getByLabel("Depot name").fill("Bristol Temple Meads Yard");
    await page.getByLabel("Depot address").fill("Cattle Market Road, Bristol BS1 6QA");
    await page.getByLabel("Number of electric vehicles").fill("8");
    const photoInput = (legend: string) => page.getByRole("group", { name: legend }).locator('input[type="file"]');
    await expect(photoInput("Proposed EV charging area *")).toHaveAttribute("capture", "environment");
    await photoInput("Proposed EV charging area *").setInputFiles(area);
    await photoInput("Cable run").setInputFiles([run1, run2]);
    await expect(page.getByRole("img", { name: "Cable run photo 2" })).toBeVisible();
    await page.getByRole("button", { name: "Remove Cable run photo 1" }).click();
    await expect(page.getByRole("img", { name: /Cable run photo/ })).toHaveCount(1);

    await page.getByRole("button", { name: "Capture location" }).click();
    await expect(page.getByText("Location captured successfully")).toBeVisible();
    await expect(page.getByText("Location at 51.454500, -2.587900")).toBeVisible();
    await page.getByLabel("Cable run obstacles").fill("Access road between substation and yard");

    await page.getByRole("button", { name: "Submit Depot Survey" }).click();
    await expect(page).toHaveURL(/\/confirmation\?depot=\d+&email=success$/);
    await expect(page.getByRole("heading", { name: "Depot Submitted Successfully!" })).toBeVisible();
    await expect(page.getByText("Survey submitted successfully and confirmation email sent!")).toBeVisible();
    await expect(page.getByText(/within 2-3 business days/)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/depots");
    const card = page.getByRole("link", { name: /Bristol Temple Meads Yard/ });
    await expect(card).toContainText("8 vehicles");
    await expect(card).toContainText("Pending");
    await expect(card).toContainText("Location at 51.454500, -2.587900");
    await expectNoAxeViolations(page);
    await card.click();
    await expect(page.getByRole("heading", { name: "Bristol Temple Meads Yard" })).toBeVisible();
    await expect(page.getByText("Access road between substation and yard")).toBeVisible();
    const thumbnail = page.getByRole("img", { name: "Proposed Charging Area (thumbnail)" });
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    await expect(page.getByRole("img", { name: "Cable Run 1 (thumbnail)" })).toBeVisible();
    await expectNoAxeViolations(page);
    const full = await page.request.get(
      (await page.getByRole("link", { name: /^Proposed Charging Area/ }).getAttribute("href"))!,
    );
    expect(full.headers()["content-type"]).toBe("image/jpeg");
  });

  test("the form says what is missing and sends nothing", async ({ page }) => {
    await signInOnPage(page, await createTestUser());
    await expect(page).toHaveURL("/depots");
    await gotoHydrated(page, "/survey");
    await page.getByRole("button", { name: "Submit Depot Survey" }).click();
    const form = page.locator("form");
    await expect(form.getByText("Depot name is required")).toBeVisible();
    await expect(form.getByText("Address is required")).toBeVisible();
    await expect(form.getByText("Please take a photo of the proposed EV charging area")).toBeVisible();
    await expect(form.getByText("Please capture your depot location")).toBeVisible();
    await expect(page.getByLabel("Depot name")).toHaveAttribute("aria-invalid", "true");
    // A corrected field loses its message at once; the others keep theirs.
    await page.getByLabel("Depot name").fill("North Yard");
    await expect(form.getByText("Depot name is required")).toBeHidden();
    await expect(page.getByLabel("Depot name")).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Address is required")).toBeVisible();
    await page.getByLabel("Depot name").fill("");
    await expect(form.getByText("Depot name is required")).toBeVisible();
    await page.goto("/depots");
    await expect(page.getByText("No depots yet")).toBeVisible();
  });

  test("without location access the coordinates can be typed in", async ({ page }) => {
    const dir = await mkdtemp(test.info().outputPath("photos-"));
    await signInOnPage(page, await createTestUser());
    await expect(page).toHaveURL("/depots");
    await gotoHydrated(page, "/survey");
    await page.getByRole("button", { name: "Capture location" }).click();
    await expect(page.getByText("Please allow location access in your browser settings")).toBeVisible();
    await page.getByLabel("Depot name").fill("Remote Survey Depot");
    await page.getByLabel("Depot address").fill("Unit 4, Severn Road, Avonmouth");
    await page
      .getByRole("group", { name: "Proposed EV charging area *" })
      .locator('input[type="file"]')
      .setInputFiles(await makePhoto(dir, "a.jpg"));
    await page.getByText("Not at the depot? Enter its coordinates").click();
    await page.getByLabel("Latitude").fill("51.5123");
    await page.getByLabel("Longitude").fill("-2.6987");
    await expect(page.getByText("Location at 51.512300, -2.698700")).toBeVisible();
    await page.getByRole("button", { name: "Submit Depot Survey" }).click();
    await expect(page).toHaveURL(/\/confirmation\?depot=\d+&email=success$/);
  });

  test("another user cannot open someone else's depot or photos", async ({ page, browser }) => {
    const dir = await mkdtemp(test.info().outputPath("photos-"));
    const context = await browser.newContext({
      geolocation: { latitude: 52.2, longitude: -1.5 },
      permissions: ["geolocation"],
    });
    const owner = await context.newPage();
    await signInOnPage(owner, await createTestUser());
    await expect(owner).toHaveURL("/depots");
    await gotoHydrated(owner, "/survey");
    await owner.getByLabel("Depot name").fill("Private Depot");
    await owner.getByLabel("Depot address").fill("1 Private Way");
    await owner
      .getByRole("group", { name: "Proposed EV charging area *" })
      .locator('input[type="file"]')
      .setInputFiles(await makePhoto(dir, "p.jpg"));
    await owner.getByRole("button", { name: "Capture location" }).click();
    await expect(owner.getByText("Location at 52.200000, -1.500000")).toBeVisible();
    await owner.getByRole("button", { name: "Submit Depot Survey" }).click();
    await expect(owner).toHaveURL(/\/confirmation/);
    await owner.goto("/depots");
    await owner.getByRole("link", { name: /Private Depot/ }).click();
    await expect(owner).toHaveURL(/\/depots\/\d+$/);
    const depotUrl = new URL(owner.url()).pathname;
    const photoUrl = (await owner.getByRole("link", { name: /^Proposed Charging Area/ }).getAttribute("href"))!;
    await context.close();

    await signInOnPage(page, await createTestUser());
    await expect(page).toHaveURL("/depots");
    await page.goto(depotUrl);
    await expect(page.getByRole("heading", { name: "Depot not found" })).toBeVisible();
    await expect(page.getByText("Private Depot")).toHaveCount(0);
    await page.getByRole("link", { name: "Return to Depots" }).click();
    await expect(page).toHaveURL("/depots");
    expect((await page.request.get(photoUrl)).status()).toBe(404);
    expect((await page.request.get(`${photoUrl}/thumbnail`)).status()).toBe(404);
  });
});
