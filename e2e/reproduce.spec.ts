// Issue #17 journey: upload a LoadGen result folder (the directory picker) → confirm the match → the report →
// freeze → the frozen link in a fresh browser context. The folder is the real v6.0 AMD 8×MI355X llama2-70b run,
// copied without its platform folder and systems JSON so the match must be confirmed by hand.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { sharedPath } from "../lib/shared-data";

const RUN = sharedPath("mlperf", "loadgen", "v6.0", "AMD", "8xMI355X_2xEPYC_9575F", "llama2-70b-99");

function folderCopy(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "repro-e2e-"));
  const dir = path.join(root, "my-mi355x-run");
  for (const sc of ["Offline", "Server", "Interactive"])
    for (const f of ["mlperf_log_summary.txt", "mlperf_log_detail.txt"]) {
      fs.mkdirSync(path.join(dir, "llama2-70b-99", sc), { recursive: true });
      fs.copyFileSync(path.join(RUN, sc, f), path.join(dir, "llama2-70b-99", sc, f));
    }
  return dir;
}

test("upload a folder → confirm the match → report → freeze → open in a fresh context", async ({ page, browser }) => {
  await page.goto("/reproduce");
  await page.getByTestId("folder-input").setInputFiles(folderCopy());
  await expect(page.getByTestId("picked")).toContainText("6 files");
  await page.getByTestId("reproduce-submit").click();
  await page.waitForURL(/\/reproduce\/[A-Za-z0-9_-]{22}$/);

  // no platform folder, no systems JSON: candidates to confirm, 6.0-0002 among them
  await expect(page.getByTestId("match-how")).toContainText("pick the one you reproduced");
  const candidate = page.getByTestId("candidates").locator("li", { hasText: "6.0-0002" });
  await candidate.getByTestId("confirm-match").click();
  await page.waitForURL(/\?match=/);
  await expect(page.getByTestId("match-how")).toContainText("confirmed by you");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("6.0-0002");
  await expect(page.getByTestId("unverified-note")).toContainText("not an MLPerf result");

  for (const sc of ["Offline", "Server", "Interactive"]) {
    const card = page.getByTestId(`scenario-${sc}`);
    await expect(card.getByTestId("validity-badge")).toHaveText("VALID");
    await expect(card.getByTestId("reproduced-pct")).toHaveText("100.00 %");
  }
  await expect(page.getByTestId("invalid-panel")).toHaveCount(0);
  const yours = await page.getByTestId("yours-value").allInnerTexts();
  expect(yours).toEqual(["103,480", "100,282.4", "73,608.3"]);

  await page.getByTestId("freeze").click();
  const link = page.getByTestId("snapshot-url");
  await expect(link).toHaveValue(/\/s\/[A-Za-z0-9_-]{22,}$/);
  const url = await link.inputValue();

  const fresh = await browser.newContext();
  const p2 = await fresh.newPage();
  await p2.goto(url);
  await expect(p2.getByRole("heading", { level: 1 })).toContainText("6.0-0002");
  await expect(p2.getByText("Frozen reproduction report")).toBeVisible();
  await expect(p2.getByTestId("reproduced-pct")).toHaveText(["100.00 %", "100.00 %", "100.00 %"]);
  expect(await p2.getByTestId("yours-value").allInnerTexts()).toEqual(yours);
  await expect(p2.getByTestId("unverified-note")).toBeVisible();
  await fresh.close();
});

test("an INVALID run is red at the top with its failed checks", async ({ request }) => {
  const summary = fs
    .readFileSync(path.join(RUN, "Server", "mlperf_log_summary.txt"), "utf8")
    .replace("Result is : VALID", "Result is : INVALID")
    .replace("Performance constraints satisfied : Yes", "Performance constraints satisfied : NO");
  const res = await request.post("/api/reproductions", {
    multipart: {
      file: {
        name: "8xMI355X_2xEPYC_9575F/llama2-70b-99/Server/mlperf_log_summary.txt",
        mimeType: "text/plain",
        buffer: Buffer.from(summary),
      },
    },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { url: string; scenarios: { validity: string; failedChecks: string[] }[] };
  expect(body.scenarios[0]?.validity).toBe("INVALID");
  expect(body.scenarios[0]?.failedChecks[0]).toBe("Performance constraints satisfied : NO");
});

test("an INVALID LoadGen bake-off upload: marked INVALID on its overlay, and /plan gives the INVALID verdict as the reason", async ({
  page,
  request,
}) => {
  const summary = fs
    .readFileSync(path.join(RUN, "Server", "mlperf_log_summary.txt"), "utf8")
    .replace("Result is : VALID", "Result is : INVALID")
    .replace("Min duration satisfied : Yes", "Min duration satisfied : NO");
  const res = await request.post("/api/bakeoff", {
    multipart: {
      file: {
        name: "8xMI355X_2xEPYC_9575F/llama2-70b-99/Server/mlperf_log_summary.txt",
        mimeType: "text/plain",
        buffer: Buffer.from(summary),
      },
      family: "llama2-70b",
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/bakeoff/${id}`);
  await expect(page.getByTestId("invalid-banner")).toContainText("INVALID");
  await expect(page.getByTestId("invalid-banner")).toContainText("Min duration satisfied");
  await expect(page.getByTestId("run-invalid")).toHaveText("INVALID");
  await page.goto(`/plan?bakeoff=${id}`);
  await expect(page.getByText("Min duration satisfied : NO. LoadGen marked this run INVALID").first()).toBeVisible();
  await expect(page.getByText("no load point with a throughput")).toHaveCount(0);
  await expect(page.getByText("· ? ·")).toHaveCount(0);
});
