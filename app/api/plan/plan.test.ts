// GET /api/plan (issue 25, Build 4; ../shared/CONTRACT.md): the plan a planner shares, as JSON, over the real v6.0
// summary and real bake-off files, on each store db/test-stores.ts lists. Expected values by hand: an INVALID
// bake-off run is not usable and says which checks LoadGen failed; two benchmarks as bases give a block.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { saveBakeoffUpload } from "@/db/bakeoff";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { getResults } from "@/db/queries/results";
import { storeUnderTest as store } from "@/db/store-under-test";
import { stores } from "@/db/test-stores";
import type { PlanJson } from "@/lib/plan";
import { sharedPath } from "@/lib/shared-data";
import { API_DEFAULTS } from "@/lib/url-state";
import { GET } from "./route";

vi.mock("@/db/client", async (original) =>
  (await import("@/db/store-under-test")).mockClient(await original<typeof import("@/db/client")>()),
);

const SERVER = ["bakeoff", "mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server", "mlperf_log_summary.txt"];

async function get(query: string) {
  const r = await GET(new Request(`http://x/api/plan?${query}`));
  return { status: r.status, body: (await r.json()) as PlanJson & { error?: { message: string; field: string } } };
}

describe.each(stores())("$name store", ({ open }) => {
  let invalidId = "";
  let validId = "";
  let llama8b = "";
  let llama70b = "";
  beforeAll(async () => {
    const h: DbHandle = await open();
    store.h = h;
    expect((await runImport(h, [sharedPath("mlperf", "summary", "v6.0.summary_results.json")])).rejected).toBe(0);
    const text = readFileSync(sharedPath(...SERVER), "utf8");
    // the real 8×MI300X Server summary, edited to the verdict LoadGen prints when the latency bounds fail
    const invalid = text
      .replace("Result is : VALID", "Result is : INVALID")
      .replace("Performance constraints satisfied : Yes", "Performance constraints satisfied : NO")
      .replace("Early stopping satisfied: Yes", "Early stopping satisfied: NO");
    const name = SERVER.slice(2).join("/");
    invalidId = (await saveBakeoffUpload(h, { files: [{ name, text: invalid }], label: "invalid", accelerators: 8 }))
      .id;
    validId = (await saveBakeoffUpload(h, { files: [{ name, text }], label: "valid", accelerators: 8 })).id;
    const one = async (model: string, platform: string) => {
      const { rows } = await getResults(h, {
        ...API_DEFAULTS,
        round: ["v6.0"],
        model: [model],
        scenario: ["Server"],
        limit: 500,
      });
      const r = rows.find((x) => x.platform === platform);
      if (!r) throw new Error(`no ${platform} ${model}`);
      return r.id;
    };
    llama8b = await one("llama3.1-8b", "XA_NB3I-E12_B300x8_TRT");
    llama70b = await one("llama2-70b-99", "8xMI355X_2xEPYC_9575F");
  }, 120_000);
  afterAll(async () => {
    await store.h?.close();
    store.h = null;
  });

  it("an INVALID bake-off run as basis: not usable, and why, as LoadGen writes it", async () => {
    const { status, body } = await get(`bakeoff=${invalidId}`);
    expect(status).toBe(200);
    expect(body.bases).toHaveLength(1);
    const b = body.bases[0];
    expect(b?.kind).toBe("bakeoff");
    expect(b?.usable).toBe(false);
    expect(b?.nodes).toBeNull();
    expect(b?.reason).toBe(
      "Performance constraints satisfied : NO; Early stopping satisfied: NO. LoadGen marked this run INVALID: it is shown for reference and never ranked, sized, summed or planned with.",
    );
  });

  it("two different benchmarks as bases: a block", async () => {
    const { status, body } = await get(`basis=${llama8b}&bakeoff=${validId}`);
    expect(status).toBe(200);
    expect(body.bases.map((b) => [b.kind, b.benchmark, b.usable])).toEqual([
      ["result", "llama3.1-8b", true],
      ["bakeoff", "llama2-70b", true],
    ]);
    const block = body.flags.find((f) => f.code === "benchmark");
    expect(block?.severity).toBe("block");
    expect(block?.ids).toEqual([llama8b, validId].sort());
  });

  it("one benchmark: no block, and the steps the page shows", async () => {
    const { body } = await get(`basis=${llama70b}&bakeoff=${validId}`);
    expect(body.flags.filter((f) => f.severity === "block")).toEqual([]);
    // the default preset; every usable basis has its whole-node answer and the steps that led there
    for (const b of body.bases) {
      expect(b.nodes).toBeGreaterThan(0);
      expect(b.steps.map((s) => s.key)).toContain("nodes");
    }
    expect(body.notes.length).toBeGreaterThan(0);
  });

  it.each([
    ["colour=red", "colour"],
    ["rps=-5", "rps"],
    ["basis=not-an-id", "basis"],
    ["basis=0000000000000000", "basis"],
    ["derate=maybe", "derate"],
  ])("400 with the field for %s", async (query, field) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body.error?.field).toBe(field);
    expect(body.error?.message).toBeTruthy();
  });
});
