// Context at a glance (issue 19): chips beside each figure at 1440 px with no sideways scrolling, cards at 390 px,
// a ranking across benchmarks grouped and narrowed in one click, and the chart (drawn, or hidden with the reason).
import { expect, type Page, test } from "@playwright/test";

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator("section[data-ready]").waitFor();
}

const VIEW = "/results?round=v6.0";

test("1440 px: every row carries its context chips and the table does not scroll sideways", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, VIEW);
  const wrap = page.getByTestId("results-table-wrap");
  const { scroll, client } = await wrap.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
  const rows = page.getByTestId("result-row");
  const n = await rows.count();
  expect(n).toBeGreaterThan(5);
  for (let i = 0; i < n; i++) {
    const chips = rows.nth(i).getByTestId("context-chips");
    for (const key of ["benchmark", "scenario", "precision", "engine", "round", "division", "nodes"])
      await expect(chips.locator(`[data-chip="${key}"]`)).toHaveCount(1);
    await expect(chips.locator('[data-chip="scenario"]')).toHaveText(/Server$/);
    await expect(chips.locator('[data-chip="round"]')).toHaveText(/v6\.0$/);
  }
});

test("390 px: a card per result, each with scenario, precision, system size and round", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, VIEW);
  await expect(page.getByTestId("results-table-wrap")).toBeHidden();
  const cards = page.getByTestId("result-card");
  const n = await cards.count();
  expect(n).toBeGreaterThan(5);
  for (let i = 0; i < n; i++) {
    const card = cards.nth(i);
    await expect(card).toBeVisible();
    await expect(card.locator('[data-chip="scenario"]')).toHaveText(/Scenario: Server/);
    await expect(card.locator('[data-chip="precision"]')).toHaveText(
      /Precision: (fp4|fp8|int8|bf16|fp16|[\w+]+|precision \?)/,
    );
    await expect(card.getByTestId("card-size")).toHaveText(/^(\d[\d,]* acc\.|accelerators \?)$/);
    await expect(card.locator('[data-chip="nodes"]')).toHaveText(/Nodes: (\d+ nodes?|nodes \?)/);
    await expect(card.locator('[data-chip="round"]')).toHaveText("Round: v6.0");
  }
  // nothing is wider than the phone
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  // a card's checkbox selects it for comparison, as the table's does
  await cards.nth(0).getByRole("checkbox").check();
  await expect(page).toHaveURL(/[?&]ids=[a-z0-9]{16}/);
});

test("a ranking across benchmarks is grouped, and narrowed to one benchmark in one click", async ({ page }) => {
  await open(page, "/results?round=v6.0&model=all");
  const notice = page.getByTestId("benchmarks-notice");
  await expect(notice).toContainText(/These rows span \d+ benchmarks/);
  await expect(page.getByTestId("chart-hidden")).toContainText(/No chart: this view mixes \d+ benchmarks/);
  await expect(page.getByTestId("scale-chart")).toHaveCount(0);
  // rows of one benchmark stay together
  const models = await page
    .getByTestId("result-row")
    .locator('[data-chip="benchmark"]')
    .evaluateAll((els) => els.map((e) => e.textContent?.replace(/^Benchmark: /, "") ?? ""));
  const blocks: string[] = [];
  for (const m of models) if (blocks.at(-1) !== m) blocks.push(m);
  expect(new Set(blocks).size).toBe(blocks.length);
  const first = notice.getByTestId("benchmark-link").first();
  const name = (await first.textContent()) ?? "";
  await first.click();
  await expect(page).toHaveURL(new RegExp(`model=${name.replace(/[.]/g, "\\.")}(&|$)`));
  await expect(page.getByTestId("benchmarks-notice")).toHaveCount(0);
  await expect(page.getByTestId("scale-chart")).toBeVisible();
});

test("the chart draws the view; picking a point selects its row", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, VIEW);
  const chart = page.getByTestId("scale-chart");
  await expect(chart).toContainText("tokens/s per accelerator (derived)");
  const points = chart.locator(".recharts-scatter circle");
  expect(await points.count()).toBeGreaterThan(5);
  await points.first().click({ force: true });
  await expect(page).toHaveURL(/[?&]ids=[a-z0-9]{16}/);
  const id = new URL(page.url()).searchParams.get("ids") ?? "";
  const row = page.getByTestId("result-row").filter({ has: page.locator(`a[href="/results/${id}"]`) });
  await expect(row.getByRole("checkbox")).toBeChecked();
});
