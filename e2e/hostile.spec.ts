import { expect, test } from "@playwright/test";

// e2e/serve.sh imports data/hostile/script-in-names.summary_results.json (as round v0.1): its submitter, system
// and platform carry <script> and an attribute breakout. They must render as text everywhere, and never run.
const SUBMITTER = "Acme <script>alert('pc')</script>";
const SYSTEM = 'System "><img src=x onerror=alert(1)>';

test("script and markup in published names render as text in the explorer, the result page and the CSV", async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto("/results?round=v0.1&model=all&scenario=all");
  const row = page.getByRole("row").filter({ hasText: SUBMITTER });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(SYSTEM);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await row.getByRole("link", { name: SYSTEM }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(SYSTEM);
  await expect(page.getByText(SUBMITTER).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);

  const csv = await (await page.request.get("/results/export?round=v0.1&model=all&scenario=all")).text();
  // text cells keep the name; none starts with a formula character
  expect(csv).toContain("Acme <script>alert('pc')</script>");
  for (const line of csv.split(/\r?\n/)) expect(line).not.toMatch(/(^|,)"?[=+@]/);
});
