// Issue 30, one judgment for cost per million tokens: the same Endpoints curve, price and input weight give the same
// $/M figures on GET /api/plan (the basis's own cost) and GET /api/overview, on each store. The shared Endpoints
// fixture (../shared/data/endpoints/test_submissions/sub_a) is MLCommons' synthetic checker data, never an overview
// basis under test_submissions/; its files are copied unchanged under another folder name, as in
// app/api/overview/cross-feature.test.ts. Hand values (chat preset: 550 in / 150 out; the planner's chat SLO and the
// overview's level below both land on step r128), $3 per accelerator-hour, w = 0.5:
//   r128: 22,407,098 output tokens ÷ 3,940.004920032 s = 5,687.0736 tokens/s ÷ 8 accelerators × 3600
//   = 2,559,183 tokens per accelerator-hour; all on output $3 × 1e6 ÷ 2,559,183 = $1.172249 per million;
//   system_desc.json 870.0 in / 128.0 out: 1 + 0.5 × 870/128 = 4.3984375 → output $0.266515, input $0.133257;
//   blended over 550 in / 150 out: (550 × 0.133257 + 150 × 0.266515) ÷ 700 = $0.161813.
// A published result (gpt-oss-120b: no cited mean input) stays all on output on /plan with the overview's reason.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { storeUnderTest as store } from "@/db/store-under-test";
import { stores } from "@/db/test-stores";
import type { OverviewRow } from "@/lib/overview";
import type { PlanJson } from "@/lib/plan";
import { sharedPath } from "@/lib/shared-data";
import { GET as overview } from "../overview/route";
import { GET as plan } from "./route";

vi.mock("@/db/client", async (original) =>
  (await import("@/db/store-under-test")).mockClient(await original<typeof import("@/db/client")>()),
);

const CURVE = "4cd004b508ffa730";

describe.each(stores())("$name store", ({ open }) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await open();
    store.h = h;
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "plan-cost-")), "curve_basis", "sub_a");
    fs.cpSync(sharedPath("endpoints", "test_submissions", "sub_a"), dir, { recursive: true });
    const r = await runImport(h, [dir, sharedPath("mlperf", "summary", "v6.1.summary.csv")]);
    expect(r.rejected).toBe(0);
  });
  afterAll(async () => {
    await h.close();
    store.h = null;
  });

  it("a curve basis: the same $/M input, output and blended on /api/plan and /api/overview", async () => {
    const p = (await (
      await plan(new Request(`http://x/api/plan?curve=${CURVE}&price=3&inputWeight=0.5`))
    ).json()) as PlanJson;
    const c = p.bases[0]?.basisCost;
    expect(c?.allOnOutput).toBeCloseTo(1.172249, 6);
    expect(c?.mix).toMatchObject({ inTok: 870, outTok: 128 });
    expect(c?.outputPerM).toBeCloseTo(0.266515, 6);
    expect(c?.inputPerM).toBeCloseTo(0.133257, 6);
    expect(c?.blendedPerM).toBeCloseTo(0.161813, 6);
    expect(p.bases[0]?.steps.map((s) => s.key)).toContain("cost-mtok-split");

    const q = "benchmark=gpt-oss-120b&tpsPerUser=12.5&ttftMs=3000&pricePerAccHour=3&inputWeight=0.5&preset=chat";
    const o = (await (await overview(new Request(`http://x/api/overview?${q}`))).json()) as { rows: OverviewRow[] };
    const row = o.rows.find((r) => r.source === "curve");
    expect(row?.basis.point).toBe("r128");
    expect(row?.costPerMTokens).toBe(c?.allOnOutput);
    expect(row?.split.outputPerM).toBe(c?.outputPerM);
    expect(row?.split.inputPerM).toBe(c?.inputPerM);
    expect(row?.split.blendedPerM).toBe(c?.blendedPerM);
  });

  it("the default weight is 0.25 on both; a bad weight is the overview's message", async () => {
    const p = (await (await plan(new Request(`http://x/api/plan?curve=${CURVE}&price=3`))).json()) as PlanJson;
    // 1 + 0.25 × 870/128 = 2.69921875 → output $1.172249 ÷ 2.69921875 = $0.434292
    expect(p.bases[0]?.basisCost?.weight).toBe(0.25);
    expect(p.bases[0]?.basisCost?.outputPerM).toBeCloseTo(0.434292, 6);
    const bad = await plan(new Request(`http://x/api/plan?curve=${CURVE}&price=3&inputWeight=20`));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(
      /input token costing over 10 output tokens is implausible/,
    );
  });

  it("a published gpt-oss-120b basis stays all on output, with the overview's reason", async () => {
    const id = await h.x.get<{ id: string }>(
      "select id from results where benchmark = 'gpt-oss-120b' and scenario = 'Server' order by id limit 1",
      [],
    );
    const p = (await (await plan(new Request(`http://x/api/plan?basis=${id?.id}&price=3`))).json()) as PlanJson;
    const c = p.bases[0]?.basisCost;
    expect(c?.mix).toBeNull();
    expect(c?.inputPerM).toBeNull();
    expect(c?.why).toMatch(/Not priced apart: MLCommons states no mean input tokens per sample/);
  });
});
