// Issue 28: /changes over the change log the e2e data prep writes (e2e/serve.sh imports the bundled official rounds,
// the shared summaries and the Endpoints fixture curve: each import logs its new results and curves). One journey:
// filter by round, follow a change to its result, whose page shows its history; curve changes link to the curve.
import { expect, test } from "@playwright/test";

test("/changes: filter by round, follow a change to the result page and its history", async ({ page }) => {
  await page.goto("/changes");
  await expect(page.getByRole("heading", { level: 1, name: "Changes to published results" })).toBeVisible();
  // the Endpoints fixture curve's import is in the log too, linking to the curve's page
  await expect(page.locator('a[href^="/curves/"]').first()).toBeVisible();

  await page.getByLabel("Round").selectOption("v6.0");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/[?&]round=v6\.0/);
  const batches = page.getByTestId("change-batch");
  await expect(batches.first()).toBeVisible();
  for (const h of await batches.getByRole("heading", { level: 2 }).allTextContents()) expect(h).toMatch(/· v6\.0$/);
  await expect(page.locator('a[href^="/curves/"]')).toHaveCount(0); // a round's view holds no curve changes

  const item = batches.first().getByRole("listitem").first();
  await expect(item).toContainText("new");
  await item.getByRole("link").click();
  await expect(page).toHaveURL(/\/results\/[a-z0-9]{16}$/);
  const history = page.getByTestId("result-history");
  await expect(history).toBeVisible();
  await expect(history.getByRole("listitem").first()).toContainText("first published");
});
