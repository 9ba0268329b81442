// Issue 27's curves journey, lean: the explorer's curve section → a curve's page → compare it with an MLPerf Inference
// result → the one chart shows the curve's steps and the result's point, the suite facts as one grouped flag →
// freeze → the /s/ page shows the same chart, points and flags. The curve is MLCommons' SYNTHETIC checker fixture
// (e2e/serve.sh imports ../shared/data/endpoints), labelled so on every page that shows it.
import { expect, type Page, test } from "@playwright/test";

/** What a reader of the comparison sees of its curve: the chart as drawn, the points, the flags. */
async function seen(page: Page) {
  const section = page.getByTestId("compare-curves");
  await expect(section).toBeVisible();
  return {
    // the drawing as drawn, and the chart's words (a client-rendered and a server-rendered page differ only in markup)
    chart: await section
      .getByTestId("curve-chart")
      .locator("svg")
      .evaluateAll((els) => els.map((e) => e.outerHTML.replace(/<!-- -->/g, ""))),
    legend: await section.getByTestId("curve-chart").textContent(),
    points: await section.getByTestId("curve-points").textContent(),
    flags: await page
      .locator('[data-testid="flag"], [data-testid="flag-group"]')
      .evaluateAll((els) =>
        els.map((e) => `${e.getAttribute("data-severity")}|${e.getAttribute("data-code")}|${e.textContent}`),
      ),
  };
}

test("explorer curves → curve page → compare with a result → steps + point, flags grouped → freeze → /s/ the same", async ({
  page,
}) => {
  await page.goto("/results?model=gpt-oss-120b");
  const section = page.getByTestId("curves-section");
  await section
    .getByRole("link", { name: /sys_mi355x_8gpu/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/curves\/[0-9a-f]{16}$/);
  await expect(page.getByTestId("synthetic-banner")).toBeVisible();
  await expect(page.getByTestId("curve-points").locator("tbody tr")).toHaveCount(7);

  await page.getByTestId("curve-compare-links").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/compare\?ids=[a-z0-9]{16}&curves=[0-9a-f]{16}$/);
  const chart = page.getByTestId("compare-curves").getByTestId("curve-chart");
  // the curve as steps (a polyline through its points), the Inference result as a point at its P99 TPOT bound
  await expect(chart.locator('svg:visible g[data-kind="curve"] polyline')).toHaveCount(1);
  await expect(chart.locator('svg:visible g[data-kind="inference"] path')).toHaveCount(1);
  await expect(page.getByTestId("compare-curves").getByTestId("synthetic-banner")).toBeVisible();
  // the measurement-rule facts are one block: P90 against P99, KV-cache reuse, network, the suites
  const group = page.locator('[data-testid="flag-group"][data-code="endpoints-vs-inference"]');
  await expect(group).toHaveAttribute("data-severity", "block");
  await expect(group.getByTestId("flag-statement")).toContainText("P90 against P99");
  await expect(group.getByTestId("flag-statement")).toContainText("KV-cache reuse");
  const live = await seen(page);

  await page.getByTestId("freeze").click();
  const box = page.getByTestId("snapshot-url");
  await expect(box).toHaveValue(/\/s\/[A-Za-z0-9_-]{22,}$/);
  await page.goto(await box.inputValue());
  expect(await seen(page)).toEqual(live);
});
