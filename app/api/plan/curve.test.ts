// GET /api/plan with an MLPerf Endpoints curve as a basis (CONTRACT: bases include kind "curve"), on each store: the
// shared fixture curve (MLCommons' SYNTHETIC checker data) planned from the step the rules allow; beside a result of
// another benchmark it gets the same block as any two bases of different benchmarks; an unknown curve is a 400.
// Figures by hand in lib/plan/curve-basis.test.ts (chat preset: step r128, 30 accelerators, 5 nodes).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { storeUnderTest as store } from "@/db/store-under-test";
import { stores } from "@/db/test-stores";
import type { PlanJson } from "@/lib/plan";
import { sharedPath } from "@/lib/shared-data";
import * as snapOne from "../snapshots/[token]/route";
import * as snapshots from "../snapshots/route";
import { GET } from "./route";

vi.mock("@/db/client", async (original) =>
  (await import("@/db/store-under-test")).mockClient(await original<typeof import("@/db/client")>()),
);

const CURVE = "4cd004b508ffa730";

async function get(query: string) {
  const r = await GET(new Request(`http://x/api/plan?${query}`));
  return { status: r.status, body: (await r.json()) as PlanJson & { error?: { message: string; field: string } } };
}

describe.each(stores())("$name store", ({ open }) => {
  let h: DbHandle;
  let llama = "";
  beforeAll(async () => {
    h = await open();
    store.h = h;
    const r = await runImport(h, [
      sharedPath("endpoints"),
      sharedPath("mlperf", "summary", "v6.0.summary_results.json"),
    ]);
    expect(r.rejected).toBe(0);
    const row = await h.x.get<{ id: string }>(
      "select id from results where benchmark = 'llama2-70b-99' and scenario = 'Server' order by id limit 1",
      [],
    );
    llama = row?.id ?? "";
  });
  afterAll(async () => {
    await h.close();
    store.h = null;
  });

  it("a curve alone: one base of kind curve, planned from step r128 under the chat preset", async () => {
    const { status, body } = await get(`curve=${CURVE}`);
    expect(status).toBe(200);
    expect(body.bases).toHaveLength(1);
    const [b] = body.bases;
    expect(b).toMatchObject({
      kind: "curve",
      id: CURVE,
      usable: true,
      reason: null,
      benchmark: "gpt-oss-120b",
      nodes: 5,
    });
    expect(b?.steps[0]?.formula).toMatch(/^measured step r128/);
  });

  it("a curve beside a llama2-70b result: the benchmark block names both", async () => {
    const { body } = await get(`basis=${llama}&curve=${CURVE}`);
    expect(body.bases.map((b) => b.kind)).toEqual(["result", "curve"]);
    const f = body.flags.find((x) => x.code === "benchmark");
    expect(f?.severity).toBe("block");
    expect(f?.ids).toEqual([llama, CURVE].sort());
  });

  it("an unknown curve is a 400 naming the curve field", async () => {
    const { status, body } = await get("curve=0000000000000000");
    expect([status, body.error?.field]).toEqual([400, "curve"]);
  });

  it("a plan on a curve freezes, and reads back with its curve basis", async () => {
    const made = await snapshots.POST(
      new Request("http://x/api/snapshots", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind: "plan", query: `/plan?curve=${CURVE}` }),
      }),
    );
    expect(made.status).toBe(201);
    const { token } = (await made.json()) as { token: string };
    const back = await snapOne.GET(new Request(`http://x/api/snapshots/${token}`), {
      params: Promise.resolve({ token }),
    });
    const body = (await back.json()) as { payload: { plans: { basis: { kind: string; id: string } }[] } };
    expect(body.payload.plans.map((p) => [p.basis.kind, p.basis.id])).toEqual([["curve", CURVE]]);
  });
});
