// GET /api/overview (issue 30; ../shared/CONTRACT.md): per system, tokens per accelerator-hour and cost at a service
// level, over the real v6.0 summary and the real 8×MI300X LoadGen bake-off, on each store db/test-stores.ts lists.
// Expected values by hand from the summary rows (see lib/overview/overview.test.ts for the arithmetic).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { saveBakeoffUpload } from "@/db/bakeoff";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { stores } from "@/db/test-stores";
import type { OverviewRow } from "@/lib/overview";
import { sharedPath } from "@/lib/shared-data";
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

const SERVER = ["bakeoff", "mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server", "mlperf_log_summary.txt"];

interface Body {
  benchmark: string;
  rows: OverviewRow[];
  notes: string[];
  error?: { message: string; field: string };
}

async function get(query: string): Promise<{ status: number; body: Body }> {
  const r = await GET(new Request(`http://x/api/overview?${query}`));
  return { status: r.status, body: (await r.json()) as Body };
}

describe.each(stores())("$name store", ({ open }) => {
  let upload = "";
  let h: DbHandle;
  beforeAll(async () => {
    h = await open();
    store.h = h;
    expect((await runImport(h, [sharedPath("mlperf", "summary", "v6.0.summary_results.json")])).rejected).toBe(0);
    const name = SERVER.slice(2).join("/");
    const text = readFileSync(sharedPath(...SERVER), "utf8");
    upload = (await saveBakeoffUpload(h, { files: [{ name, text }], label: "MI300X LoadGen", accelerators: 8 })).id;
  });
  afterAll(async () => {
    store.h = null;
    await h.close();
  });

  it("llama2-70b-99 at 25 tokens/s per user and 450 ms: Interactive rows meet, with cost; a bake-off beside them", async () => {
    const { status, body } = await get(
      `benchmark=llama2-70b-99&tpsPerUser=25&ttftMs=450&pricePerAccHour=2&bakeoff=${upload}`,
    );
    expect(status).toBe(200);
    expect(body.benchmark).toBe("llama2-70b-99");
    const amd = body.rows.find((r) => r.system === "smci355-ccs-aus-m09-17 (AS -4126GS-NMR-LCC)");
    // 6.0-0002 Interactive 73,608.2 tokens/s ÷ 8 × 3600 = 33,123,690; $2 ÷ 33,123,690 × 1e6 = $0.060380
    expect(amd).toMatchObject({ submitter: "AMD", meets: true, basis: { kind: "result", point: "Interactive" } });
    expect(amd?.tokensPerAccHour).toBeCloseTo(33_123_690, 0);
    expect(amd?.costPerMTokens).toBeCloseTo(0.06038, 5);
    expect(amd?.energyPerMTokensKWh).toBeNull();
    // 6.0-0010 Cisco B300 has no Interactive result: a row that says so, no figure
    const cisco = body.rows.find((r) => r.system.startsWith("Cisco UCS C880A M8"));
    expect(cisco).toMatchObject({ meets: false, tokensPerAccHour: null, costPerMTokens: null });
    expect(cisco?.why).toMatch(/No published point meets/);
    // the bake-off: p99 TTFT 1,914.6 ms misses 450 ms; unverified
    const mine = body.rows.find((r) => r.basis.kind === "bakeoff");
    expect(mine).toMatchObject({ meets: false, verified: false, basis: { id: upload } });
    // meeting rows first, most tokens per accelerator-hour first
    const firstMiss = body.rows.findIndex((r) => !r.meets);
    expect(body.rows.slice(firstMiss).every((r) => !r.meets)).toBe(true);
    const figures = body.rows.slice(0, firstMiss).map((r) => r.tokensPerAccHour ?? 0);
    expect(figures).toEqual([...figures].sort((a, b) => b - a));
    expect(body.notes.join(" ")).toMatch(/Unverified results have not been through an MLPerf® review/);
  });

  it("at 5 tokens/s per user and 2000 ms the bake-off meets (24,593.77 ÷ 8 × 3600 = 11,067,196.5)", async () => {
    const { body } = await get(`benchmark=llama2-70b-99&tpsPerUser=5&ttftMs=2000&bakeoff=${upload}`);
    const mine = body.rows.find((r) => r.basis.kind === "bakeoff");
    expect(mine?.meets).toBe(true);
    expect(mine?.tokensPerAccHour).toBeCloseTo(11_067_196.5, 0);
  });

  it.each([
    ["an unknown key", "benchmark=llama2-70b-99&speed=3", "speed"],
    ["a zero speed", "benchmark=llama2-70b-99&tpsPerUser=0", "tpsPerUser"],
    ["a benchmark with no token limits", "benchmark=resnet", "benchmark"],
    ["a negative price", "benchmark=gpt-oss-120b&pricePerAccHour=-1", "pricePerAccHour"],
  ])("400 for %s, naming the field", async (_w, q, field) => {
    const { status, body } = await get(q);
    expect(status).toBe(400);
    expect(body.error?.field).toBe(field);
  });

  it("freezes: POST /api/snapshots {kind:overview} stores the rows as the API computed them, under the canonical query", async () => {
    const q = `ttftMs=450&benchmark=llama2-70b-99&tpsPerUser=25&pricePerAccHour=2`;
    const live = await get(q);
    const res = await freeze(
      new Request("http://x/api/snapshots", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind: "overview", query: `/overview?${q}` }),
      }),
    );
    expect(res.status).toBe(201);
    const made = (await res.json()) as { token: string; url: string; query: string };
    expect(made.query).toBe("benchmark=llama2-70b-99&pricePerAccHour=2");
    const back = await getSnapshot(new Request(`http://x${made.url}`), {
      params: Promise.resolve({ token: made.token }),
    });
    const stored = (await back.json()) as { kind: string; payload: { rows: OverviewRow[] } };
    expect(stored.kind).toBe("overview");
    expect(stored.payload.rows).toEqual(live.body.rows);
  });
});
