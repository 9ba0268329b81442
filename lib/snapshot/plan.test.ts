import { describe, expect, it } from "vitest";
import { computeFlags, footnotes } from "@/lib/context";
import {
  type BasisSource,
  PLAN_FOOTNOTE,
  PRESETS,
  parsePlanParams,
  planCapacity,
  planQuery,
  sensitivity,
  sharedAssumptions,
} from "@/lib/plan";
import { MI355X_INTERACTIVE, MI355X_OFFLINE, MI355X_SERVER } from "@/lib/plan/fixtures.mock";
import {
  checkPlanPayload,
  describePlan,
  type PlanSnapshotInput,
  parseSnapshotRequest,
  parseStoredSnapshot,
  planHref,
} from ".";
import { amd8, amd87, payload } from "./test-payload";

const SERVER_SOURCE: BasisSource = {
  kind: "published",
  result: MI355X_SERVER,
  siblings: [MI355X_OFFLINE, MI355X_INTERACTIVE],
};
const OFFLINE_SOURCE: BasisSource = {
  kind: "published",
  result: MI355X_OFFLINE,
  siblings: [MI355X_SERVER, MI355X_INTERACTIVE],
};
/** Issue 6's case as the plan page's canonical query: 500 req/s × 250 output tokens, Server limits, 100%, $3/h. */
const ISSUE6 = `preset=batch&rps=500&out=250&ttft=2000&tpot=200&basis=${MI355X_SERVER.id}&util=100&price=3`;

/** What app/plan/load.ts computes and stores for `query`, with the database replaced by the fixtures. */
function planPayload(query: string, sources: BasisSource[] = [SERVER_SOURCE]): PlanSnapshotInput {
  const parsed = parsePlanParams(new URLSearchParams(query));
  const { inputs } = parsed;
  const calc = { workload: inputs.workload, slo: inputs.slo, fleet: inputs.fleet, derate: inputs.derate };
  const plans = sources.map((src) => planCapacity(src, calc));
  const results = sources.flatMap((src) => (src.kind === "published" ? [src.result] : []));
  return {
    kind: "plan",
    query: planQuery(parsed.form),
    dataVersion: "9",
    retrievedAt: "2026-11-29T22:20:20.990Z",
    inputs,
    preset: { name: PRESETS[inputs.preset].name, sources: [...PRESETS[inputs.preset].sources] },
    issues: parsed.issues,
    plans,
    sensitivity: sensitivity(sources, calc, plans),
    assumptions: sharedAssumptions(calc),
    flags: sources.length >= 2 ? computeFlags(results) : [],
    footnotes: [PLAN_FOOTNOTE, ...footnotes(results, [], { retrievedAt: "2026-11-29T22:20:20.990Z", derived: true })],
  };
}

function planRow(payload: unknown, over: Partial<{ kind: string; query: string; dataVersion: string }> = {}) {
  return { kind: "plan", query: ISSUE6, dataVersion: "9", payload: JSON.stringify(payload), ...over };
}

describe("parseSnapshotRequest for a plan", () => {
  it("accepts the plan page's query in any written form and returns the page's canonical query", () => {
    for (const query of [
      ISSUE6,
      `?${ISSUE6}`,
      `/plan?${ISSUE6}`,
      // keys in another order, a default written out, an unknown key: the same plan, the same canonical query
      `basis=${MI355X_SERVER.id}&price=3&util=100&tpot=200&ttft=2000&out=250&rps=500&preset=batch&k=1&utm=x`,
    ])
      expect(parseSnapshotRequest({ kind: "plan", query })).toEqual({ ok: true, kind: "plan", query: ISSUE6 });
    expect(planHref(ISSUE6)).toBe(`/plan?${ISSUE6}`);
  });
  it("sorts basis ids and keeps a bad input as typed, as the page's own URL does", () => {
    const r = parseSnapshotRequest({ kind: "plan", query: `basis=${MI355X_SERVER.id},${MI355X_OFFLINE.id}&rps=-5` });
    expect(r).toEqual({ ok: true, kind: "plan", query: `rps=-5&basis=${MI355X_OFFLINE.id},${MI355X_SERVER.id}` });
  });
  it("refuses a plan with nothing to freeze: no basis, or only malformed ids", () => {
    expect(parseSnapshotRequest({ kind: "plan", query: "ids=691c1e67b66a9ad3" })).toMatchObject({
      ok: false,
      field: "query.basis",
    });
    expect(parseSnapshotRequest({ kind: "plan", query: "rps=500" })).toMatchObject({ ok: false, field: "query.basis" });
    const bad = parseSnapshotRequest({ kind: "plan", query: "basis=DROP%20TABLE" });
    expect(bad).toMatchObject({ ok: false, field: "query.basis" });
    if (!bad.ok) expect(bad.message).toContain("malformed result id");
    expect(parseSnapshotRequest({ kind: "plan" })).toMatchObject({ ok: false, field: "query" });
    expect(parseSnapshotRequest({ kind: "plan", query: `basis=${"a".repeat(2001)}` })).toMatchObject({
      ok: false,
      field: "query",
    });
  });
});

describe("the plan snapshot schema", () => {
  it("stores issue 6's plan and reads back the same numbers, steps, sensitivity and assumptions", () => {
    const p = planPayload(ISSUE6);
    expect(p.query).toBe(ISSUE6);
    const checked = checkPlanPayload(p);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const r = parseStoredSnapshot(planRow(checked.payload));
    expect(r.ok && r.kind).toBe("plan");
    if (!r.ok || r.kind !== "plan") return;
    const plan = r.payload.plans[0];
    // 100,282 ÷ 250 = 401.13 req/s; ÷ 8 = 50.14; × 0.9 = 45.13; 500 ÷ 45.13 = 11.08 → 12 → 2 nodes + 1 = 3 (24)
    expect(plan?.numbers).toMatchObject({ nodes: 3, accelerators: 24, nodesNeeded: 2, spareNodes: 1 });
    expect(plan?.cost?.perMonth).toBeCloseTo(52560, 6);
    expect(plan?.steps.find((s) => s.key === "rps")?.value).toBe("401.13 req/s");
    expect(r.payload.sensitivity.find((x) => x.key === "node-lost")?.cells[0]?.nodes).toBe(4);
    expect(r.payload.inputs.workload).toEqual({ rps: 500, inTok: PRESETS.batch.inTok, outTok: 250 });
    expect(r.payload.assumptions).toEqual(p.assumptions);
    expect(r.payload.footnotes[0]).toBe(PLAN_FOOTNOTE);
    // what is not rendered is kept as computed: the basis's own values and every intermediate number
    expect(plan?.basis).toMatchObject({ tokensPerSample: 283, accelerators: 8, throughput: { outTokPerS: 100282 } });
    expect(plan?.numbers).toMatchObject({ acceleratorsExact: expect.closeTo(11.08, 2) });
    // and the whole payload survives the round trip
    expect(JSON.parse(JSON.stringify(r.payload))).toEqual(JSON.parse(JSON.stringify(p)));
  });

  it("keeps the flags between two bases and a plan that could not be computed", () => {
    const q = `rps=500&out=250&ttft=2000&tpot=200&basis=${MI355X_OFFLINE.id},${MI355X_SERVER.id}`;
    const p = planPayload(q, [OFFLINE_SOURCE, SERVER_SOURCE]);
    p.plans.push({ ...(p.plans[0] as PlanSnapshotInput["plans"][number]), numbers: null, cost: null, error: "x" });
    const r = parseStoredSnapshot(planRow(p, { query: p.query }));
    expect(r.ok).toBe(true);
    if (!r.ok || r.kind !== "plan") return;
    expect(r.payload.flags.length).toBeGreaterThan(0);
    expect(r.payload.flags.map((f) => f.code)).toEqual(p.flags.map((f) => f.code));
    expect(r.payload.plans[2]).toMatchObject({ numbers: null, error: "x" });
  });

  it("checks kind, query and data version against the row, and refuses a payload that disagrees", () => {
    const p = planPayload(ISSUE6);
    expect(parseStoredSnapshot(planRow(p, { query: "basis=0000000000000000" }))).toEqual({
      ok: false,
      message: "the stored plan is for another query than its link",
    });
    expect(parseStoredSnapshot(planRow(p, { dataVersion: "10" }))).toEqual({
      ok: false,
      message: "the stored plan's data version does not match its record",
    });
    for (const [key, value] of [
      ["kind", "compare"],
      ["kind", undefined],
      ["query", 7],
      ["query", undefined],
      ["dataVersion", 9],
      ["dataVersion", undefined],
    ] as const) {
      const r = parseStoredSnapshot(planRow({ ...p, [key]: value }));
      expect(r, `${key}=${String(value)}`).toMatchObject({ ok: false });
      if (!r.ok) expect(r.message).toContain(`(${key})`);
    }
    // a compare payload stored under a plan row, and a plan payload under a compare row, are both refused
    expect(parseStoredSnapshot(planRow(payload([amd8, amd87])))).toMatchObject({ ok: false });
    expect(parseStoredSnapshot({ ...planRow(p), kind: "compare" })).toMatchObject({ ok: false });
    expect(parseStoredSnapshot({ ...planRow(p), kind: "results" })).toEqual({
      ok: false,
      message: 'snapshots of kind "results" cannot be shown',
    });
  });

  it("says which rendered figure is corrupt instead of crashing", () => {
    const p = JSON.parse(JSON.stringify(planPayload(ISSUE6))) as {
      plans: { numbers: Record<string, unknown>; steps: unknown[] }[];
      sensitivity: { cells: Record<string, unknown>[] }[];
    };
    const first = p.plans[0];
    if (first) first.numbers.nodes = "3";
    const r = parseStoredSnapshot(planRow(p));
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.message).toContain("plans.0.numbers.nodes");
    expect(parseStoredSnapshot(planRow({ ...p, plans: [] }))).toMatchObject({ ok: false });
    expect(parseStoredSnapshot({ ...planRow(p), payload: "{not json" })).toEqual({
      ok: false,
      message: "the stored snapshot is not valid JSON",
    });
  });

  it("refuses to store a plan whose figures would not read back (NaN becomes null in JSON)", () => {
    const p = planPayload(ISSUE6);
    const first = p.plans[0];
    if (first?.numbers) first.numbers.nodes = Number.NaN;
    const r = checkPlanPayload(p);
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.message).toContain("plans.0.numbers.nodes");
  });

  it("still reads compare rows through the same entry point", () => {
    const p = payload([amd8, amd87]);
    const r = parseStoredSnapshot({ kind: "compare", query: "ids=x", dataVersion: "9", payload: JSON.stringify(p) });
    expect(r).toEqual({ ok: true, kind: "compare", payload: p });
  });

  it("titles a frozen plan by its answer", () => {
    const d = describePlan(planPayload(ISSUE6));
    expect(d.title).toBe("Capacity plan: 3 nodes (24 accelerators) from AMD 8xMI355X_2xEPYC_9575F");
    expect(d.description).toContain("500 requests/s at 250 output tokens, p99 TTFT ≤ 2,000 ms, p99 TPOT ≤ 200 ms, N+1");
    expect(d.description.length).toBeLessThanOrEqual(300);
  });
});
