// The results explorer in real Chromium over the database e2e/serve.sh builds with the real importer
// (bundled official rounds + ../shared/data/mlperf). The URL is the state: every journey checks it, and reload keeps it.
import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import Papa from "papaparse";
import { findId } from "./helpers";

/**
 * The first view comes from the data: the newest round (v6.1) and its most-submitted LLM benchmark in its
 * most-submitted scenario. Counted with python over ../shared/data/mlperf/summary/v6.1.summary.csv (closed,
 * available, datacenter): gpt-oss-120b 112 rows (llama2-70b-99.9 87, llama3.1-8b 74), Offline 54, Server 53.
 */
const FIRST_VIEW = "v6.1 · datacenter · closed · available · gpt-oss-120b Offline";
const FIRST_VIEW_ROWS = 54;
/** The v6.0 llama2-70b-99 Server view the journeys below know row by row. */
const V60_SERVER = "/results?round=v6.0&model=llama2-70b-99&scenario=Server";

/** Open a page and wait until the client leaves have hydrated (clicks before that would be lost). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator("section[data-ready]").waitFor();
}

function rows(page: Page) {
  return page.getByTestId("result-row");
}

/** Internal result ids of the rows on screen, from their /results/{id} links. */
async function rowIds(page: Page): Promise<string[]> {
  const hrefs = await rows(page)
    .locator('a[href^="/results/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((h) => h.replace("/results/", ""));
}

async function numbersIn(page: Page, column: number): Promise<number[]> {
  const texts = await rows(page).locator(`td:nth-child(${column})`).allInnerTexts();
  return texts.map((t) => Number((t.match(/[\d,.]+/)?.[0] ?? "NaN").replace(/,/g, "")));
}

test.describe("/results", () => {
  test("first view: the data's newest round and headline LLM benchmark, fastest per accelerator first", async ({
    page,
  }) => {
    await open(page, "/results");
    await expect(page.getByRole("heading", { level: 1, name: "Results explorer" })).toBeVisible();
    await expect(page.getByTestId("context-banner")).toContainText(FIRST_VIEW);
    await expect(page.getByTestId("context-banner")).toContainText("derived, not MLPerf metrics");
    await expect(page.getByTestId("result-count")).toContainText(`${FIRST_VIEW_ROWS} results · showing 1–`);
    const per = await numbersIn(page, 4);
    expect(per.length).toBeGreaterThan(5);
    expect([...per].sort((a, b) => b - a)).toEqual(per);
  });

  test("a known view: v6.0 llama2-70b-99 Server, fastest per accelerator first, with counts", async ({ page }) => {
    await open(page, V60_SERVER);
    await expect(page.getByTestId("context-banner")).toContainText(
      "v6.0 · datacenter · closed · available · llama2-70b-99 Server",
    );
    await expect(page.getByTestId("result-count")).toContainText(/\d+ results · showing 1–\d+/);
    await expect(rows(page).first()).toContainText("acc. ·");
    const perHeader = page.getByRole("columnheader", { name: /Per accelerator/ });
    await expect(perHeader).toHaveAttribute("aria-sort", "descending");
    await expect(perHeader).toContainText("derived, not an MLPerf metric");
    // per-accelerator is column 4 in this view (select, system, accelerator, per-acc)
    const per = await numbersIn(page, 4);
    expect(per.length).toBeGreaterThan(5);
    expect([...per].sort((a, b) => b - a)).toEqual(per);
    // the AMD row is there with the thousands separators and the formula behind its derived figure
    const amd = rows(page).filter({ hasText: "8xMI355X_2xEPYC_9575F" }).filter({ hasText: "AMD" }).first();
    await expect(amd).toContainText("100,282");
    await expect(amd.getByRole("button", { name: /12,535/ })).toHaveAttribute(
      "title",
      /100,282 tokens\/s ÷ 8 accelerators/,
    );
  });

  test("filter → the URL changes → reload keeps the state", async ({ page }) => {
    await open(page, V60_SERVER);
    const scenario = page.getByTestId("filter-scenario");
    await scenario.getByRole("checkbox", { name: "Offline" }).check();
    await expect(page).toHaveURL(/[?&]scenario=Offline,Server(&|$)/);
    await scenario.getByRole("checkbox", { name: "Server" }).uncheck();
    await expect(page).toHaveURL(/[?&]scenario=Offline(&|$)/);
    await page.getByTestId("filter-submitter").getByRole("checkbox", { name: "AMD", exact: true }).check();
    await expect(page).toHaveURL(/[?&]submitter=AMD(&|$)/);
    await page.getByRole("radio", { name: "Single node" }).check();
    await expect(page).toHaveURL(/[?&]nodes=single(&|$)/);
    await page.getByRole("searchbox", { name: "Search" }).fill("MI355X");
    await expect(page).toHaveURL(/[?&]q=MI355X(&|$)/);
    await expect(page.getByTestId("context-banner")).toContainText(
      "llama2-70b-99 Offline · AMD · single node · “MI355X”",
    );
    const before = page.url();
    const count = (await page.getByTestId("result-count").textContent()) ?? "";
    expect(count).toMatch(/^[1-9]\d* results?/);
    for (const r of await rows(page).allInnerTexts()) expect(r).toContain("AMD");

    await page.reload();
    await page.locator("section[data-ready]").waitFor();
    expect(page.url()).toBe(before);
    await expect(page.getByTestId("filter-scenario").getByRole("checkbox", { name: "Offline" })).toBeChecked();
    await expect(page.getByTestId("filter-scenario").getByRole("checkbox", { name: "Server" })).not.toBeChecked();
    await expect(
      page.getByTestId("filter-submitter").getByRole("checkbox", { name: "AMD", exact: true }),
    ).toBeChecked();
    await expect(page.getByRole("radio", { name: "Single node" })).toBeChecked();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("MI355X");
    await expect(page.getByTestId("result-count")).toHaveText(count);
  });

  test("sort by clicking a header, and by keyboard", async ({ page }) => {
    // the submitter's own column is behind the column chooser (each system names its submitter)
    await open(page, `${V60_SERVER}&show=submitter`);
    await page.getByRole("button", { name: /^Submitter/ }).click();
    await expect(page).toHaveURL(/sort=submitter&dir=asc/);
    await expect(page.getByRole("columnheader", { name: /Submitter/ })).toHaveAttribute("aria-sort", "ascending");
    // the header follows the click at once (optimistic); the rows once the server's answer is in
    await expect(page.getByTestId("results-table-wrap")).toHaveAttribute("aria-busy", "false");
    const asc = await rows(page).locator("td:nth-child(3)").allInnerTexts();
    expect([...asc].sort((a, b) => a.localeCompare(b))).toEqual(asc);

    await page.getByRole("button", { name: /^Submitter/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]sort=submitter(&|$)/); // desc is the default direction, left out of the URL
    await expect(page.getByRole("columnheader", { name: /Submitter/ })).toHaveAttribute("aria-sort", "descending");
    await expect(page.getByTestId("results-table-wrap")).toHaveAttribute("aria-busy", "false");
    const desc = await rows(page).locator("td:nth-child(3)").allInnerTexts();
    expect([...desc].sort((a, b) => b.localeCompare(a))).toEqual(desc);
  });

  test("raw vs per-accelerator toggle swaps the emphasis and the default sort", async ({ page }) => {
    await open(page, V60_SERVER);
    await page.getByRole("radio", { name: "Raw result" }).check();
    await expect(page).toHaveURL(/[?&]per=raw$/);
    const result = page.getByRole("columnheader", { name: /^Result/ });
    await expect(result).toHaveAttribute("aria-sort", "descending");
    await expect(page.getByTestId("context-banner")).toContainText("published system results first");
    // the raw result is now the first metric column and the table is sorted by it
    const values = await numbersIn(page, 4);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    await page.getByRole("radio", { name: "Per accelerator" }).check();
    await expect(page).toHaveURL(/\/results\?round=v6\.0&model=llama2-70b-99&scenario=Server$/);
  });

  test("select two → Compare (2) links to both ids; selection survives reload", async ({ page }) => {
    await open(page, "/results");
    const ids = (await rowIds(page)).slice(0, 2);
    await rows(page).nth(0).getByRole("checkbox").check();
    await expect(page).toHaveURL(new RegExp(`ids=${ids[0]}`));
    await rows(page).nth(1).getByRole("checkbox").check();
    const link = page.getByRole("link", { name: "Compare (2)" });
    await expect(link).toBeVisible();
    const href = (await link.getAttribute("href")) ?? "";
    expect(href.startsWith("/compare?ids=")).toBe(true);
    expect(href.replace("/compare?ids=", "").split(",").sort()).toEqual([...ids].sort());
    await expect(page).toHaveURL(new RegExp(`ids=${[...ids].sort().join(",")}`));
    await page.reload();
    await page.locator("section[data-ready]").waitFor();
    await expect(page.getByRole("link", { name: "Compare (2)" })).toHaveAttribute("href", href);
    await expect(rows(page).nth(0).getByRole("checkbox")).toBeChecked();
  });

  test("column visibility and paging live in the URL", async ({ page }) => {
    await open(page, "/results?limit=10");
    await expect(page.getByTestId("result-count")).toContainText("showing 1–10");
    await page.locator("summary", { hasText: "Columns" }).click();
    // precision is one of the context chips; its own column is offered by the chooser
    await expect(page.getByRole("columnheader", { name: /^Precision/ })).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Precision" }).check();
    await expect(page).toHaveURL(/show=precision/);
    await expect(page.getByRole("columnheader", { name: /^Precision/ })).toHaveCount(1);
    await page.getByRole("checkbox", { name: "Context" }).uncheck();
    await expect(page).toHaveURL(/hide=context/);
    await expect(page.getByRole("columnheader", { name: /^Context/ })).toHaveCount(0);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("result-count")).toContainText("showing 11–20");
    await expect(page.getByTestId("page-indicator")).toContainText("Page 2 of");
    await expect(page.getByRole("columnheader", { name: /^Precision/ })).toHaveCount(1);
    await expect(page.getByRole("columnheader", { name: /^Context/ })).toHaveCount(0);
  });

  test("the exported CSV holds every row of the view, the known AMD row and its citation, nothing after the rows", async ({
    page,
  }) => {
    await open(page, `${V60_SERVER}&limit=10`);
    const countText = (await page.getByTestId("result-count").textContent()) ?? "";
    const total = Number(countText.replace(/,/g, "").match(/^\d+/)?.[0]);
    expect(total).toBeGreaterThan(10);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^perfcontext-results-v6\.0-llama2-70b-99-Server-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = fs.readFileSync(await download.path(), "utf8");
    const parsed = Papa.parse<Record<string, string>>(text, { delimiter: ",", header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const header = parsed.meta.fields ?? [];
    const body = parsed.data;
    expect(body.length).toBe(total); // all rows of the view, not only the page of 10, and no footnote rows after them
    for (const r of body) expect(Object.keys(r).length).toBe(header.length);
    const amd = body.find((r) => r.submitter === "AMD" && r.platform === "8xMI355X_2xEPYC_9575F");
    expect(amd).toMatchObject({
      resultId: "6.0-0002",
      round: "v6.0",
      model: "llama2-70b-99",
      scenario: "Server",
      value: "100282",
      units: "Tokens/s",
      totalAccelerators: "8",
      validity: "VALID",
      heterogeneous: "false",
    });
    expect(Number(amd?.perAccelerator)).toBeCloseTo(12535.25, 2);
    expect(amd?.perAcceleratorBasis).toContain("derived, not an MLPerf metric");
    expect(amd?.citation).toMatch(
      /^MLPerf® Inference v6\.0 Closed, Datacenter\. Result 6\.0-0002, llama2-70b-99 Server, Available\./,
    );
    expect(amd?.citation).toContain("MLCommons Association");
    for (const cell of body.flatMap((r) => Object.values(r))) expect(cell).not.toMatch(/^[=+@\t\r]/);
  });

  test("a value spelled another way redirects to the canonical URL", async ({ page }) => {
    await page.goto("/results?round=6.0&model=LLAMA2-70B-99&scenario=offline&division=Closed");
    await expect(page).toHaveURL(/\/results\?round=v6\.0&model=llama2-70b-99&scenario=Offline$/);
    await expect(page.getByTestId("result-row").first()).toBeVisible();
    await expect(page.getByTestId("url-issues")).toHaveCount(0);
    const api = await page.request.get("/api/results?round=v6.0&model=LLAMA2-70B-99&scenario=offline");
    expect(api.status()).toBe(200);
    expect(((await api.json()) as { total: number }).total).toBeGreaterThan(0);
    expect((await page.request.get("/api/results?scenario=Nope")).status()).toBe(400);
  });

  test("bad URL parameters fall back to defaults without an error", async ({ page }) => {
    const res = await page.goto(
      "/results?scenario=Nope&page=-3&limit=abc&sort=evil&dir=sideways&per=x&nodes=9&hide=bogus&ids=..%2F",
    );
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId("context-banner")).toContainText(FIRST_VIEW);
    await expect(page.getByTestId("result-count")).toContainText(/results · showing 1–/);
    await expect(page.getByTestId("url-issues")).toContainText("scenario");
    await expect(page.getByRole("columnheader", { name: /Per accelerator/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    // a page past the end says so and links back; it never shows another page in its place
    await open(page, "/results?page=99");
    const past = page.getByTestId("past-last-page");
    await expect(past).toContainText(/^No rows on page 99 of \d+\./);
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByTestId("result-count")).toContainText(/^[1-9][\d,]* results/);
    await expect(page.getByTestId("result-count")).not.toContainText("showing");
    const last = Number((await past.textContent())?.match(/of (\d+)/)?.[1]);
    await past.getByRole("link", { name: `Go to page ${last}` }).click();
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByTestId("page-indicator")).toHaveText(`Page ${last} of ${last}`);
    // the export takes the same bad parameters and still answers with the default view
    const csv = await page.request.get("/results/export?scenario=Nope&limit=abc&sort=evil");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="perfcontext-results-.*\.csv"$/);
  });

  test("an empty view names the filter that emptied it", async ({ page }) => {
    await open(page, "/results?q=no-such-system-zzz");
    const empty = page.getByTestId("empty-state");
    await expect(empty).toContainText("No results match this view");
    await expect(empty).toContainText(/search “no-such-system-zzz” removes all \d+ matches/);
    await empty.getByRole("link", { name: "Drop this filter" }).first().click();
    // the view without the search: the first view, its benchmark and scenario now written out
    await expect(page).toHaveURL(/\/results\?model=gpt-oss-120b&scenario=Offline$/);
    await expect(rows(page).first()).toBeVisible();
  });

  test("an empty view offers the nearest view with rows: v6.1 published llama2-70b only at 99.9", async ({ page }) => {
    await open(page, "/results?model=llama2-70b-99&scenario=Server");
    const empty = page.getByTestId("empty-state");
    await expect(empty).toContainText("No results match this view");
    const near = page.getByTestId("nearest-views");
    await near.getByRole("link", { name: "llama2-70b-99.9 instead of llama2-70b-99" }).click();
    await expect(page).toHaveURL(/[?&]model=llama2-70b-99\.9&scenario=Server(&|$)/);
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByTestId("context-banner")).toContainText("v6.1");
  });

  test("latencies across benchmarks: the page names the units, ranks lowest first in ms and narrows in one click", async ({
    page,
  }) => {
    // the per-accelerator view of a latency scenario: that column is empty for every row
    await open(page, "/results?round=v6.0&scenario=SingleStream&model=all&suite=all");
    await expect(page.getByTestId("sort-note")).toContainText(
      "No row in this view has a per-accelerator figure (a latency is not divided by the accelerator count), so it is sorted by the result instead, lowest latency first.",
    );
    await expect(page.getByRole("columnheader", { name: /^Result/ })).toHaveAttribute("aria-sort", "ascending");
    const notice = page.getByTestId("units-notice");
    await expect(notice).toContainText("Different units are ranked here.");
    await expect(notice).toContainText(/Latency \(ms\) \(\d+\)/);
    await expect(notice).toContainText(/Latency \(s\) \(\d+\)/);
    await expect(notice).toContainText("compared in milliseconds");
    // each benchmark is ranked in its own block, lowest first (wan-2.2's seconds never rank against yolo's ms)
    await expect(page.getByTestId("benchmarks-notice")).toContainText(/These rows span \d+ benchmarks/);
    const seen = await rows(page).evaluateAll((trs) =>
      trs.map((tr) => ({
        model: tr.querySelector('[data-chip="benchmark"]')?.textContent?.replace(/^Benchmark: /, "") ?? "",
        // result is column 5 here (select, system, accelerator, per-acc, result)
        text: tr.querySelector("td:nth-child(5)")?.textContent ?? "",
      })),
    );
    expect(seen.length).toBeGreaterThan(10);
    const blocks: string[] = [];
    for (const r of seen) if (blocks.at(-1) !== r.model) blocks.push(r.model);
    expect(new Set(blocks).size).toBe(blocks.length);
    for (const m of blocks) {
      const ms = seen
        .filter((r) => r.model === m)
        .map((r) => {
          const n = Number((r.text.match(/[\d,.]+/)?.[0] ?? "NaN").replace(/,/g, ""));
          return r.text.includes("Latency (s)") ? n * 1000 : n;
        });
      expect([...ms].sort((a, b) => a - b)).toEqual(ms);
    }
    await notice.getByRole("link", { name: "wan-2.2-t2v-a14b SingleStream" }).click();
    await expect(page).toHaveURL(/[?&]model=wan-2\.2-t2v-a14b&scenario=SingleStream(&|$)/);
    await expect(rows(page).first()).toContainText("Latency (s)");
    await expect(page.getByTestId("units-notice")).toHaveCount(0);

    // the raw view of a latency scenario: best first is ascending, and needs no dir in the URL
    await open(page, "/results?round=v6.0&scenario=SingleStream&model=all&suite=all&per=raw");
    await expect(page.getByRole("columnheader", { name: /^Result/ })).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByTestId("sort-note")).toHaveCount(0);
  });

  test("a benchmark published in two units across rounds is flagged, with a link per round", async ({ page }) => {
    await open(page, "/results?round=all&model=llama3.1-8b&scenario=Interactive&suite=all&per=raw");
    const notice = page.getByTestId("units-notice");
    await expect(notice).toContainText(/These rows mix units: tokens\/s \(\d+\), queries\/s \(\d+\)\./);
    await expect(notice).toContainText(
      "published as queries/s or samples/s but likely on the tokens/s scale, the benchmark's official metric (units-suspect note)",
    );
    await notice.getByRole("link", { name: "v6.0 llama3.1-8b Interactive" }).click();
    await expect(page).toHaveURL(/[?&]round=v6\.0&model=llama3\.1-8b&scenario=Interactive(&|$)/);
    await expect(page.getByTestId("units-notice")).toHaveCount(0);
  });

  test("at 390px the filters fold away and the rows are cards that fit the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/results");
    const filters = page.getByTestId("filters");
    await expect(filters.getByText("Filters", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("filter-scenario")).toBeHidden();
    await filters.locator("summary").click();
    await expect(page.getByTestId("filter-scenario")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // one markup per result: the table's rows are laid out as cards, without the header row
    await expect(page.getByRole("columnheader").first()).toBeHidden();
    await expect(page.getByTestId("result-row").first()).toBeVisible();
    expect(
      await page
        .getByTestId("result-row")
        .first()
        .evaluate((tr) => getComputedStyle(tr).display),
    ).toBe("grid");
  });
});

test("at 390px a result page and the home page fit the screen; their tables scroll inside their own boxes", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const id = await findId(request, { submitter: "AMD", platform: "8xMI355X_2xEPYC_9575F", scenario: "Server" });
  for (const path of [`/results/${id}`, "/"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto(`/results/${id}`);
  await expect(page.getByTestId("other-rounds").locator("tbody tr").first()).toBeVisible();
});
