import { type Page } from "@playwright/test";

import {
  createTestDepots,
  createTestUser,
  deleteTestDepot,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  signInOnPage,
  test,
  waitForMail,
  type TestUser,
} from "./fixtures";

async function signedInAsAdmin(page: Page): Promise<TestUser> {
  const admin = await createTestUser({ admin: true });
  await signInOnPage(page, admin);
  await expect(page).toHaveURL("/admin");
  return admin;
}

const tag = () => crypto.randomUUID().slice(0, 6);

test.describe("[admin] depot submissions", () => {
  test("search, filter, page through and change a status inline", async ({ page }) => {
    const haulier = await createTestUser();
    const run = tag();
    const statuses = ["pending", "reviewing", "approved"];
    // 30 depots of this run, the first the newest.
    const ids = await createTestDepots(
      haulier.email,
      Array.from({ length: 30 }, (_, i) => ({
        name: `Yard ${run} ${String(i + 1).padStart(2, "0")}`,
        status: statuses[i % 3],
        minutesAgo: i,
      })),
    );
    await signedInAsAdmin(page);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Depot Submissions" })).toHaveAttribute("aria-selected", "true");
    for (const column of ["Depot Name", "Submitted By", "Submission Date", "Status", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: new RegExp(`^${column}`) })).toBeVisible();
    }
    await expectNoAxeViolations(page);

    await page.getByPlaceholder("Search depots...").fill(`yard ${run}`);
    await expect(page).toHaveURL(new RegExp(`q=yard\\+${run}`));
    await expect(page.getByText("Showing 1–25 of 30 submissions")).toBeVisible();
    const rows = page.getByRole("table", { name: "Depot submissions" }).getByRole("row");
    await expect(rows.nth(1)).toContainText(`Yard ${run} 01`);
    await expect(rows.nth(1)).toContainText(haulier.email);

    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText("Showing 26–30 of 30 submissions")).toBeVisible();
    await expect(rows.last()).toContainText(`Yard ${run} 30`);
    // The URL holds the state: a reload shows the same page.
    await page.reload();
    await expect(page.getByText("Showing 26–30 of 30 submissions")).toBeVisible();

    await page.getByLabel("Filter by status").selectOption("approved");
    await expect(page.getByText("Showing 1–10 of 10 submissions")).toBeVisible();
    await expect(page).toHaveURL(/status=approved/);
    await expect(page).not.toHaveURL(/page=/);

    // Counts per status across every depot, each a way to filter; each row shows its status as a coloured badge.
    const counts = page.getByRole("list", { name: "Depots by status" });
    await expect(counts.getByRole("link")).toHaveCount(4);
    await expect(counts.getByRole("link", { name: /Approved/ })).toHaveAttribute("aria-current", "true");
    const approved = Number((await counts.getByRole("link", { name: /Approved/ }).textContent())!.replace(/\D/g, ""));
    expect(approved).toBeGreaterThanOrEqual(10);

    // Inline status change, kept after a reload.
    await page.getByLabel("Filter by status").selectOption("");
    await page.getByPlaceholder("Search depots...").fill(`Yard ${run} 02`);
    await expect(page.getByText("Showing 1–1 of 1 submission")).toBeVisible();
    const select = page.getByLabel(`Status of Yard ${run} 02`);
    await expect(select).toHaveValue("reviewing");
    await select.selectOption("rejected");
    await expect(page.getByText("Depot status updated to Rejected")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(`Status of Yard ${run} 02`)).toHaveValue("rejected");

    // A depot removed meanwhile: the change fails, says so, and the selector shows the stored status again.
    await page.getByPlaceholder("Search depots...").fill(`Yard ${run} 04`);
    await expect(page.getByLabel(`Status of Yard ${run} 04`)).toBeVisible();
    await deleteTestDepot(ids[3]!);
    await page.getByLabel(`Status of Yard ${run} 04`).selectOption("approved");
    await expect(page.getByText("Failed to update depot status")).toBeVisible();
    await expect(page.getByLabel(`Status of Yard ${run} 04`)).toHaveValue("pending");

    await page.getByPlaceholder("Search depots...").fill(`no such depot ${run}`);
    await expect(page.getByText("No depot submissions found")).toBeVisible();

    // The CSV holds the filtered rows.
    await page.getByPlaceholder("Search depots...").fill(`Yard ${run}`);
    await expect(page.getByText("of 29 submissions")).toBeVisible();
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^depot-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await download.createReadStream()).toArray();
    const lines = Buffer.concat(csv).toString("utf8").trim().split("\r\n");
    expect(lines).toHaveLength(1 + 29);
    expect(lines[1]).toContain(`Yard ${run} 01`);
  });

  test("review a depot: status with a note, history, e-mail to the submitter", async ({ page }) => {
    const haulier = await createTestUser();
    const name = `Review Depot ${tag()}`;
    const [id] = await createTestDepots(haulier.email, [{ name, address: "Kings Weston Lane, Avonmouth" }]);
    const admin = await signedInAsAdmin(page);
    await page.getByPlaceholder("Search depots...").fill(name);
    await expect(page.getByText("Showing 1–1 of 1 submission")).toBeVisible();
    await page.getByRole("link", { name: `View ${name}` }).click();
    await expect(page).toHaveURL(`/admin/depot/${id}`);
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByText("Kings Weston Lane, Avonmouth")).toBeVisible();
    await expect(page.getByText("51.500000, -2.600000")).toBeVisible();
    await expect(page.getByText("Dana Haulier", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Admin Dashboard" })).toBeVisible();
    const update = page.getByRole("button", { name: "Update Depot Status" });
    await expect(update).toBeDisabled();
    await expectNoAxeViolations(page);

    await page.getByLabel("Status").selectOption("approved");
    await expect(update).toBeEnabled();
    await page.getByLabel("Admin Notes").fill("Connection offer expected in March.");
    await update.click();
    await expect(page.getByText("Depot status updated successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name }).locator("xpath=following-sibling::span[1]")).toHaveText(
      "Approved",
    );
    const history = page.getByRole("list", { name: "Status history" });
    await expect(history).toContainText("Pending");
    await expect(history).toContainText("Approved");
    await expect(history).toContainText(`by ${admin.email}`);
    await expect(history).toContainText("Connection offer expected in March.");
    await expect(update).toBeDisabled();

    // The notes are kept.
    await page.reload();
    await expect(page.getByLabel("Admin Notes")).toHaveValue("Connection offer expected in March.");

    const mail = await waitForMail(haulier.email, `Your depot survey "${name}" is now Approved`);
    expect(mail).toContain(`/depots/${id}`);
    expect(mail).not.toContain("Connection offer expected");

    await gotoHydrated(page, "/admin/depot/987654321");
    await expect(page.getByRole("heading", { name: "Depot not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Admin Dashboard" }).click();
    await expect(page).toHaveURL("/admin");
  });
});

test.describe("[admin] user management", () => {
  // Each test signs in two or three people and takes some 20 s on this machine: a CI run with the machine busy took two
  // past the default 30 s.
  test.describe.configure({ timeout: 60_000 });

  async function openUsersTab(page: Page) {
    const admin = await signedInAsAdmin(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    await expect(page).toHaveURL(/tab=users/);
    return admin;
  }

  async function searchUsers(page: Page, email: string) {
    await page.getByPlaceholder("Search users...").fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("Showing 1–1 of 1 user")).toBeVisible();
    return page.getByRole("row").filter({ hasText: email });
  }

  test("add users with a password or an invitation; refusals give the reason", async ({ page }) => {
    const admin = await openUsersTab(page);
    await page.reload();
    await expect(page.getByRole("tab", { name: "User Management" })).toHaveAttribute("aria-selected", "true");

    await page.getByRole("button", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add User" });
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: "Email and password are required" })).toBeVisible();
    await expectNoAxeViolations(page);
    const email = `new-${tag()}@e2e.example`;
    await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Email").fill(email);
    // Corrected: the field is no longer marked as wrong before anything is sent again.
    await expect(dialog.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
    await dialog.locator('input[name="password"]').fill("new-user-password");
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByText("User created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(await searchUsers(page, email)).toContainText("User");

    await page.getByRole("button", { name: "Add User" }).click();
    await dialog.getByLabel("Email").fill(email);
    await dialog.locator('input[name="password"]').fill("another-password");
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(
      dialog
        .getByRole("alert")
        .filter({ hasText: `Failed to create user: A user with the email ${email} already exists` }),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    const invitee = `invitee-${tag()}@e2e.example`;
    await page.getByRole("button", { name: "Add User" }).click();
    await dialog.getByLabel("Email").fill(invitee);
    await dialog.getByLabel("Send an invitation e-mail instead of setting a password").check();
    await expect(dialog.locator('input[name="password"]')).toHaveCount(0);
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByText(`An invitation was e-mailed to ${invitee}.`)).toBeVisible();
    expect(await waitForMail(invitee, "Your Electrify account is ready")).toMatch(/\/reset-password\?token=/);

    const activity = page.getByRole("list", { name: "Recent admin activity" });
    await expect(activity).toContainText(`${admin.email} invited user ${invitee}`);
    await expect(activity).toContainText(`${admin.email} created user ${email}`);
  });

  test("make and remove admin; an admin cannot remove their own role", async ({ page }) => {
    const target = await createTestUser();
    const admin = await openUsersTab(page);
    const row = await searchUsers(page, target.email);
    await row.getByRole("button", { name: /^Make Admin/ }).click();
    await expect(page.getByText("User assigned to admin role")).toBeVisible();
    await expect(row).toContainText("Admin");
    await row.getByRole("button", { name: /^Remove Admin/ }).click();
    await expect(page.getByText("User removed from admin role")).toBeVisible();
    await expect(row.getByRole("button", { name: /^Make Admin/ })).toBeVisible();
    await expectNoAxeViolations(page);

    // Since an admin cannot demote themselves, the last admin can never be demoted from here either.
    const own = await searchUsers(page, admin.email);
    await own.getByRole("button", { name: /^Remove Admin/ }).click();
    await expect(page.getByText("Failed to update user role")).toBeVisible();
    await expect(page.getByText("You cannot remove your own admin role")).toBeVisible();
    await expect(own).toContainText("Admin");

    const activity = page.getByRole("list", { name: "Recent admin activity" });
    await expect(activity).toContainText(`${admin.email} removed the admin role from ${target.email}`);
    await expect(activity).toContainText(`${admin.email} made ${target.email} an admin`);
  });

  test("deactivate ends the user's session and stops sign-in until reactivated", async ({ page, browser }) => {
    const target = await createTestUser();
    const userContext = await browser.newContext();
    const userPage = await userContext.newPage();
    await signInOnPage(userPage, target);
    await expect(userPage).toHaveURL("/depots");

    await openUsersTab(page);
    const row = await searchUsers(page, target.email);
    await row.getByRole("button", { name: `Deactivate ${target.email}` }).click();
    const confirm = page.getByRole("dialog", { name: `Deactivate ${target.email}?` });
    await confirm.getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByText("User deactivated")).toBeVisible();
    await expect(row).toContainText("Deactivated");

    await userPage.reload();
    await expect(userPage).toHaveURL(/\/auth\?redirectTo=%2Fdepots/);
    await signInOnPage(userPage, target);
    await expect(userPage.getByText("This account has been deactivated")).toBeVisible();

    await row.getByRole("button", { name: `Reactivate ${target.email}` }).click();
    await expect(page.getByText("User reactivated")).toBeVisible();
    await signInOnPage(userPage, target);
    await expect(userPage).toHaveURL("/depots");
    await userContext.close();
  });

  test("a haulier cannot open the admin console", async ({ page }) => {
    const haulier = await createTestUser();
    await signInOnPage(page, haulier);
    await expect(page).toHaveURL("/depots");
    await page.goto("/admin?tab=users");
    await expect(page).toHaveURL("/depots");
    await page.goto("/admin/submissions.csv");
    await expect(page).toHaveURL("/depots");
  });
});
