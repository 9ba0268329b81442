// axe-core over the overview and the explorer (light, dark, narrow): no serious or critical violations.
// Plus the keyboard paths the explorer promises: sort from a header, and derived-figure formulas shown on focus.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
}

const PAGES = ["/", "/results", "/results?per=raw&scenario=all&limit=25", "/results?q=no-such-system-zzz"];

for (const path of PAGES) {
  test(`axe: ${path} has no serious or critical violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("axe: /results in dark mode and at 390px with the filters open", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/results");
  await page.locator("section[data-ready]").waitFor();
  await page.getByTestId("filters").locator("summary").click();
  expect(await seriousViolations(page)).toEqual([]);
});

test("keyboard: tab to a sort header, press Enter; focus a derived figure and its formula is shown", async ({
  page,
}) => {
  await page.goto("/results");
  await page.locator("section[data-ready]").waitFor();
  const sort = page.getByRole("button", { name: "Accelerator", exact: true });
  await sort.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=accelerator&dir=asc/);

  await page.goto("/results");
  await page.locator("section[data-ready]").waitFor();
  const figure = page.getByTestId("result-row").first().getByRole("button").first();
  await figure.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  const tip = page.getByTestId("result-row").first().getByRole("tooltip").first();
  await expect(tip).toBeVisible();
  await expect(tip).toContainText("÷");
  await expect(tip).toContainText("accelerators");
});
