// A comparison with an MLPerf Endpoints curve, on each store: GET /api/compare?ids=…&curves=… serves the curve beside
// the result with the judge's curve flags; freezing it (POST /api/snapshots) stores exactly that payload, read back
// by GET /api/snapshots/{token} and exported from the frozen payload one row per point. The curve is the shared
// fixture (MLCommons' SYNTHETIC checker data, 7 points); the result a real v6.1 gpt-oss-120b Server row.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { storeUnderTest as store } from "@/db/store-under-test";
import { stores } from "@/db/test-stores";
import { resetRateLimits } from "@/lib/http/write-guard";
import { sharedPath } from "@/lib/shared-data";
import * as snapCsv from "../snapshots/[token]/csv/route";
import * as snapOne from "../snapshots/[token]/route";
import * as snapshots from "../snapshots/route";
import * as compare from "./route";

vi.mock("@/db/client", async (original) =>
  (await import("@/db/store-under-test")).mockClient(await original<typeof import("@/db/client")>()),
);

// the fixture curve's id (lib/endpoints/curve.ts: FNV-1a 64 of its series key and cohort 2026-10-C1)
const CURVE = "4cd004b508ffa730";

async function json(res: Response | Promise<Response>) {
  const r = await res;
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe.each(stores())("$name store", ({ open }) => {
  let h: DbHandle;
  let server: string;
  beforeAll(async () => {
    h = await open();
    store.h = h;
    const r = await runImport(h, [sharedPath("endpoints"), sharedPath("mlperf", "summary", "v6.1.summary.csv")]);
    expect(r.rejected).toBe(0);
    const row = await h.x.get<{ id: string }>(
      "select id from results where benchmark = 'gpt-oss-120b' and scenario = 'Server' order by id limit 1",
      [],
    );
    server = row?.id ?? "";
    expect(server).toMatch(/^[0-9a-z]{16}$/);
  });
  afterAll(async () => {
    resetRateLimits();
    await h.close();
    store.h = null;
  });

  it("GET /api/compare with curves=: the curve beside the result, its flags the judge's; a results-only query unchanged", async () => {
    const { status, body } = await json(compare.GET(new Request(`http://x/api/compare?ids=${server}&curves=${CURVE}`)));
    expect(status).toBe(200);
    const curves = body.curves as { id: string; points: unknown[]; synthetic: boolean }[];
    expect(curves.map((c) => [c.id, c.points.length, c.synthetic])).toEqual([[CURVE, 7, true]]);
    const flags = body.flags as { code: string; severity: string; ids: string[] }[];
    expect(flags.find((f) => f.code === "latency-percentile")?.severity).toBe("block");
    for (const code of ["suite", "kv-cache-reuse", "network"])
      expect(flags.find((f) => f.code === code)?.severity, code).toBe("warn");
    expect(flags.find((f) => f.code === "peer-review-pending")?.ids).toEqual([CURVE]);
    const alone = await json(compare.GET(new Request(`http://x/api/compare?ids=${server}`)));
    expect(alone.body.curves).toEqual([]);
    expect((alone.body.flags as { code: string }[]).some((f) => f.code === "latency-percentile")).toBe(false);
  });

  it("an unknown or malformed curve id is a 400 naming the curves field", async () => {
    const unknown = await json(compare.GET(new Request(`http://x/api/compare?curves=0000000000000000`)));
    expect([unknown.status, (unknown.body.error as { field: string }).field]).toEqual([400, "curves"]);
    const bad = await json(compare.GET(new Request(`http://x/api/compare?curves=NOT-AN-ID`)));
    expect([bad.status, (bad.body.error as { field: string }).field]).toEqual([400, "curves"]);
  });

  it("freezing it stores exactly what /api/compare served; the frozen curves export one row per point", async () => {
    const live = await json(compare.GET(new Request(`http://x/api/compare?ids=${server}&curves=${CURVE}`)));
    const made = await json(
      snapshots.POST(
        new Request("http://x/api/snapshots", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ kind: "compare", query: `/compare?curves=${CURVE}&ids=${server}` }),
        }),
      ),
    );
    expect(made.status).toBe(201);
    // the canonical query: ids, then bakeoff, then curves
    expect(made.body.query).toBe(`ids=${server}&curves=${CURVE}`);
    const token = made.body.token as string;
    const ctx = { params: Promise.resolve({ token }) };
    const back = await json(snapOne.GET(new Request(`http://x/api/snapshots/${token}`), ctx));
    expect(back.status).toBe(200);
    // importedAt is the store's own write time, the same row read twice
    expect(back.body.payload).toEqual(live.body);
    const csv = await snapCsv.GET(new Request(`http://x/api/snapshots/${token}/csv`), ctx);
    const lines = (await csv.text()).trim().split("\r\n");
    // a header and the fixture's 7 points (r4, r16, r64, r128, r512, r1024, r2048)
    expect(lines).toHaveLength(8);
    expect(lines[1]).toMatch(new RegExp(`^${CURVE},endpoints,v1\\.0,`));
    const rows = await json(snapCsv.GET(new Request(`http://x/api/snapshots/${token}/csv?format=json`), ctx));
    expect((rows.body as unknown as { concurrency: number }[]).map((r) => r.concurrency)).toEqual([
      4, 16, 64, 128, 512, 1024, 2048,
    ]);
  });
});
