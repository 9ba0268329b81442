import { expect, test } from "@playwright/test";

test("the home page lists the rounds in the database with their result counts", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("in context");
  const table = page.getByTestId("rounds-table");
  await expect(table).toBeVisible();
  // the e2e database holds the bundled official rounds (v4.1, v5.1, v6.0, v6.1) plus the rest of ../shared/data/mlperf
  for (const [round, count] of [
    ["v6.0", "520"],
    ["v5.1", "1,448"],
    ["v4.1", "943"],
  ] as const) {
    const row = table.getByRole("row").filter({ hasText: `MLPerf Inference ${round}` });
    await expect(row.getByRole("cell").first()).toHaveText(count);
  }
  await page.getByRole("link", { name: "MLPerf Inference v6.0" }).click();
  await expect(page).toHaveURL(/\/results\?round=v6\.0/);
});

test("security headers are sent", async ({ request }) => {
  const res = await request.get("/");
  expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res.headers()["x-powered-by"]).toBeUndefined();
});
