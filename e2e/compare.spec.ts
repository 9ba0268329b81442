import { expect, test } from "@playwright/test";
import { sharedPath } from "../lib/shared-data";
import { axe, findId, uploadBakeoff } from "./helpers";

const AMD8 = { submitter: "AMD", platform: "8xMI355X_2xEPYC_9575F" };
const AMD87 = { submitter: "AMD", platform: "87xMI355X_22xEPYC_9575F" };
const B300 = { submitter: "NVIDIA", platform: "B300-SXM-270GBx8_TRT" };

test("8×MI355X vs the 87-GPU cluster, Offline: multi-node warning and the per-accelerator figures", async ({
  page,
  request,
}) => {
  const a = await findId(request, { ...AMD8, scenario: "Offline" });
  const b = await findId(request, { ...AMD87, scenario: "Offline" });
  // ids in any order land on the one canonical URL (sorted)
  const sorted = [a, b].sort();
  await page.goto(`/compare?ids=${[...sorted].reverse().join(",")}`);
  await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${sorted.join(",")}$`));
  await expect(page).toHaveTitle("8×MI355X vs 87×MI355X — llama2-70b-99 Offline · 2 warnings · PerfContext");

  const multi = page.locator('[data-testid="flag"][data-code="multi-node"]');
  await expect(multi).toBeVisible();
  await expect(multi).toHaveAttribute("data-severity", "warn");
  await expect(multi).toContainText("spans 11 nodes × 8 accelerators per node, 87 of 88 accelerators used");
  await expect(page.locator('[data-testid="flag"][data-severity="block"]')).toHaveCount(0);

  const values = page.getByTestId("row-value");
  await expect(values).toContainText("103,480 tokens/s");
  await expect(values).toContainText("1,042,110 tokens/s");
  const per = page.getByTestId("row-perAccelerator");
  await expect(per).toContainText("derived, not an MLPerf metric");
  await expect(per).toContainText("12,935 tokens/s per accelerator");
  await expect(per).toContainText("11,978.3 tokens/s per accelerator");
  await expect(per).toContainText("1,042,110 tokens/s ÷ 87 accelerators = 11,978.3");
  await expect(page.getByTestId("row-nodes")).toHaveAttribute("data-differs", "true");
  await expect(page.getByTestId("row-scenario")).toHaveAttribute("data-differs", "false");

  await expect(page.getByTestId("chart-raw").locator("svg.recharts-surface")).toBeVisible();
  await expect(page.getByTestId("chart-per-accelerator")).toContainText("derived, not an MLPerf metric");
  const foot = page.getByTestId("footnotes");
  await expect(foot).toContainText("MLPerf® Inference v6.0 Closed, Datacenter. Result 6.0-0002");
  await expect(foot).toContainText("Result 6.0-0001");
  // the attribution legend once per page (the footer), not repeated in every footnote
  await expect(foot).not.toContainText("registered and unregistered trademarks");
  const body = (await page.locator("body").allInnerTexts()).join("\n");
  expect(body.split("registered and unregistered trademarks of MLCommons").length - 1).toBe(1);

  // unfurls: title, description and a PNG preview rendered offline
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(ogImage).toContain(`/api/og/compare?ids=${sorted.join(",")}`);
  const png = await request.get(ogImage ?? "");
  expect(png.status()).toBe(200);
  expect(png.headers()["content-type"]).toBe("image/png");
  expect((await png.body()).length).toBeGreaterThan(10_000);
});

test("select two from a result page → compare: the scenario block cannot be missed, and its suggestion fixes it", async ({
  page,
  request,
}) => {
  const offline = await findId(request, { ...AMD8, scenario: "Offline" });
  const server = await findId(request, { ...B300, scenario: "Server" });
  await page.goto(`/compare?ids=${offline},${server}`);
  const block = page.getByRole("alert").filter({ hasText: "Different scenarios" });
  await expect(block).toBeVisible();
  await expect(block).toHaveAttribute("data-severity", "block");
  await expect(block).toContainText("p99 TTFT stays within 2000 ms and p99 TPOT within 200 ms");
  await expect(block).toContainText("Offline measures batch throughput");
  // the block is the first thing under the heading
  await expect(page.getByTestId("flag").first()).toHaveAttribute("data-severity", "block");
  await expect(page.getByTestId("row-scenario")).toHaveAttribute("data-differs", "true");
  await expect(page.getByTestId("row-ttft")).toContainText("limit 2,000 ms");

  const fix = block.getByTestId("suggestion").filter({ hasText: "Offline result instead" });
  await expect(fix).toBeVisible();
  await fix.click();
  await expect(page).toHaveURL(/\/compare\?ids=/);
  await expect(page.locator('[data-testid="flag"][data-code="scenario"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="flag"][data-severity="block"]')).toHaveCount(0);
  await expect(page.getByTestId("row-scenario")).toHaveAttribute("data-differs", "false");
  await expect(page.getByTestId("row-scenario")).toContainText("Offline");
  await expect(page.getByTestId("row-value")).toContainText("112,954 tokens/s");
});

test("a result page reads the number in context and leads to a comparison", async ({ page, request }) => {
  const interactive = await findId(request, { ...AMD8, scenario: "Interactive" });
  await page.goto(`/results/${interactive}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("smci355-ccs-aus-m09-17");
  await expect(page.getByTestId("result-subtitle")).toContainText("AMD");
  await expect(page.getByTestId("result-subtitle")).toContainText("llama2-70b-99");
  await expect(page.getByTestId("result-subtitle")).toContainText("Interactive");
  await expect(page.getByTestId("result-eyebrow")).toContainText("Result ID 6.0-0002");
  await expect(page.getByTestId("value")).toContainText("73,608.2");
  await expect(page.getByTestId("per-accelerator")).toContainText("73,608.2 tokens/s ÷ 8 accelerators = 9,201");
  const ctx = page.getByTestId("read-in-context");
  await expect(ctx).toContainText("p99 TTFT stays within 450 ms and p99 TPOT within 40 ms");
  await expect(ctx.getByRole("term").filter({ hasText: "Tail latency (from the LoadGen log)" })).toBeVisible();
  await expect(ctx).toContainText("p99 TTFT 447.6 ms (limit 450 ms)");
  await expect(page.getByTestId("data-notes")).toContainText("Interactive");
  await expect(page.getByTestId("stack-table")).toContainText("ROCm");
  const lat = page.getByTestId("latency-table");
  await expect(lat).toContainText("Time to first token (TTFT)");
  await expect(lat).toContainText("447.6");
  await expect(page.getByTestId("latency-chart-0").locator("svg.recharts-surface")).toBeVisible();
  await expect(page.getByTestId("latency-chart-0")).toContainText("the p99 limit, 450 ms");
  await expect(page.getByTestId("latency-chart-0").locator("svg")).toContainText("limit 450");
  await expect(page.getByTestId("plan-with")).toHaveAttribute("href", `/plan?basis=${interactive}`);
  await expect(page.getByTestId("compare-with")).toHaveAttribute("href", new RegExp(`ids=${interactive}`));

  // pick a second result: the same system's Offline row
  const siblings = page.getByTestId("siblings");
  await siblings
    .getByRole("row")
    .filter({ hasText: "llama2-70b-99" })
    .filter({ hasText: "Offline" })
    .first()
    .getByRole("link", { name: "compare" })
    .click();
  await expect(page).toHaveURL(/\/compare\?ids=/);
  await expect(page.getByRole("alert").filter({ hasText: "Different scenarios" })).toBeVisible();
});

test("unknown and malformed ids: friendly pages, 404s and 400s — never a crash", async ({ page, request }) => {
  expect((await request.get("/results/0000000000000000")).status()).toBe(404);
  expect((await request.get("/results/not-an-id")).status()).toBe(404);
  for (const q of ["ids=zzz", "ids=0000000000000000,1111111111111111", `ids=${"a".repeat(16)},%3Cscript%3E`]) {
    const api = await request.get(`/api/compare?${q}`);
    expect(api.status()).toBe(400);
    expect(((await api.json()) as { error: { message: string } }).error.message).toBeTruthy();
    const res = await page.goto(`/compare?${q}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId("compare-notice")).toBeVisible();
    await expect(page.getByRole("link", { name: "results explorer" })).toBeVisible();
  }
  await page.goto("/compare");
  await expect(page.getByRole("heading", { name: "How to pick results" })).toBeVisible();
  await page.getByRole("link", { name: "results explorer" }).click();
  await expect(page).toHaveURL(/\/results/);
});

test("print: A4 landscape without navigation or buttons, footnotes kept", async ({ page, request }) => {
  const a = await findId(request, { ...AMD8, scenario: "Offline" });
  const b = await findId(request, { ...AMD87, scenario: "Offline" });
  await page.goto(`/compare?ids=${a},${b}`);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("freeze")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByTestId("footnotes")).toBeVisible();
  await expect(page.getByTestId("compare-table")).toBeVisible();
  // the table and both charts fit the printable width of A4 landscape (297 mm − 2 × 12 mm ≈ 1032 px)
  await page.setViewportSize({ width: 1032, height: 740 });
  for (const id of ["compare-table", "chart-raw", "chart-per-accelerator"]) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1032);
  }
});

test("a bake-off upload joins the comparison with UNVERIFIED on every number", async ({ page, request }) => {
  const id = await uploadBakeoff(request, sharedPath("bakeoff", "vllm", "run=0.json"), {
    label: "My vLLM run",
    accelerators: "8",
  });
  const offline = await findId(request, { ...AMD8, scenario: "Offline" });
  await page.goto(`/compare?ids=${offline}&bakeoff=${id}`);
  const flag = page.locator('[data-testid="flag"][data-code="unverified"]');
  await expect(flag).toBeVisible();
  await expect(flag).toContainText("My vLLM run");
  await expect(flag).toContainText("not verified by MLCommons");
  const run = page.getByTestId("bakeoff-run");
  await expect(run).toContainText("93.75 UNVERIFIED");
  await expect(run).toContainText("11.72 (÷ 8) UNVERIFIED");
  await expect(page.getByTestId("chart-raw")).toContainText("(UNVERIFIED)");
  await expect(page.getByTestId("footnotes")).toContainText("Result not verified by MLCommons Association.");
});

test("axe: compare, result and snapshot pages (light and dark, 390 px) have no serious or critical violations", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // six pages, each analysed twice: slow on a loaded two-core machine
  const a = await findId(request, { ...AMD8, scenario: "Offline" });
  const b = await findId(request, { ...B300, scenario: "Server" });
  const snap = await request.post("/api/snapshots", { data: { kind: "compare", query: `ids=${a},${b}` } });
  const { url } = (await snap.json()) as { url: string };
  const interactive = await findId(request, { ...AMD8, scenario: "Interactive" });
  for (const [scheme, width] of [
    ["light", 1440],
    ["dark", 390],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    for (const path of [`/compare?ids=${[a, b].sort().join(",")}`, `/results/${interactive}`, url, "/compare"]) {
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      const { violations } = await axe(page).analyze();
      const bad = violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => ({ path, scheme, id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
      expect(bad).toEqual([]);
    }
  }
});
