import { describe, expect, it } from "vitest";
import { computeFlags, footnotes, perAccelerator } from "@/lib/context";
import { llama } from "@/lib/context/test-fixtures";
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
import type { PublishedResult } from "@/lib/types";
import {
  type CompareData,
  canonicalCompareQuery,
  checkPlanPayload,
  clipText,
  compareHref,
  describeComparison,
  describePlan,
  flagCounts,
  isSnapshotToken,
  ogFlagHead,
  type PlanSnapshotInput,
  parseSnapshotRequest,
  parseStoredPayload,
  parseStoredSnapshot,
  planHref,
  shortAccelerator,
  staleBanner,
  systemLabels,
  tokenFromBytes,
} from "./snapshot";

const amd8 = llama("v6.0", "AMD", "8xMI355X_2xEPYC_9575F", "Offline");
const amd87 = llama("v6.0", "AMD", "87xMI355X_22xEPYC_9575F", "Offline");
const b300Server = llama("v6.0", "NVIDIA", "B300-SXM-270GBx8_TRT", "Server");

function payload(results: PublishedResult[]): CompareData {
  const per: CompareData["perAccelerator"] = {};
  for (const r of results) per[r.id] = perAccelerator(r);
  return {
    results,
    bakeoff: [],
    flags: computeFlags(results),
    footnotes: footnotes(results, [], { retrievedAt: "2026-11-29T22:20:20.990Z", derived: true }),
    perAccelerator: per,
    suggestions: [],
    dataVersion: "9",
    retrievedAt: "2026-11-29T22:20:20.990Z",
  };
}

describe("ogFlagHead: the preview counts flags as the page does", () => {
  const f = (...sev: ("block" | "warn" | "info")[]) => sev.map((severity) => ({ severity }));
  it.each([
    ["none", f(), null],
    ["one warning", f("warn"), "WARNING"],
    [
      "4 warnings and 3 notes (the page lists 4 warnings and a 3-note box)",
      f("warn", "warn", "warn", "warn", "info", "info", "info"),
      "WARNING · 4 warnings",
    ],
    ["a block and 2 warnings", f("block", "warn", "warn"), "BLOCK: NOT COMPARABLE · 1 block · 2 warnings"],
    ["notes only", f("info", "info"), "NOTE · 2 notes"],
  ])("%s", (_n, flags, expected) => {
    expect(ogFlagHead(flags)).toBe(expected);
  });
});

describe("tokenFromBytes", () => {
  it("writes 18 bytes as 24 URL-safe characters that the token pattern accepts", () => {
    const t = tokenFromBytes(new Uint8Array(18).fill(255));
    expect(t).toBe("________________________");
    expect(isSnapshotToken(t)).toBe(true);
    expect(tokenFromBytes(Uint8Array.from({ length: 16 }, (_, i) => i * 16 + 3))).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
  it("refuses fewer than 128 bits", () => {
    expect(() => tokenFromBytes(new Uint8Array(15))).toThrow(/128 bits/);
  });
  it("rejects tokens that are short or carry other characters", () => {
    expect(isSnapshotToken("abc")).toBe(false);
    expect(isSnapshotToken("a".repeat(21))).toBe(false);
    expect(isSnapshotToken(`${"a".repeat(22)}=`)).toBe(false);
    expect(isSnapshotToken("../../etc/passwd/aaaaaaaaaaaaa")).toBe(false);
  });
});

describe("canonical compare query", () => {
  it("sorts and de-duplicates ids, so one comparison has one URL", () => {
    expect(canonicalCompareQuery(["b", "a", "b"])).toBe("ids=a,b");
    expect(canonicalCompareQuery(["b", "a"], ["z", "y"])).toBe("ids=a,b&bakeoff=y,z");
    expect(compareHref([])).toBe("/compare");
    expect(compareHref(["8831699b7f65dd2a", "691c1e67b66a9ad3"])).toBe(
      "/compare?ids=691c1e67b66a9ad3,8831699b7f65dd2a",
    );
  });
});

describe("parseSnapshotRequest", () => {
  it("accepts the query in any of its written forms and returns it canonical", () => {
    for (const query of [
      "ids=8831699b7f65dd2a,691c1e67b66a9ad3",
      "?ids=8831699b7f65dd2a,691c1e67b66a9ad3",
      "/compare?ids=8831699b7f65dd2a,691c1e67b66a9ad3,8831699b7f65dd2a",
    ]) {
      const r = parseSnapshotRequest({ kind: "compare", query });
      expect(r).toEqual({
        ok: true,
        kind: "compare",
        ids: ["691c1e67b66a9ad3", "8831699b7f65dd2a"],
        bakeoff: [],
        query: "ids=691c1e67b66a9ad3,8831699b7f65dd2a",
      });
    }
  });
  it("rejects other kinds, missing or malformed ids, with the field", () => {
    expect(parseSnapshotRequest({ kind: "results", query: "ids=691c1e67b66a9ad3" })).toMatchObject({
      ok: false,
      field: "kind",
    });
    expect(parseSnapshotRequest(null)).toMatchObject({ ok: false });
    expect(parseSnapshotRequest({ kind: "compare", query: "" })).toMatchObject({ ok: false, field: "query.ids" });
    expect(parseSnapshotRequest({ kind: "compare", query: "ids=DROP TABLE" })).toMatchObject({
      ok: false,
      field: "query.ids",
    });
    expect(parseSnapshotRequest({ kind: "compare", query: "x".repeat(3000) })).toMatchObject({
      ok: false,
      field: "query",
    });
  });
});

describe("parseStoredPayload", () => {
  it("reads back exactly what was stored: rows, values, flags and footnotes", () => {
    const p = payload([amd8, amd87]);
    const r = parseStoredPayload(JSON.stringify(p));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.payload).toEqual(p);
    expect(r.payload.results.map((x) => x.value)).toEqual([103480, 1042110]);
    expect(r.payload.flags.map((f) => f.code)).toContain("multi-node");
    expect(r.payload.perAccelerator[amd87.id]?.value).toBeCloseTo(11978.28, 2);
  });
  it("says why a corrupt or foreign payload cannot be shown, instead of crashing", () => {
    expect(parseStoredPayload("{not json")).toEqual({ ok: false, message: "the stored snapshot is not valid JSON" });
    const p = JSON.parse(JSON.stringify(payload([amd8, amd87]))) as { results: { value: unknown }[] };
    const first = p.results[0];
    if (first) first.value = "103480";
    const r = parseStoredPayload(JSON.stringify(p));
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.message).toContain("results.0.value");
  });
});

describe("staleBanner", () => {
  it("is silent while the data version is unchanged", () => {
    expect(staleBanner({ dataVersion: "9", createdAt: "2026-11-29T22:30:00Z" }, { version: "9", at: "x" })).toBeNull();
  });
  it("names when newer data was imported and what the snapshot shows", () => {
    expect(
      staleBanner(
        { dataVersion: "9", createdAt: "2026-11-29T22:30:00.000Z" },
        { version: "10", at: "2026-12-01T08:05:09.000Z" },
      ),
    ).toBe(
      "Newer data exists (imported 2026-12-01 08:05 UTC); this snapshot shows the data as of 2026-11-29 22:30 UTC.",
    );
  });
});

describe("names for a comparison", () => {
  it.each([
    ["AMD Instinct MI355X 288GB HBM3e", "MI355X"],
    ["NVIDIA B300-SXM-270GB", "B300"],
    ["NVIDIA GB300", "GB300"],
    ["NVIDIA H200-SXM-141GB-CTS", "H200"],
    ["AMD Instinct MI300X-NPS1-SPX-192GB-750W", "MI300X"],
    ["NVIDIA RTX PRO 6000 Blackwell Server Edition", "RTX PRO 6000"],
    ["Intel(R) Arc Pro(R) B60", "Arc Pro B60"],
    ["TPU v5e", "TPU v5e"],
    ["AMD Instinct MI355X 288GB HBM3e (Power Cap 1000 W)", "MI355X"],
    ["AMD Instinct MI300X 192GB HBM3, AMD Instinct MI325X 256GB HBM3e", "MI300X"],
  ])("%s → %s", (name, short) => {
    expect(shortAccelerator(name)).toBe(short);
  });

  it("labels systems by count × accelerator and tells colliding ones apart", () => {
    expect(systemLabels([amd8, amd87])).toEqual({ [amd8.id]: "8×MI355X", [amd87.id]: "87×MI355X" });
    const dell = llama("v6.0", "Dell", "XE9780L-B300-SXM-270GBx8_TRT", "Offline");
    const nv = llama("v6.0", "NVIDIA", "B300-SXM-270GBx8_TRT", "Offline");
    expect(systemLabels([dell, nv])).toEqual({ [dell.id]: "8×B300 (Dell)", [nv.id]: "8×B300 (NVIDIA)" });
    const amdServer = llama("v6.0", "AMD", "8xMI355X_2xEPYC_9575F", "Server");
    expect(systemLabels([amd8, amdServer])).toEqual({
      [amd8.id]: "8×MI355X (Offline)",
      [amdServer.id]: "8×MI355X (Server)",
    });
  });

  it("counts flags most severe first", () => {
    expect(flagCounts([])).toBe("no flags");
    expect(flagCounts([{ severity: "info" }])).toBe("1 note");
    expect(flagCounts([{ severity: "warn" }, { severity: "info" }])).toBe("1 warning");
    expect(flagCounts([{ severity: "block" }, { severity: "warn" }, { severity: "warn" }])).toBe(
      "1 block · 2 warnings",
    );
  });

  it("titles the real cases meaningfully", () => {
    const multi = describeComparison(payload([amd8, amd87]));
    expect(multi.title).toBe("8×MI355X vs 87×MI355X — llama2-70b-99 Offline · 2 warnings");
    expect(multi.description).toContain(
      "8×MI355X v6.0 AMD: 103,480 tokens/s (12,935 per accelerator, derived); 87×MI355X v6.0 AMD: 1,042,110 tokens/s (11,978.3 per accelerator, derived)",
    );
    expect(multi.description).toContain("WARNING: Chip counts differ");
    const blocked = describeComparison(payload([amd8, b300Server]));
    // the scenario blocks; vLLM vs TensorRT-LLM is a caution (a different serving engine)
    expect(blocked.title).toBe("8×MI355X vs 8×B300 — llama2-70b-99 Offline vs Server · 1 block · 1 warning");
    expect(blocked.description).toContain("BLOCK: Different scenarios.");
    expect(blocked.description.length).toBeLessThanOrEqual(300);
  });
});

// ---- frozen capacity plans ----

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

describe("clipText", () => {
  it.each([
    ["short", 10, "short"],
    ["exactly10!", 10, "exactly10!"],
    ["eleven char", 10, "eleven ch…"],
    ["", 3, ""],
  ])("%j at %i → %j", (t, n, want) => {
    const got = clipText(t, n);
    expect(got).toBe(want);
    expect(got.length).toBeLessThanOrEqual(n);
  });
});
