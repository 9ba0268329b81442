// Issue 30: one judgment across GET /api/overview, the page, the frozen overview, its OG card and the print layout.
// Real v6.1 summary (../shared/data/mlperf/summary/v6.1.summary.csv) imported into each store db/test-stores.ts
// lists; gpt-oss-120b at Server's level (12.5 tokens/s per user, TTFT 3000 ms), $3 per accelerator-hour, input weight
// 0.5. Hand values (CoreWeave GB300 NVL72, the row with the most tokens per accelerator-hour there):
//   Server 1,160,490 tokens/s ÷ 72 accelerators × 3600 = 58,024,500 output tokens per accelerator-hour ("58 M");
//   $3 × 1e6 ÷ 58,024,500 = $0.0517023 per million output tokens ("$0.052"), all on output: gpt-oss-120b has no cited
//   mean input per sample (language/gpt-oss-120b/README.md states only the TEST09 mean output, 1278.20 tokens).
// An Endpoints curve is split on the mix its own system_desc.json states. The shared Endpoints fixture
// (../shared/data/endpoints/test_submissions/sub_a, gpt-oss-120b on 8 accelerators) is MLCommons' synthetic checker
// data, never a basis under test_submissions/; its files are copied unchanged to a folder of another name so the
// pricing can be checked on them. Hand values, at the same level, $3 per accelerator-hour, w = 0.5:
//   steps meeting TTFT ≤ 3000 ms (P90) and ≥ 12.5 tokens/s per user (all 181.8): r4 163 ms, r16 135 ms, r128 243 ms;
//   the highest throughput of them is r128: 22,407,098 output tokens ÷ 3,940.004920032 s = 5,687.0736 tokens/s;
//   ÷ 8 accelerators = 710.8842 tokens/s per accelerator × 3600 = 2,559,183 output tokens per accelerator-hour;
//   all on output: $3 × 1e6 ÷ 2,559,183 = $1.172249 per million output tokens;
//   r128/system_desc.json: input_token_average 870.0, output_token_average 128.0 → 1 + 0.5 × 870/128 = 4.3984375;
//   output $1.172249 ÷ 4.3984375 = $0.266515, input 0.5 × that = $0.133257 per million tokens;
//   blended for the default shape (short chat, 550 in / 150 out): (550 × 0.133257 + 150 × 0.266515) ÷ 700 = $0.161813.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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
import { loadOverview, overviewReportData } from "../../overview/load";
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
const SUB_A = sharedPath("endpoints", "test_submissions", "sub_a");
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
    const live = overviewReportData(d);
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

  it("an Endpoints curve row is split on its system_desc.json mix, the same in API, page, frozen view and OG card", async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "overview-curve-")), "curve_basis", "sub_a");
    fs.cpSync(SUB_A, dir, { recursive: true });
    expect((await runImport(h, [dir])).rejected).toBe(0);
    const Qc = `${Q}&preset=chat`;
    const api = (await (await GET(new Request(`http://x/api/overview?${Qc}`))).json()) as { rows: OverviewRow[] };
    const row = api.rows.find((r) => r.source === "curve");
    expect(row?.basis.point).toBe("r128");
    expect(row?.tokensPerAccHour).toBeCloseTo(2_559_183, 0);
    expect(row?.costPerMTokens).toBeCloseTo(1.172249, 6);
    expect(row?.split.mix).toMatchObject({ inTok: 870, outTok: 128 });
    expect(row?.split.mix?.source).toMatch(/stated by the submission's system_desc\.json/);
    expect(row?.split.outputPerM).toBeCloseTo(0.266515, 6);
    expect(row?.split.inputPerM).toBeCloseTo(0.133257, 6);
    expect(row?.split.blendedPerM).toBeCloseTo(0.161813, 6);

    const d = await loadOverview(h, new URLSearchParams(Qc));
    expect(d.rows).toEqual(api.rows);
    const live = overviewReportData(d);
    const page = html(live);
    expect(page).toContain(">2.56 M<");
    expect(page).toMatch(/output <span class="font-semibold">\$0\.27<\/span> · input \$0\.13/);
    expect(page).toContain("blended $0.16");

    const res = await freeze(
      new Request("http://x/api/snapshots", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind: "overview", query: `/overview?${Qc}` }),
      }),
    );
    const made = (await res.json()) as { token: string; url: string };
    const back = await getSnapshot(new Request(`http://x${made.url}`), {
      params: Promise.resolve({ token: made.token }),
    });
    const stored = ((await back.json()) as { payload: OverviewReportData }).payload;
    expect(stored.rows).toEqual(api.rows);
    expect(html(stored)).toBe(page);
    // the OG card lists the top four meeting rows (the GB300 rows here): given the curve row alone, it states its split
    for (const data of [live, stored]) {
      const only = { ...data, rows: data.rows.filter((r) => r.source === "curve") };
      const og = renderToStaticMarkup(createElement(OverviewOgCard, { data: only, frozen: null }));
      expect(og).toContain("out $0.27/M · in $0.13/M");
    }
  });
});
