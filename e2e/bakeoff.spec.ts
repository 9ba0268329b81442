// Bake-off journeys: upload real benchmark files through the page → preview → save → the overlay shows the
// points marked UNVERIFIED → the share links reproduce them in a fresh browser; hostile labels stay text;
// bad uploads are refused with what was expected and store nothing.
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { sharedPath } from "../lib/shared-data";
import { storeCount, uploadBakeoff } from "./helpers";

const VLLM = sharedPath("bakeoff", "vllm", "run=0.json");
const VLLM_FAILED = sharedPath("bakeoff", "vllm", "bench_serve_all_requests_failed_v0.25.1.json");
const LOADGEN = sharedPath("bakeoff", "mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server", "mlperf_log_summary.txt");
const GENAI = (c: number) =>
  sharedPath(
    "bakeoff",
    "genai-perf",
    `meta_llama3-8b-instruct-openai-chat-concurrency${c}`,
    "profile_export_genai_perf.json",
  );

const XSS = "<script>alert(1)</script>";
const FORMULA = "=cmd|' /C calc'!A0";

/** Stored uploads with this label (a per-test marker, so parallel specs cannot disturb the count). */
function uploadCount(label: string): Promise<number> {
  return storeCount("select count(*) as n from bakeoff_uploads where label = ?", [label]);
}

/** Any JavaScript dialog fails the test: hostile labels must never run. */
function forbidDialogs(page: Page): void {
  page.on("dialog", async (d) => {
    await d.dismiss();
    throw new Error(`a dialog fired: ${d.message()}`);
  });
}

async function uploadThroughPage(
  page: Page,
  opts: { file: string; label: string; accelerators: string; family: string; detected: RegExp },
): Promise<string> {
  await page.goto("/bakeoff");
  await page.getByTestId("file-input").setInputFiles(opts.file);
  const preview = page.getByTestId("preview-file");
  await expect(preview).toHaveCount(1);
  await expect(preview.getByTestId("preview-detected")).toContainText(opts.detected);
  await page.getByLabel("Label").fill(opts.label);
  await page.getByLabel("Accelerator count").fill(opts.accelerators);
  await page.getByLabel("Compare with MLPerf model").selectOption(opts.family);
  await page.getByRole("button", { name: /save and open the overlay/i }).click();
  await page.waitForURL(/\/bakeoff\/[A-Za-z0-9_-]{22}/);
  const id = new URL(page.url()).pathname.split("/").pop() ?? "";
  expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return id;
}

async function expectOverlay(page: Page, label: string, figures: string[]): Promise<void> {
  await expect(page.getByTestId("bakeoff-label")).toHaveText(label);
  await expect(page.getByTestId("unverified-badge").first()).toContainText("Unverified: not verified by MLCommons");
  await expect(page.getByTestId("throughput-chart").getByText("UNVERIFIED").first()).toBeVisible();
  await expect(page.getByTestId("latency-chart").locator(".recharts-scatter-symbol").first()).toBeVisible();
  const table = page.getByTestId("runs-table");
  for (const f of figures) await expect(table).toContainText(f);
  const body = ((await page.locator("main").textContent()) ?? "").replace(/\s+/g, " ");
  expect(body).not.toMatch(/\bNaN\b|Infinity/);
}

async function inFreshContext(browser: Browser, url: string, check: (p: Page) => Promise<void>): Promise<void> {
  const ctx = await browser.newContext();
  try {
    const p = await ctx.newPage();
    forbidDialogs(p);
    const res = await p.goto(url);
    expect(res?.status()).toBe(200);
    await check(p);
  } finally {
    await ctx.close();
  }
}

test.describe("bake-off upload and overlay", () => {
  test("a real vLLM file, hostile label: preview → save → overlay → share link", async ({ page, browser }) => {
    forbidDialogs(page);
    const id = await uploadThroughPage(page, {
      file: VLLM,
      label: XSS,
      accelerators: "1",
      family: "llama2-70b",
      detected: /vllm.*1 load point/,
    });
    // 93.75 output tok/s on 1 accelerator; p99 TTFT 762.49 ms (shown 762.5); 8 requests, 0 failed (values from the file)
    await expectOverlay(page, XSS, ["93.75", "762.5", "8 / 0"]);
    await expect(page.locator("main script", { hasText: "alert(1)" })).toHaveCount(0);
    await expect(page.getByTestId("slo-targets")).toContainText("2,000 ms");
    await expect(page.getByTestId("slo-targets")).toContainText("200 ms");
    // the rate once, then the counts: not "100% (8 of 8 requests succeeded (100.0%))"
    await expect(page.getByTestId("success-rate")).toHaveText("Success rate: 100% (8 of 8 requests succeeded)");

    const share = (await page.getByTestId("share-path").textContent()) ?? "";
    await inFreshContext(browser, share, (p) => expectOverlay(p, XSS, ["93.75", "762.5"]));
    expect(id.length).toBe(22);
  });

  test("a real LoadGen log: overlay, SLO check, compare link and CSV reproduce it", async ({
    page,
    browser,
    request,
  }) => {
    forbidDialogs(page);
    const id = await uploadThroughPage(page, {
      file: LOADGEN,
      label: FORMULA,
      accelerators: "8",
      family: "llama2-70b",
      detected: /mlperf-loadgen.*1 load point/,
    });
    // 24,593.77 tokens/s ÷ 8 = 3,074.2 per accelerator; p99 TTFT 1,914.65 ms; p99 TPOT 193.38 ms
    await expectOverlay(page, FORMULA, ["24,593.8", "3,074.2", "1,914.6", "193.4"]);
    await expect(page.getByTestId("slo-row").first()).toContainText("meets");
    await expect(page.getByTestId("capacity").first()).toContainText("req/s per accelerator");
    // both p99s within 2,000/200 ms: all 81.68 req/s count, as /plan counts them (not 81.68 × .99 × .99 = 80.05)
    await expect(page.getByTestId("capacity").first()).toContainText("81.68 req/s,");
    await expect(page.getByTestId("slo-rule")).toContainText("at least 99% of requests met it");

    // switch the scatter to TPOT: the URL carries it and a fresh browser sees the same view
    await page.getByLabel("p99 TPOT", { exact: true }).click();
    await page.waitForURL(/metric=tpot/);
    await expect(page.getByLabel("p99 TPOT", { exact: true })).toBeChecked();
    const overlayUrl = new URL(page.url());
    await inFreshContext(browser, `${overlayUrl.pathname}${overlayUrl.search}`, async (p) => {
      await expectOverlay(p, FORMULA, ["3,074.2", "193.4"]);
      await expect(p.getByLabel("p99 TPOT", { exact: true })).toBeChecked();
    });

    const href = await page.getByTestId("compare-link").getAttribute("href");
    expect(href).toMatch(new RegExp(`^/compare\\?ids=[a-z0-9]{16}&bakeoff=${id}$`));
    const api = await request.get(`/api${href}`);
    expect(api.status()).toBe(200);
    const payload = (await api.json()) as { bakeoff: { id: string; label: string }[]; flags: { code: string }[] };
    expect(payload.bakeoff[0]?.label).toBe(FORMULA);
    expect(payload.flags.map((f) => f.code)).toContain("unverified");
    await inFreshContext(browser, href ?? "", async (p) => {
      await expect(p.getByText(FORMULA).first()).toBeVisible();
      await expect(p.getByText(/unverified/i).first()).toBeVisible();
    });

    const csv = await request.get(`/api/bakeoff/${id}?format=csv`);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text).toContain(`'${FORMULA}`);
    expect(text).not.toMatch(/(^|[\r\n,])=cmd/);
  });

  test("a LoadGen summary and detail log picked together become one point", async ({ page }) => {
    await page.goto("/bakeoff");
    await page.getByTestId("file-input").setInputFiles([LOADGEN, LOADGEN.replace(/summary\.txt$/, "detail.txt")]);
    await expect(page.getByTestId("preview-file")).toHaveCount(2);
    await expect(page.getByText(/merged into one point on save/)).toBeVisible();
    await page.getByLabel("Accelerator count").fill("8");
    await page.getByLabel("Compare with MLPerf model").selectOption("llama2-70b");
    await page.getByRole("button", { name: /save and open the overlay/i }).click();
    await page.waitForURL(/\/bakeoff\/[A-Za-z0-9_-]{22}/);
    await expect(page.getByTestId("runs-table").locator("tbody tr")).toHaveCount(1);
    await expect(page.getByTestId("runs-table")).toContainText("73,728"); // request count from the detail log
  });

  test("a hostile model name in the file renders as text and exports defused", async ({ page, request }) => {
    forbidDialogs(page);
    const model = `${FORMULA}<img src=x onerror=alert(2)>`;
    const json = JSON.parse((await readFile(VLLM)).toString("utf8")) as Record<string, unknown>;
    json.model_id = model;
    const res = await request.post("/api/bakeoff", {
      multipart: {
        file: { name: "hostile.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(json)) },
        label: XSS,
        accelerators: "1",
      },
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await page.goto(`/bakeoff/${id}`);
    await expect(page.getByTestId("runs-table")).toContainText(model);
    await expect(page.getByTestId("bakeoff-label")).toHaveText(XSS);
    await expect(page.locator("main img")).toHaveCount(0);
    const csv = await (await request.get(`/api/bakeoff/${id}?format=csv`)).text();
    expect(csv).toContain(`'${model}`);
    expect(csv).not.toMatch(/(^|[\r\n,])=cmd/);
  });

  test("the all-failed vLLM file: success rate 0, a clear message, no NaN", async ({ page, request }) => {
    const res = await request.post("/api/bakeoff", {
      multipart: { file: { name: "failed.json", mimeType: "application/json", buffer: await readFile(VLLM_FAILED) } },
    });
    expect(res.status()).toBe(201);
    const { id, runs } = (await res.json()) as { id: string; runs: { numRequests: number; numFailed: number }[] };
    expect(runs[0]).toMatchObject({ numRequests: 0, numFailed: 8 });
    await page.goto(`/bakeoff/${id}`);
    await expect(page.getByTestId("all-failed")).toContainText("success rate 0%");
    await expect(page.getByTestId("success-rate")).toContainText("0% (every request failed: 0 of 8 succeeded)");
    const body = (await page.locator("main").textContent()) ?? "";
    expect(body).not.toMatch(/\bNaN\b|Infinity/);
  });

  test("several load points draw as a curve", async ({ page, request }) => {
    // Playwright's multipart helper keeps one value per key, so this body (two `file` parts) is built by hand
    const two = await postMultipart(request, [
      ["file", "c10/profile_export_genai_perf.json", await readFile(GENAI(10))],
      ["file", "c100/profile_export_genai_perf.json", await readFile(GENAI(100))],
      ["label", null, Buffer.from("GenAI-Perf sweep")],
      ["accelerators", null, Buffer.from("1")],
    ]);
    expect(two.status).toBe(201);
    expect((two.json as { runs: unknown[] }).runs).toHaveLength(2);
    await page.goto(`/bakeoff/${(two.json as { id: string }).id}?family=llama3.1-8b`);
    await expect(page.getByTestId("runs-table").locator("tbody tr")).toHaveCount(2);
    await expect(page.getByTestId("latency-chart").locator(".recharts-scatter-line")).toHaveCount(1);
  });
});

test.describe("bake-off API: bad uploads store nothing", () => {
  const BAD: { name: string; body: Buffer; message: RegExp }[] = [
    { name: "empty.json", body: Buffer.alloc(0), message: /empty \(0 bytes\).*expected vLLM/ },
    {
      name: "image.png",
      body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
      message: /binary file/,
    },
    {
      name: "page.html",
      body: Buffer.from("<!DOCTYPE html>\n<html><body>Sign in</body></html>\n"),
      message: /HTML\/XML page/,
    },
    {
      name: "cut.json",
      body: Buffer.from('{"date": "20250101-000000", "backend": "vllm", "model_id": "x",\n "dur'),
      message: /JSON|not closed|truncated/i,
    },
    { name: "other.csv", body: Buffer.from("timestamp,latency,tokens\n1,2,3\n"), message: /unrecognised CSV headers/ },
    {
      name: "unknown.json",
      body: Buffer.from('{"hello": "world", "answer": 42}'),
      message: /JSON from an unknown tool/,
    },
  ];
  for (const b of BAD) {
    test(`400 for ${b.name}`, async ({ request }) => {
      const marker = `bad upload ${b.name} ${Date.now()}`;
      const res = await request.post("/api/bakeoff", {
        multipart: { file: { name: b.name, mimeType: "application/octet-stream", buffer: b.body }, label: marker },
      });
      expect(res.status()).toBe(400);
      const json = (await res.json()) as { error: { message: string; line: number | null; field: string | null } };
      expect(json.error.message).toMatch(b.message);
      expect(json.error).toHaveProperty("line");
      expect(json.error).toHaveProperty("field");
      expect(JSON.stringify(json)).not.toMatch(/\bat .*\.(js|ts):\d+/);
      expect(await uploadCount(marker)).toBe(0);
    });
  }

  test("400 for bad fields, no file, or a non-multipart body", async ({ request }) => {
    const marker = `bad fields ${Date.now()}`;
    const file = { name: "run=0.json", mimeType: "application/json", buffer: await readFile(VLLM) };
    for (const [field, value] of [
      ["accelerators", "0"],
      ["nodes", "10001"],
      ["label", "x".repeat(121)],
    ] as const) {
      const res = await request.post("/api/bakeoff", { multipart: { file, label: marker, [field]: value } });
      expect(res.status()).toBe(400);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe(field);
    }
    expect((await request.post("/api/bakeoff", { multipart: { label: marker } })).status()).toBe(400);
    expect((await request.post("/api/bakeoff", { data: { file: "x" } })).status()).toBe(400);
    expect(await uploadCount(marker)).toBe(0);
  });

  test("GET: 404 for an unknown id, 400 for a malformed one", async ({ request }) => {
    expect((await request.get("/api/bakeoff/AAAAAAAAAAAAAAAAAAAAAA")).status()).toBe(404);
    expect((await request.get("/api/bakeoff/not-an-id!")).status()).toBe(400);
    expect((await request.get("/bakeoff/AAAAAAAAAAAAAAAAAAAAAA")).status()).toBe(404);
  });
});

async function readFile(p: string): Promise<Buffer> {
  const fs = await import("node:fs/promises");
  return fs.readFile(p);
}

/** A multipart body with repeated keys (Playwright's helper keeps one value per key). */
async function postMultipart(
  request: APIRequestContext,
  parts: [string, string | null, Buffer][],
): Promise<{ status: number; json: unknown }> {
  const boundary = `----perfcontext${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const [name, filename, data] of parts) {
    const disp = filename ? `form-data; name="${name}"; filename="${filename}"` : `form-data; name="${name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n\r\n`), data, Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await request.post("/api/bakeoff", {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    data: Buffer.concat(chunks),
  });
  return { status: res.status(), json: await res.json() };
}

test("an SGLang file's medians show in the load-point table (it has no p99)", async ({ page, request }) => {
  const id = await uploadBakeoff(request, sharedPath("bakeoff", "sglang", "llama_3_3_70b_offline_output.jsonl"));
  await page.goto(`/bakeoff/${id}`);
  const table = page.getByTestId("runs-table");
  await expect(table.locator("tbody tr")).toHaveCount(7);
  // the first point's median TTFT 91,282.2 ms and median ITL 159.01 ms (shown to 1 decimal above 100), from the file
  const first = table.locator("tbody tr").first();
  await expect(first).toContainText("p50 91,282.2");
  await expect(first).toContainText("p50 159p95");
  await expect(first).toContainText("508 / 515"); // mean input / output tokens
});

test("the trademark legend appears once on an overlay page, not in each footnote", async ({ page, request }) => {
  const id = await uploadBakeoff(request, sharedPath("bakeoff", "sglang", "llama_3_3_70b_offline_output.jsonl"));
  await page.goto(`/bakeoff/${id}`);
  await expect(page.getByTestId("footnotes")).toBeVisible();
  await expect(page.getByTestId("footnotes")).not.toContainText("registered and unregistered trademarks");
  const body = (await page.locator("body").allInnerTexts()).join("\n");
  expect(body.split("registered and unregistered trademarks of MLCommons").length - 1).toBe(1);
});
