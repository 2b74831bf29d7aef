import { chromium } from "@playwright/test";
const base = "http://localhost:3290";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
async function signIn(page, email, password) {
  await page.goto(`${base}/auth`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"));
}
for (const [w, h] of [[390, 844], [1280, 900]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: "en-GB" });
  const page = await ctx.newPage();
  await signIn(page, "hubops@consultancy.example", "hub-operator-pass-1");
  await page.goto(`${base}/electrify/hubs/1`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/simhub/op-${w}.png`, fullPage: false });
  console.log(w, await page.evaluate(() => document.documentElement.scrollWidth), await page.getByText(/Live: updates/).count());
  await ctx.close();
}
await browser.close();
