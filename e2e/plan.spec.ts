// Capacity planner journeys: a result page's "Plan with this" → pick a preset → set issue 6's workload → the
// numbers appear (3 nodes / 24 accelerators for 500 req/s × 250 tokens on the v6.0 AMD 8xMI355X Server result)
// → the page URL opened in a fresh browser reproduces them; zero, negative, missing and absurd inputs give inline
// messages and never "NaN" or "Infinity"; a bake-off upload plans beside a published result with the flags.
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";

const SHARED = process.env.PERFCONTEXT_SHARED_DATA ?? path.resolve(process.cwd(), "..", "shared", "data");
const LOADGEN = path.join(
  SHARED,
  "bakeoff",
  "mlperf-loadgen",
  "amd-8xMI300X-llama2-70b-99-server",
  "mlperf_log_summary.txt",
);

interface Row {
  id: string;
  platform: string;
  value: number;
  tokensPerSample: number | null;
}

/** v6.0 AMD 8xMI355X_2xEPYC_9575F llama2-70b-99 Server: 100,282 tokens/s on 8 accelerators, 283 tokens per sample. */
async function mi355xServer(request: APIRequestContext): Promise<Row> {
  const res = await request.get("/api/results?round=v6.0&model=llama2-70b-99&submitter=AMD&scenario=Server");
  expect(res.ok()).toBe(true);
  const { rows } = (await res.json()) as { rows: Row[] };
  const r = rows.find((x) => x.platform === "8xMI355X_2xEPYC_9575F" && x.value === 100282);
  expect(r, "the e2e database holds the v6.0 AMD 8xMI355X Server result").toBeTruthy();
  return r as Row;
}

async function noNanOrInfinity(page: Page) {
  // textContent also reads hidden and print-only text; scripts (the RSC payload) live outside <main>
  const text = await page.locator("main").textContent();
  expect(text).not.toMatch(/NaN|Infinity/);
}

async function settled(page: Page) {
  await expect(page.getByTestId("plan-status")).not.toHaveText(/Updating/);
}

test("result page → Plan with this → preset → issue 6's workload → 3 nodes; the share link reproduces it", async ({
  page,
  browser,
  request,
}) => {
  const r = await mi355xServer(request);
  await page.goto(`/results/${r.id}`);
  const planWith = page.getByTestId("plan-with");
  if ((await planWith.count()) > 0) await planWith.click();
  else {
    test.info().annotations.push({ type: "note", description: "no Plan with this link on the result page yet" });
    await page.goto(`/plan?basis=${r.id}`);
  }
  await expect(page).toHaveURL(new RegExp(`/plan\\?basis=${r.id}$`));
  await expect(page.getByTestId("plan-card")).toHaveCount(1);

  // a preset fills the workload and its SLO
  await page.getByTestId("preset-batch").click();
  await expect(page).toHaveURL(/preset=batch/);
  await expect(page.getByTestId("input-rps")).toHaveValue("35");
  await expect(page.getByTestId("input-ttft")).toHaveValue("");
  await expect(page.getByTestId("plan-nodes")).toHaveText("2 nodes");

  // issue 6: 500 req/s × 250 output tokens, Server limits, 90% usable, 100% utilization, N+1, $3/accelerator-hour
  await page.getByTestId("input-rps").fill("500");
  await page.getByTestId("input-out").fill("250");
  await page.getByTestId("input-ttft").fill("2000");
  await page.getByTestId("input-tpot").fill("200");
  await page.getByTestId("input-util").fill("100");
  await page.getByTestId("input-price").fill("3");
  await expect(page).toHaveURL(/price=3/);
  await settled(page);
  const card = page.getByTestId("plan-card");
  await expect(card.getByTestId("plan-nodes")).toHaveText("3 nodes");
  await expect(card.getByTestId("plan-accelerators")).toHaveText("24 accelerators");
  await expect(card.getByTestId("plan-cost")).toContainText("$52,560");
  await expect(card.getByTestId("plan-cost")).toContainText("$0.16");
  await expect(card.locator('[data-step="rps"]')).toContainText("401.13 req/s");
  await expect(card.locator('[data-step="bench-rps"]')).toContainText("354.35 req/s");
  await expect(page.getByTestId("sens-node-lost")).toContainText("4 nodes");
  await noNanOrInfinity(page);

  const shared = page.url();
  expect(shared).toContain(`basis=${r.id}`);
  const fresh = await browser.newContext();
  try {
    const p2 = await fresh.newPage();
    await p2.goto(shared);
    await expect(p2.getByTestId("plan-nodes")).toHaveText("3 nodes");
    await expect(p2.getByTestId("plan-accelerators")).toHaveText("24 accelerators");
    await expect(p2.getByTestId("plan-cost")).toContainText("$52,560");
    await expect(p2.getByTestId("input-rps")).toHaveValue("500");
    await expect(p2.getByTestId("preset-batch")).toHaveAttribute("aria-pressed", "true");
    expect(await p2.getByTestId("plan-steps").textContent()).toBe(await page.getByTestId("plan-steps").textContent());
  } finally {
    await fresh.close();
  }
});

test("zero, negative, missing and absurd inputs give inline messages, never NaN or Infinity", async ({
  page,
  request,
}) => {
  const r = await mi355xServer(request);
  await page.goto(`/plan?basis=${r.id}`);
  await expect(page.getByTestId("plan-nodes")).toBeVisible();
  const cases: [string, string, RegExp][] = [
    ["rps", "-5", /can't be negative/],
    ["out", "0", /at least 1 token/],
    ["in", "", /is missing/],
    ["usable", "1000", /more than 100%/],
    ["util", "Infinity", /plain number/],
    ["k", "2.5", /whole number/],
    ["price", "0", /more than \$0/],
    ["ttft", "99999999", /not a latency bound/],
  ];
  for (const [field, value, msg] of cases) {
    await page.getByTestId(`input-${field}`).fill(value);
    await expect(page.getByTestId(`msg-${field}`)).toContainText(msg);
    await expect(page.getByTestId(`input-${field}`)).toHaveAttribute("aria-invalid", "true");
  }
  // the last edit is written after a pause in typing; wait for it before reloading
  await expect(page).toHaveURL(/[?&]price=0$/);
  for (const q of ["rps=-5", "in=&", "out=0", "ttft=99999999", "usable=1000", "util=Infinity", "k=2.5"])
    expect(page.url()).toContain(q);
  await settled(page);
  // the plan still stands on the fallback values, and says so
  await expect(page.getByTestId("plan-nodes")).toHaveText(/^\d+ nodes?$/);
  await noNanOrInfinity(page);

  // the same bad URL, opened cold: the same messages from the server-parsed state
  await page.reload();
  await expect(page.getByTestId("msg-rps")).toContainText("can't be negative");
  await expect(page.getByTestId("msg-usable")).toContainText("more than 100%");
  await noNanOrInfinity(page);

  // hand-edited garbage in the address
  await page.goto("/plan?rps=NaN&out=Infinity&usable=-3&k=1e9&preset=Infinity&derate=NaN&basis=nope,NaN");
  await expect(page.getByTestId("msg-rps")).toContainText("plain number");
  await expect(page.getByTestId("msg-k")).toContainText("implausible");
  await expect(page.getByTestId("plan-issues")).toContainText("malformed result id");
  await noNanOrInfinity(page);
});

test("a bake-off upload plans beside a published result, flagged unverified", async ({ page, request }) => {
  const r = await mi355xServer(request);
  const fs = await import("node:fs");
  const res = await request.post("/api/bakeoff", {
    multipart: {
      file: { name: "mlperf_log_summary.txt", mimeType: "text/plain", buffer: fs.readFileSync(LOADGEN) },
      label: "MI300X LoadGen Server",
      accelerator: "MI300X",
      accelerators: "8",
      nodes: "1",
      family: "llama2-70b",
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/plan?rps=500&out=250&ttft=2000&tpot=200&basis=${r.id}&bakeoff=${id}&util=100`);
  await expect(page.getByTestId("plan-card")).toHaveCount(2);
  const bake = page.locator(`[data-testid="plan-card"][data-basis="${id}"]`);
  await expect(bake).toContainText("Unverified");
  // 24,593.77 tok/s ÷ 250 = 98.375 req/s; ÷ 8 = 12.297; × 0.9 = 11.067; 500 ÷ 11.067 = 45.18 → 46 → 6 nodes + 1
  await expect(bake.getByTestId("plan-nodes")).toHaveText("7 nodes");
  await expect(page.locator('[data-code="unverified"]')).toBeVisible();
  await expect(page.getByTestId("sensitivity").locator("th", { hasText: "MI300X LoadGen Server" })).toBeVisible();
  await noNanOrInfinity(page);
});

test("the basis picker finds results and adds one to the plan", async ({ page }) => {
  await page.goto("/plan");
  await expect(page.getByTestId("suggested-basis").first()).toBeVisible();
  await page.getByTestId("picker-q").fill("MI355X");
  await page.getByTestId("picker-scenario").selectOption("Server");
  const row = page.getByTestId("picker-row").filter({ hasText: "8xMI355X_2xEPYC_9575F" }).first();
  await expect(row).toBeVisible();
  await row.getByTestId("picker-add").click();
  await expect(page).toHaveURL(/basis=[a-z0-9]{16}/);
  await expect(page.getByTestId("plan-card")).toHaveCount(1);
  await expect(page.getByTestId("plan-card")).toContainText("8xMI355X_2xEPYC_9575F");
  await expect(page.getByTestId("chosen-basis")).toHaveCount(1);
  await noNanOrInfinity(page);
});

for (const scheme of ["light", "dark"] as const) {
  test(`axe (${scheme}): a plan with two bases and a bad input has no serious or critical violations`, async ({
    page,
    request,
  }) => {
    const r = await mi355xServer(request);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/plan?rps=-5&basis=${r.id},6731959be11cad92&price=3`);
    await expect(page.getByTestId("plan-card")).toHaveCount(2);
    await expect(page.getByTestId("picker-row").first()).toBeAttached();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
    expect(serious).toEqual([]);
  });
}
