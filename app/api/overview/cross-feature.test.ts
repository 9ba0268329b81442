// Issue 30: one judgment across GET /api/overview, the page, the frozen overview, its OG card and the print layout.
// Real v6.1 summary (../shared/data/mlperf/summary/v6.1.summary.csv) imported into each store db/test-stores.ts
// lists; gpt-oss-120b at Server's level (12.5 tokens/s per user, TTFT 3000 ms), $3 per accelerator-hour, input weight
// 0.5. Hand values (CoreWeave GB300 NVL72, the row with the most tokens per accelerator-hour there):
//   Server 1,160,490 tokens/s ÷ 72 accelerators × 3600 = 58,024,500 output tokens per accelerator-hour ("58 M");
//   $3 × 1e6 ÷ 58,024,500 = $0.0517023 per million output tokens ("$0.052"), all on output: gpt-oss-120b has no cited
//   mean input per sample (language/gpt-oss-120b/README.md states only the TEST09 mean output, 1278.20 tokens).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OverviewOgCard } from "@/components/overview/overview-og-card";
import { OverviewReport, type OverviewReportData } from "@/components/overview/overview-report";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { stores } from "@/db/test-stores";
import type { OverviewRow } from "@/lib/overview";
import { sharedPath } from "@/lib/shared-data";
import { loadOverview, presetName } from "../../overview/load";
import { GET as getSnapshot } from "../snapshots/[token]/route";
import { POST as freeze } from "../snapshots/route";
import { GET } from "./route";

const store = vi.hoisted(() => ({ h: null as import("@/db/client").DbHandle | null }));
vi.mock("@/db/client", async (original) => ({
  ...(await original<typeof import("@/db/client")>()),
  getStore: async () => {
    if (!store.h) throw new Error("no store under test");
    return store.h;
  },
}));

const Q = "benchmark=gpt-oss-120b&tpsPerUser=12.5&ttftMs=3000&pricePerAccHour=3&inputWeight=0.5";
const COREWEAVE = "CoreWeave GB300 NVL72 (72x GB300-288GB_aarch64)";
const html = (data: OverviewReportData) => renderToStaticMarkup(createElement(OverviewReport, { data }));

describe.each(stores())("$name store", ({ open }) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await open();
    store.h = h;
    expect((await runImport(h, [sharedPath("mlperf", "summary", "v6.1.summary.csv")])).rejected).toBe(0);
  });
  afterAll(async () => {
    store.h = null;
    await h.close();
  });

  it("API, page, frozen view, OG card and print state the same figures", async () => {
    // the API
    const api = (await (await GET(new Request(`http://x/api/overview?${Q}`))).json()) as {
      rows: OverviewRow[];
      notes: string[];
      pricing: { inputWeight: number };
    };
    const row = api.rows.find((r) => r.system === COREWEAVE);
    expect(row?.tokensPerAccHour).toBeCloseTo(58_024_500, 0);
    expect(row?.costPerMTokens).toBeCloseTo(0.0517023, 6);
    expect(row?.split).toMatchObject({ mix: null, inputPerM: null, outputPerM: null, blendedPerM: null });
    expect(row?.split.why).toMatch(/MLCommons states no mean input tokens per sample/);
    expect(api.pricing.inputWeight).toBe(0.5);
    expect(api.notes.join(" ")).toMatch(/w = 0\.5/);
    expect(api.notes.join(" ")).toMatch(/gpt-oss-120b is not priced apart.*1,278\.2 tokens per sample/);

    // the page: the report /overview renders from the same load
    const d = await loadOverview(h, new URLSearchParams(Q));
    const live: OverviewReportData = {
      benchmark: d.benchmark,
      presetName: presetName(d.inputs),
      level: d.inputs.level,
      pricing: d.inputs.pricing,
      rows: d.rows,
      notes: d.notes,
    };
    expect(d.rows).toEqual(api.rows);
    const page = html(live);
    expect(page).toContain(">58 M<");
    expect(page).toContain(">$0.052<");
    expect(page).toContain(">all on output<");
    // print: the same table, shown on paper (print:table), the cards hidden (print:hidden)
    expect(page).toContain("print:table");

    // frozen: the stored rows are the API's, and the frozen report renders the same markup as the live one
    const res = await freeze(
      new Request("http://x/api/snapshots", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind: "overview", query: `/overview?${Q}` }),
      }),
    );
    expect(res.status).toBe(201);
    const made = (await res.json()) as { token: string; url: string };
    const back = await getSnapshot(new Request(`http://x${made.url}`), {
      params: Promise.resolve({ token: made.token }),
    });
    const stored = ((await back.json()) as { payload: OverviewReportData }).payload;
    expect(stored.rows).toEqual(api.rows);
    expect(stored.notes).toEqual(api.notes);
    expect(stored.pricing.inputWeight).toBe(0.5);
    expect(html(stored)).toBe(page);

    // the OG card, live and frozen: the top row with the same figures
    for (const data of [live, stored]) {
      const og = renderToStaticMarkup(createElement(OverviewOgCard, { data, frozen: null }));
      expect(og).toContain("58 M tok/acc-h");
      expect(og).toContain("$0.052/M all on output");
    }
  });
});
