// One benchmark across rounds and formats, in real Chromium over the e2e database (every file of
// ../shared/data/mlperf): v6.0's summary_results.json names qwen3-vl-235b-a22b and wan-2.2-t2v-a14b, v6.1's checker
// summary.csv calls them VLM and text_to_video. Filters, related results, compare and the bake-off model picker must
// each see one benchmark. Row counts from the files (python): qwen3-vl v6.0 16 + v6.1 47; wan v6.0 17 + v6.1 30.
import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { sharedPath } from "../lib/shared-data";

const CASES = [
  { id: "qwen3-vl-235b-a22b", published61: "VLM", v60: 16, v61: 47 },
  { id: "wan-2.2-t2v-a14b", published61: "text_to_video", v60: 17, v61: 30 },
] as const;

interface Row {
  id: string;
  round: string;
  model: string;
  benchmark: string;
  scenario: string;
  division: string;
  accelerator: string | null;
  totalAccelerators: number | null;
}

async function api(request: APIRequestContext, query: string): Promise<{ total: number; rows: Row[] }> {
  const res = await request.get(`/api/results?${query}`);
  expect(res.ok(), query).toBe(true);
  return (await res.json()) as { total: number; rows: Row[] };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator("section[data-ready]").waitFor();
}

/** A v6.1 row and a v6.0 row of the benchmark on the same hardware, scenario and division (found by published names). */
async function pairAcrossRounds(request: APIRequestContext, c: (typeof CASES)[number]): Promise<[Row, Row]> {
  const a = await api(request, `round=v6.1&model=${c.published61}&limit=500`);
  const b = await api(request, `round=v6.0&model=${c.id}&limit=500`);
  for (const x of a.rows)
    for (const y of b.rows)
      if (
        x.model === c.published61 &&
        y.model === c.id &&
        x.accelerator === y.accelerator &&
        x.totalAccelerators === y.totalAccelerators &&
        x.scenario === y.scenario &&
        x.division === y.division
      )
        return [x, y];
  throw new Error(`no v6.0/v6.1 pair of ${c.id} on the same hardware`);
}

for (const c of CASES) {
  test.describe(`${c.id} (v6.1: ${c.published61})`, () => {
    test("the API gives one benchmark under either name", async ({ request }) => {
      const byId = await api(request, `round=v6.0,v6.1&model=${c.id}&limit=500`);
      const byPublished = await api(request, `round=v6.0,v6.1&model=${encodeURIComponent(c.published61)}&limit=500`);
      expect(byId.total).toBe(c.v60 + c.v61);
      expect(byPublished.total).toBe(byId.total);
      expect(new Set(byId.rows.map((r) => r.benchmark))).toEqual(new Set([c.id]));
      expect(new Set(byId.rows.map((r) => r.model))).toEqual(new Set([c.id, c.published61]));
    });

    // one journey through the three pages (a journey each cost a browser context and renderer apiece)
    test("filters, related results and compare each see one benchmark", async ({ page, request }) => {
      await test.step("filters: one entry, both rounds' rows; the published name redirects to it", async () => {
        await open(page, `/results?round=v6.0,v6.1&model=${c.id}&scenario=all&suite=all&division=all&availability=all`);
        await expect(page.getByTestId("result-count")).toContainText(`${c.v60 + c.v61} results`);
        const list = page.getByTestId("filter-model");
        await expect(list.getByRole("checkbox", { name: c.id, exact: true })).toBeChecked();
        await expect(list.getByRole("checkbox", { name: c.published61, exact: true })).toHaveCount(0);
        await open(page, `/results?round=v6.1&model=${encodeURIComponent(c.published61)}&scenario=all`);
        await expect(page).toHaveURL(new RegExp(`[?&]model=${c.id.replace(/\./g, "\\.")}(&|$)`));
        await expect(page.getByTestId("result-row").first()).toBeVisible();
      });
      const [v61, v60] = await pairAcrossRounds(request, c);
      await test.step("related results: a v6.1 result lists the same hardware's v6.0 result", async () => {
        await page.goto(`/results/${v61.id}`);
        const other = page.getByTestId("other-rounds");
        await expect(other.locator(`a[href="/results/${v60.id}"]`).first()).toBeVisible();
      });
      await test.step("compare: the two rounds' results are the same benchmark (no different-benchmarks block)", async () => {
        const res = await request.get(`/api/compare?ids=${v61.id},${v60.id}`);
        expect(res.ok()).toBe(true);
        const body = (await res.json()) as { flags: { code: string; severity: string }[] };
        expect(body.flags.map((f) => f.code)).not.toContain("benchmark");
        expect(body.flags.filter((f) => f.severity === "block")).toEqual([]);
        await page.goto(`/compare?ids=${v61.id},${v60.id}`);
        await expect(page.getByText(/Different benchmarks/)).toHaveCount(0);
      });
    });
  });
}

test("bake-off model picker: each benchmark once, under its canonical name, with both rounds", async ({
  page,
  request,
}) => {
  const res = await request.post("/api/bakeoff", {
    multipart: {
      file: {
        name: "run.json",
        mimeType: "application/json",
        buffer: await readFile(sharedPath("bakeoff", "vllm", "run=0.json")),
      },
      accelerators: "8",
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  for (const c of CASES) {
    // a family given by its v6.1 name is read as the benchmark's family
    await page.goto(`/bakeoff/${id}?family=${encodeURIComponent(c.published61)}`);
    const select = page.getByTestId("family-select");
    const options = await select.locator("option").allInnerTexts();
    expect(options.filter((o) => o.startsWith(c.id))).toHaveLength(1);
    expect(options.some((o) => o.startsWith(c.published61))).toBe(false);
    await expect(select).toHaveValue(c.id);
    const rounds = await page.getByTestId("round-select").locator("option").allInnerTexts();
    expect(rounds.some((o) => o.includes("v6.1"))).toBe(true);
    expect(rounds.some((o) => o.includes("v6.0"))).toBe(true);
  }
});
