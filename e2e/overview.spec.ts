// /overview (issue 30): open it, change the service level, see the rows, freeze → the /s/ link shows the same rows.
// Expected values by hand from the v6.0 summary (6.0-0002, AMD smci355 8× MI355X, llama2-70b-99):
//   Interactive 73,608.2 tokens/s ÷ 8 × 3600 = 33,123,690 → "33.1 M" per accelerator-hour (meets 25 tokens/s, 450 ms)
//   Server 100,282 ÷ 8 × 3600 = 45,126,900 → "45.1 M" (meets 5 tokens/s, 2000 ms); at $2 per accelerator-hour
//   2 ÷ 45,126,900 × 1e6 = $0.0443 → "$0.044" per million output tokens.
import { expect, test } from "@playwright/test";

const AMD = "smci355-ccs-aus-m09-17";

test("open, change the level, see the rows; freeze → the snapshot shows the same rows", async ({ page }) => {
  await page.goto("/overview?benchmark=llama2-70b-99");
  await expect(page.getByTestId("overview-summary")).toContainText("llama2-70b-99 at 25 tokens/s per user");
  const amd = () => page.getByTestId("overview-table").getByTestId("overview-row").filter({ hasText: AMD });
  await expect(amd().getByTestId("overview-tph")).toHaveText("33.1 M");
  await expect(amd()).toContainText("v6.0 Interactive 6.0-0002");

  await page.getByTestId("ov-input-tpsPerUser").fill("5");
  await page.getByTestId("ov-input-ttftMs").fill("2000");
  // the level no longer is the chat shape's own: the select says so (the shape's tokens still price the blend)
  await expect(page.getByTestId("ov-select-preset").locator("option:checked")).toHaveText(
    /^Custom: Short interactive chat/,
  );
  await page.getByTestId("ov-input-pricePerAccHour").fill("2");
  await page.getByTestId("overview-submit").click();
  await expect(page).toHaveURL(/\/overview\?benchmark=llama2-70b-99&tpsPerUser=5&ttftMs=2000&pricePerAccHour=2$/);
  await expect(amd().getByTestId("overview-tph")).toHaveText("45.1 M");
  await expect(amd()).toContainText("$0.044");
  // llama2-70b-99 has no cited mean input per sample (lib/judge/token-mix.ts): its cost stays all on output, and says so
  await expect(amd().getByTestId("overview-unsplit")).toHaveText("all on output");
  await expect(amd()).toContainText("v6.0 Server 6.0-0002");
  const live = await page.getByTestId("overview-table").textContent();

  await page.getByTestId("freeze-overview").click();
  const url = await page.getByTestId("snapshot-url").inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]+$/);
  await page.goto(url);
  await expect(page.getByTestId("frozen-overview")).toBeVisible();
  expect(await page.getByTestId("overview-table").textContent()).toBe(live);
});
