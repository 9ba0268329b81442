import { expect, test } from "@playwright/test";

test("the home page lists the rounds in the database with their result counts", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("in context");
  const table = page.getByTestId("rounds-table");
  await expect(table).toBeVisible();
  // the e2e database holds the bundled official rounds (v4.1, v5.1, v6.0, v6.1) plus the rest of ../shared/data/mlperf
  for (const [round, count] of [
    ["v6.1", "492"],
    ["v6.0", "520"],
    ["v5.1", "1,448"],
    ["v4.1", "943"],
  ] as const) {
    const row = table.getByRole("row").filter({ hasText: `MLPerf Inference ${round}` });
    await expect(row.getByRole("cell").first()).toHaveText(count);
  }
  // the older rounds come from a few submitters' checker files in ../shared (v3.0: Azure, GIGABYTE, Quanta Cloud
  // Technology, NeuralMagic): labelled as the parts they are; rounds imported from their official summary are not
  const v30 = table.getByRole("row").filter({ hasText: "MLPerf Inference v3.0" });
  await expect(v30.getByTestId("partial-round")).toHaveText("partial: 4 files from 4 submitters, not the whole round");
  const v60 = table.getByRole("row").filter({ hasText: "MLPerf Inference v6.0" });
  await expect(v60.getByTestId("partial-round")).toHaveCount(0);
  await page.getByRole("link", { name: "MLPerf Inference v6.0" }).click();
  await expect(page).toHaveURL(/\/results\?round=v6\.0/);
});

test("every round link on the home page lands on rows", async ({ page, request }) => {
  await page.goto("/");
  const links = page.getByTestId("rounds-table").getByRole("link");
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  // every round the database holds, whatever they are (not a hard-coded list)
  expect(hrefs.length).toBeGreaterThanOrEqual(4);
  // every round's page as the server renders it: rows and no empty state (one request each: opening all ~10 in the
  // browser cost 16-41 s of the CI budget; what the browser adds, hydration, is the same code for every round)
  for (const href of hrefs) {
    const res = await request.get(href);
    expect(res.status(), href).toBe(200);
    const html = await res.text();
    expect(html, href).toContain('data-testid="result-row"');
    expect(html, href).not.toContain('data-testid="empty-state"');
  }
  // in the browser, clicked from the home page: the first round listed and the last
  for (const href of [hrefs[0], hrefs[hrefs.length - 1]]) {
    await page.goto("/");
    await page.getByTestId("rounds-table").locator(`a[href="${href}"]`).click();
    await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === href);
    await page.locator("section[data-ready]").waitFor();
    await expect(page.getByTestId("empty-state"), href).toHaveCount(0);
    await expect(page.getByTestId("result-row").first(), href).toBeVisible();
  }
});

test("/results with no parameters, and the first view's way back, show rows", async ({ page }) => {
  await page.goto("/results?q=no-such-system-zzz");
  await page.getByRole("link", { name: "Back to the first view" }).first().click();
  await expect(page).toHaveURL(/\/results$/);
  await expect(page.getByTestId("result-row").first()).toBeVisible();
});

test("security headers are sent", async ({ request }) => {
  const res = await request.get("/");
  expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res.headers()["x-powered-by"]).toBeUndefined();
});
