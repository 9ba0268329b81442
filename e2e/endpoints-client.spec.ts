// Issue 27 part 1 journey: a v6.1 result folder written by the MLPerf Endpoints client (lib/endpoints/testdata/v6.1,
// built from the client's source so its tps corresponds to the published v6.1 rows of Naeem Khoshnevis' H200-1xGPU,
// llama3.1-8b) uploaded to /reproduce → matched outright by platform and systems JSON → both scenarios reproduced;
// then the same Offline result_summary.json as a bake-off upload → detected as the Endpoints client → overlaid.
import path from "node:path";
import { expect, test } from "@playwright/test";
import { V61_FOLDER } from "../lib/endpoints/test-folder";

const OFFLINE = path.join(
  V61_FOLDER,
  "closed",
  "Naeem Khoshnevis",
  "results",
  "H200",
  "llama3.1-8b",
  "Offline",
  "performance",
  "result_summary.json",
);

test("a client-written v6.1 folder reproduces its published result; its summary overlays as a bake-off run", async ({
  page,
}) => {
  test.setTimeout(120_000); // two uploads and two server renders on a shared machine
  await page.goto("/reproduce");
  await page.getByTestId("folder-input").setInputFiles(V61_FOLDER);
  await expect(page.getByTestId("picked")).toContainText("5 files");
  await page.getByTestId("reproduce-submit").click();
  await page.waitForURL(/\/reproduce\/[A-Za-z0-9_-]{22}/);
  await expect(page.getByTestId("match-how")).toContainText("H200");
  for (const sc of ["Offline", "Server"]) {
    const card = page.getByTestId(`scenario-${sc}`);
    // the client writes no LoadGen verdict; no check fails on its figures
    await expect(card.getByTestId("validity-badge")).toHaveText("UNKNOWN");
    await expect(card.getByTestId("reproduced-pct")).toHaveText("100.00 %");
  }
  expect(await page.getByTestId("yours-value").allInnerTexts()).toEqual(["7,796.6", "7,376.6"]);

  await page.goto("/bakeoff");
  await page.getByTestId("file-input").setInputFiles(OFFLINE);
  await expect(page.getByTestId("preview-file").getByTestId("preview-detected")).toContainText(
    /mlperf-endpoints|MLPerf Endpoints client/,
  );
  await page.getByLabel("Label").fill("endpoints-client-h200");
  await page.getByLabel("Accelerator count").fill("1");
  await page.getByLabel("Compare with MLPerf model").selectOption("llama3.1-8b");
  await page.getByRole("button", { name: /save and open the overlay/i }).click();
  await page.waitForURL(/\/bakeoff\/[A-Za-z0-9_-]{22}/);
  await expect(page.getByTestId("bakeoff-label")).toHaveText("endpoints-client-h200");
  await expect(page.getByTestId("throughput-chart").getByText("UNVERIFIED").first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Load points in this upload" })).toContainText("7,796.6");
});
