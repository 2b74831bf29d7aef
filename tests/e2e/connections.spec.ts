import { readFile } from "node:fs/promises";

import { TARIFF_PRESETS } from "~/features/charging-engine";
import { defaultPlanInput } from "~/features/planning";

import { startTestVtn } from "../support/openadr-vtn";
import { pdfText } from "../support/pdf-text";
import {
  createTestDepots,
  createTestUser,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  setTestDepotPlan,
  signInOnPage,
  test,
} from "./fixtures";

/** Winter weekday evenings at 10 kVA and nights at 30: the vans cannot be charged then. Summer is 250 throughout. */
const PROFILE = [
  "season,days,from,to,kva",
  "winter,weekdays,00:00,07:00,30",
  "winter,weekdays,07:00,16:00,250",
  "winter,weekdays,16:00,24:00,10",
  "winter,weekends,00:00,24:00,250",
  "summer,all,00:00,24:00,250",
].join("\n");

test.describe("[roadmap] connection offers", () => {
  test("a profiled and a flexible offer added, refused where wrong, worked out on the depot's plan and tracked, at 1280 and 390 px", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const user = await createTestUser({ name: "Fleet Director" });
    const [depot] = await createTestDepots(user.email, [{ name: "Avonmouth" }]);
    await setTestDepotPlan(depot!, defaultPlanInput({ vehicles: 10, chargers: [] }));
    await signInOnPage(page, user);
    await expect(page).toHaveURL("/depots");
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, `/electrify/portfolio/${depot}/connection`);
    await expect(page.getByText("No offers yet.")).toBeVisible();

    // A profile with a gap is refused, naming it; the text typed stays to be put right.
    await page.getByRole("textbox", { name: /^Name/ }).fill("Profiled, NGED 2027");
    await page.getByLabel("Network operator").fill("National Grid Electricity Distribution");
    await page.getByLabel("Cost (£)").fill("45000");
    await page.getByLabel("Can be energised on").fill("2027-06-01");
    const profile = page.getByLabel("Profile (CSV: season, days, from, to, kVA)");
    await profile.fill(PROFILE.replace("winter,weekdays,16:00,24:00,10", "winter,weekdays,17:00,24:00,10"));
    await page.getByRole("button", { name: "Add the offer" }).click();
    await expect(page.getByText("Winter weekdays: nothing from 16:00 to 17:00.").first()).toBeVisible();
    await profile.fill(PROFILE);
    await page.getByRole("button", { name: "Add the offer" }).click();
    const profiled = page.getByRole("listitem", { name: "Profiled, NGED 2027" });
    await expect(profiled).toContainText("10 kVA to 250 kVA, by time of day");
    await expect(profiled.getByRole("img", { name: /^Winter weekdays: 00:00–07:00 30 kVA/ })).toBeVisible();

    // A flexible offer on an estimate of 60 hours a year cut on winter weekday evenings.
    await page.getByLabel("Kind").selectOption("flexible");
    await page.getByRole("textbox", { name: /^Name/ }).fill("Flexible, 2026");
    await page.getByLabel("Cost (£)").fill("18000");
    await page.getByLabel("Can be energised on").fill("2026-12-15");
    await page.getByRole("spinbutton", { name: /^Firm part/ }).fill("60");
    await page.getByLabel("Non-firm part (kVA)").fill("190");
    await page.getByLabel("An estimate of hours a year").check();
    await page.getByRole("spinbutton", { name: /^Hours a year/ }).fill("60");
    await page.getByRole("button", { name: "Add the offer" }).click();
    const flexible = page.getByRole("listitem", { name: "Flexible, 2026" });
    await expect(flexible).toContainText("60 kVA firm + 190 kVA non-firm; 20 cuts, 60 hours estimated");

    // Each worked out on the depot's plan, in a plan worker.
    await profiled.getByRole("button", { name: "Work out for the fleet: Profiled, NGED 2027" }).click();
    await expect(profiled.getByText(/^In winter: 10 vehicles [\d,.]+ kWh short/)).toBeVisible({ timeout: 30_000 });
    await expect(profiled.getByText("In summer: every vehicle charged to its target.")).toBeVisible();
    await flexible.getByRole("button", { name: "Work out for the fleet: Flexible, 2026" }).click();
    await expect(flexible.getByText(/^Across its estimated curtailment: \d+ of 53 weeks cut/)).toBeVisible({
      timeout: 30_000,
    });

    // The first offer added is the one tracked; tracking the flexible one moves it.
    await expect(profiled.getByText("Tracked")).toBeVisible();
    await flexible.getByRole("button", { name: "Track this offer: Flexible, 2026" }).click();
    await expect(flexible.getByText("Tracked")).toBeVisible();
    await expect(profiled.getByText("Tracked")).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("offers-1280.png"), fullPage: true });
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 390);
    await page.screenshot({ path: testInfo.outputPath("offers-390.png"), fullPage: true });
    await expectNoAxeViolations(page);

    // The roadmap compares them, year by year, beside the present connection; the tracked one is the upgrade.
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/electrify/portfolio");
    const compared = page.getByRole("region", { name: "Avonmouth's offers compared" });
    await expect(compared.getByRole("columnheader", { name: /^Flexible, 2026 \(chosen\)/ })).toBeVisible({
      timeout: 30_000,
    });
    await expect(compared.getByRole("row", { name: /^Energised/ })).toContainText("15 Dec 2026");
    await expect(compared.getByRole("row", { name: /^Cost/ })).toContainText("£45,000");
    // The profile's winter evenings and nights leave the vans short once it is in force; 250 kVA does not.
    const in2030 = compared.getByRole("row", { name: /^2030/ });
    await expect(in2030.getByRole("cell").nth(1)).toContainText("(vehicles short)");
    await expect(in2030.getByRole("cell").nth(2)).not.toContainText("short");
    await expect(compared.getByRole("row", { name: /^Shortfall on the plan/ })).toContainText("10 short");
    await expect(
      page
        .locator("[aria-labelledby^='depot-']")
        .filter({ hasText: "Avonmouth" })
        .getByText(/^Chosen offer in time|^Connection enough/),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("roadmap-offers-1280.png"), fullPage: true });
    await expectNoAxeViolations(page);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Portfolio report (PDF)" }).click();
    const text = pdfText(await readFile((await (await downloading).path())!));
    expect(text).toContain("Connection offers compared");
    expect(text).toContain("Flexible, 2026 (chosen)");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 390);
    await compared.screenshot({ path: testInfo.outputPath("roadmap-offers-390.png") });
    await expectNoAxeViolations(page);
    await gotoHydrated(page, `/electrify/portfolio/${depot}/connection`);

    // Removed, it is gone after a reload too.
    await profiled.getByRole("button", { name: "Remove: Profiled, NGED 2027" }).click();
    await expect(profiled).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("listitem", { name: "Flexible, 2026" })).toBeVisible();
    await expect(page.getByRole("listitem", { name: "Profiled, NGED 2027" })).toHaveCount(0);
  });

  test("a limit given by hand on the network page, refused above the connection, obeyed in the figures and cancelled, at 1280 and 390 px", async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    const user = await createTestUser({ name: "Depot Manager" });
    const [depot] = await createTestDepots(user.email, [{ name: "Bristol" }]);
    // Ten vans: a 260 kVA connection.
    await setTestDepotPlan(depot!, defaultPlanInput({ vehicles: 10, chargers: [] }));
    await signInOnPage(page, user);
    await expect(page).toHaveURL("/depots");
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, `/electrify/operations/${depot}`);
    await page.getByRole("link", { name: "The network: its limits on the site" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bristol: the network");
    await expect(page.getByText("Not connected")).toBeVisible();
    await expect(page.getByText("None now or ahead.")).toBeVisible();

    const ukTime = (ms: number) =>
      new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/London", dateStyle: "short", timeStyle: "short" })
        .format(new Date(ms))
        .replace(" ", "T");
    const limit = page.getByRole("spinbutton", { name: /^Limit \(kVA\)/ });
    await limit.fill("400");
    await page.getByLabel("Reason").fill("Call from the control room");
    await page.getByLabel("From").fill(ukTime(Date.now() - 60_000));
    await page.getByLabel("Until").fill(ukTime(Date.now() + 2 * 3_600_000));
    await page.getByRole("button", { name: "Give the limit" }).click();
    await expect(
      page.getByText("400 kVA is above the connection's 260 kVA: an instruction can only lower the limit.").first(),
    ).toBeVisible();
    await limit.fill("120");
    await page.getByRole("button", { name: "Give the limit" }).click();
    await expect(page.getByText(/^120 kVA from \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} until/)).toBeVisible();
    // The connection now: lowered by the network.
    await expect(page.getByText(/lowered to 120 kVA by the network until \d{2}:\d{2}/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("network-1280.png"), fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 390);
    await page.screenshot({ path: testInfo.outputPath("network-390.png"), fullPage: true });
    await expectNoAxeViolations(page);
    // Operations' figures read the lowered limit: 120 kVA × 0.95 less the building's 20 kW.
    await gotoHydrated(page, `/electrify/operations/${depot}`);
    await expect(page.getByText("of 94 kW site limit")).toBeVisible();
    await gotoHydrated(page, `/electrify/operations/${depot}/network`);
    await page.getByRole("button", { name: /^Cancel the limit of 120 kVA/ }).click();
    await expect(page.getByText("None now or ahead.")).toBeVisible();

    // The network operator's VTN (built from the OpenADR 3.0.1 specification in the test): linked, polled by the
    // server, and its import capacity limit shown and obeyed.
    const vtn = await startTestVtn("operator-token");
    try {
      vtn.state.programs = [{ id: "p-1", objectType: "PROGRAM", programName: "BRISTOL-FLEX" }];
      vtn.state.events = [
        {
          id: "e-1",
          objectType: "EVENT",
          programID: "p-1",
          eventName: "Evening constraint",
          payloadDescriptors: [
            { objectType: "EVENT_PAYLOAD_DESCRIPTOR", payloadType: "IMPORT_CAPACITY_LIMIT", units: "KW" },
          ],
          intervalPeriod: { start: new Date(Date.now() - 60_000).toISOString(), duration: "PT2H" },
          intervals: [{ id: 0, payloads: [{ type: "IMPORT_CAPACITY_LIMIT", values: [76] }] }],
        },
      ];
      await page.getByLabel("VTN address").fill("ftp://somewhere");
      await page.getByLabel("Program").fill("BRISTOL-FLEX");
      await page.getByLabel("Token").fill("a-mistyped-token");
      await page.getByRole("button", { name: "Link the VTN" }).click();
      await expect(page.getByText("Give the VTN's address, starting http:// or https://").first()).toBeVisible();
      await page.getByLabel("VTN address").fill(vtn.url);
      await page.getByRole("button", { name: "Link the VTN" }).click();
      await expect(
        page.getByText(/The VTN is linked but could not be read \(the VTN answered 403 for its programs\)/),
      ).toBeVisible();
      await page.getByLabel("Token").fill("operator-token");
      await page.getByRole("button", { name: "Save the link" }).click();
      // Read at once on linking: the operator knows now whether the address, token and program work.
      await expect(page.getByText("The VTN is linked and read: 1 limit taken")).toBeVisible();
      // 76 kW at power factor 0.95: a limit of 80 kVA.
      await expect(page.getByText(/^80 kVA from .*: OpenADR: Evening constraint/)).toHaveCount(1);
      await expect(page.getByText("Heard", { exact: true })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath("network-openadr-390.png"), fullPage: true });
      await expectNoAxeViolations(page);
    } finally {
      await vtn.stop();
    }
  });

  test("a flexibility request taken by hand on the network page, refused where wrong, answered, held and cancelled, at 1280 and 390 px", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const user = await createTestUser({ name: "Depot Manager" });
    const [depot] = await createTestDepots(user.email, [{ name: "Leeds" }]);
    // Ten vans back at 17:00 on weekdays on a flat tariff: they charge as soon as they are back.
    await setTestDepotPlan(depot!, {
      ...defaultPlanInput({ vehicles: 10, chargers: [] }),
      tariff: TARIFF_PRESETS.flat,
    });
    await signInOnPage(page, user);
    await expect(page).toHaveURL("/depots");
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, `/electrify/operations/${depot}/network`);
    await expect(page.getByRole("heading", { name: "Flexibility requests" })).toBeVisible();
    await expect(page.getByText("No requests yet.")).toBeVisible();

    // The next weekday at least a day ahead, as the date field takes it.
    let day = new Date(Date.now() + 86_400_000);
    while ([0, 6].includes(day.getUTCDay())) day = new Date(day.getTime() + 86_400_000);
    await page.getByLabel("Request name").fill("Evening peak");
    await page.getByLabel("Day").fill(day.toISOString().slice(0, 10));
    await page.getByLabel("Starts at").fill("17:00");
    await page.getByLabel("Ends at").fill("17:05");
    await page.getByRole("spinbutton", { name: /^Turn-down asked/ }).fill("30");
    await page.getByRole("spinbutton", { name: /^Price/ }).fill("300");
    // Paid on a historical baseline: the middle of the last ten like days, metered (decision 079).
    await page.getByLabel("Paid on").selectOption("historical");
    await page.getByRole("button", { name: "Answer the request" }).click();
    await expect(page.getByText("A request lasts at least 15 minutes.").first()).toBeVisible();
    await page.getByLabel("Ends at").fill("19:00");
    await page.getByRole("button", { name: "Answer the request" }).click();
    await expect(page.getByText("Request answered: 30 kW offered")).toBeVisible();
    await expect(
      page.getByText(/^Offered 30 kW less \(60 kWh moved out of the window\): the site held to \d+ kVA/),
    ).toBeVisible();
    await expect(
      page.getByText(
        /\d{2} [A-Z][a-z]{2} \d{4}, 17:00 to 19:00 · 30 kW asked · £300\.00 per MWh · paid on a historical baseline/,
      ),
    ).toBeVisible();
    // The site's hold is among the network's limits, released only by cancelling the request.
    await expect(
      page.getByText("a flexibility offer: cancel the request below to release it", { exact: false }),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("flex-1280.png"), fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 390);
    await page.screenshot({ path: testInfo.outputPath("flex-390.png"), fullPage: true });
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Cancel Evening peak" }).click();
    await expect(page.getByText("Request cancelled: the site's limit is released")).toBeVisible();
    await expect(page.getByText("None now or ahead.")).toBeVisible();
    await expect(page.getByText(/Cancelled by .*\./)).toBeVisible();
  });
});
