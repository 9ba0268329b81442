import { describe, expect, it } from "vitest";
import { sharedAssumptions } from "./assumptions";
import type { BasisSource } from "./basis";
import { type PlanCalcInputs, planCapacity } from "./compute";
import type { FitStatus } from "./fit";
import { LOADGEN_SERVER_RUN, MI355X_INTERACTIVE, MI355X_OFFLINE, MI355X_SERVER, result, run } from "./fixtures.mock";

const SERVER_SLO = { ttftMs: 2000, tpotMs: 200 }; // llama2-70b Server limits
const CHAT_SLO = { ttftMs: 450, tpotMs: 40 }; // llama2-70b Interactive limits
const ALL = [MI355X_SERVER, MI355X_OFFLINE, MI355X_INTERACTIVE];

const pub = (r = MI355X_SERVER, siblings = ALL): BasisSource => ({ kind: "published", result: r, siblings });
const inputs = (over: {
  rps?: number;
  out?: number;
  slo?: { ttftMs: number | null; tpotMs: number | null };
  usable?: number;
  util?: number;
  k?: number;
  price?: number | null;
  derate?: boolean;
}): PlanCalcInputs => ({
  workload: { rps: over.rps ?? 500, inTok: 550, outTok: over.out ?? 250 },
  slo: over.slo ?? SERVER_SLO,
  fleet: {
    usablePct: over.usable ?? 90,
    utilPct: over.util ?? 100,
    k: over.k ?? 1,
    pricePerAccHour: over.price ?? null,
  },
  derate: over.derate ?? true,
});

interface Case {
  name: string;
  source: BasisSource;
  inputs: PlanCalcInputs;
  perSystem: number; // req/s per basis system at the workload's output length, after any derate
  exact: number; // accelerators before rounding
  needed: number;
  nodes: number; // with N+k
  accelerators: number;
  fit: FitStatus;
}

const CASES: Case[] = [
  {
    // Issue 6's case. v6.0 AMD 8xMI355X llama2-70b-99 Server: 100,282 tokens/s on 8 accelerators (one 8-GPU node),
    // TOKENS_PER_SAMPLE 283.0. Target 500 req/s at 250 output tokens, 90% usable, 100% target utilization, N+1.
    //   Benchmark's own rate: 100,282 ÷ 283 = 354.35 req/s — that is requests of 283 tokens.
    //   Right basis: capacity is output tokens/s, so at 250-token outputs 100,282 ÷ 250 = 401.128 req/s per system.
    //   (The lengths differ by |250 − 283| ÷ 283 = 11.7%, under the 25% warning threshold: an info note.)
    //   Per accelerator: 401.128 ÷ 8 = 50.141 req/s. × 0.90 usable = 45.1269. × 1.00 utilization = 45.1269.
    //   Accelerators: 500 ÷ 45.1269 = 11.0799 → 12. Whole 8-accelerator nodes: ⌈12 ÷ 8⌉ = 2. N+1: 2 + 1 = 3 nodes
    //   = 24 accelerators. (Using 354.35 req/s instead: 354.35 ÷ 8 × 0.9 = 39.865; 500 ÷ 39.865 = 12.54 → 13
    //   accelerators → still 2 nodes → 3 with N+1, so the answer does not hinge on the choice here.)
    name: "issue 6: Server 100,282 tok/s on 8, 500 req/s × 250 tokens, 90% usable, 100% util, N+1",
    source: pub(),
    inputs: inputs({}),
    perSystem: 401.128,
    exact: 11.0799,
    needed: 12,
    nodes: 3,
    accelerators: 24,
    fit: "fits",
  },
  {
    // Same at 60% target utilization: 45.1269 × 0.6 = 27.0761; 500 ÷ 27.0761 = 18.4665 → 19 accelerators;
    // ⌈19 ÷ 8⌉ = 3 nodes; + 1 = 4 nodes = 32 accelerators.
    name: "issue 6 basis at 60% utilization",
    source: pub(),
    inputs: inputs({ util: 60 }),
    perSystem: 401.128,
    exact: 18.4665,
    needed: 19,
    nodes: 4,
    accelerators: 32,
    fit: "fits",
  },
  {
    // Offline basis 103,480 tok/s under the Server SLO, derate on: Server ÷ Offline = 100,282 ÷ 103,480 = 0.96910,
    // so 103,480 × 0.96910 = 100,282 tok/s — then exactly the issue case: 3 nodes.
    name: "Offline basis under a Server SLO, derated by the same system's Server/Offline ratio",
    source: pub(MI355X_OFFLINE),
    inputs: inputs({}),
    perSystem: 401.128,
    exact: 11.0799,
    needed: 12,
    nodes: 3,
    accelerators: 24,
    fit: "derated",
  },
  {
    // Offline basis, chat SLO (450/40 ms = Interactive limits), 1,000 req/s, derate on:
    // Interactive ÷ Offline = 73,608.2 ÷ 103,480 = 0.71133 → 73,608.2 tok/s. ÷ 250 = 294.4328 req/s; ÷ 8 = 36.8041;
    // × 0.9 = 33.12369; 1,000 ÷ 33.12369 = 30.1899 → 31 accelerators; ⌈31 ÷ 8⌉ = 4; + 1 = 5 nodes = 40.
    name: "Offline basis under an Interactive-level SLO, derated to Interactive",
    source: pub(MI355X_OFFLINE),
    inputs: inputs({ rps: 1000, slo: CHAT_SLO }),
    perSystem: 294.4328,
    exact: 30.1899,
    needed: 31,
    nodes: 5,
    accelerators: 40,
    fit: "derated",
  },
  {
    // Same with the derate off (flagged as overstated): 103,480 ÷ 250 = 413.92; ÷ 8 = 51.74; × 0.9 = 46.566;
    // 1,000 ÷ 46.566 = 21.4749 → 22; ⌈22 ÷ 8⌉ = 3; + 1 = 4 nodes — one node fewer than the derated plan.
    name: "Offline basis under an Interactive-level SLO, derate off",
    source: pub(MI355X_OFFLINE),
    inputs: inputs({ rps: 1000, slo: CHAT_SLO, derate: false }),
    perSystem: 413.92,
    exact: 21.4749,
    needed: 22,
    nodes: 4,
    accelerators: 32,
    fit: "overstated",
  },
  {
    // Server basis under the chat SLO: Interactive ÷ Server = 73,608.2 ÷ 100,282 = 0.73401 → 73,608.2 tok/s,
    // the same 5 nodes as the Offline→Interactive case above.
    name: "Server basis under an Interactive-level SLO, derated to Interactive",
    source: pub(),
    inputs: inputs({ rps: 1000, slo: CHAT_SLO }),
    perSystem: 294.4328,
    exact: 30.1899,
    needed: 31,
    nodes: 5,
    accelerators: 40,
    fit: "derated",
  },
  {
    // Server basis, chat SLO, no Interactive result of this system: no derate, flagged overstated.
    // 45.1269 req/s per accelerator (issue case); 1,000 ÷ 45.1269 = 22.1597 → 23; ⌈23 ÷ 8⌉ = 3; + 1 = 4 nodes.
    name: "Server basis under an Interactive-level SLO without an Interactive sibling",
    source: pub(MI355X_SERVER, [MI355X_OFFLINE]),
    inputs: inputs({ rps: 1000, slo: CHAT_SLO }),
    perSystem: 401.128,
    exact: 22.1597,
    needed: 23,
    nodes: 4,
    accelerators: 32,
    fit: "overstated",
  },
  {
    // Interactive basis, no SLO (batch): measured under bounds tighter than needed → conservative.
    // 73,608.2 ÷ 1,024 = 71.8830 req/s; ÷ 8 = 8.98538; × 0.9 × 0.8 = 6.46947; 35 ÷ 6.46947 = 5.4100 → 6;
    // ⌈6 ÷ 8⌉ = 1; + 1 = 2 nodes = 16 accelerators.
    name: "Interactive basis, batch job with no SLO, 80% util",
    source: pub(MI355X_INTERACTIVE),
    inputs: inputs({ rps: 35, out: 1024, slo: { ttftMs: null, tpotMs: null }, util: 80 }),
    perSystem: 71.883,
    exact: 5.41,
    needed: 6,
    nodes: 2,
    accelerators: 16,
    fit: "conservative",
  },
  {
    // GB200-NVL72 slice: 72 accelerators on 18 nodes of 4. Server 810,104 tok/s, N+2.
    // 810,104 ÷ 250 = 3,240.416 req/s; ÷ 72 = 45.0058; × 0.9 = 40.5052; 500 ÷ 40.5052 = 12.3440 → 13;
    // ⌈13 ÷ 4⌉ = 4 nodes; + 2 = 6 nodes = 24 accelerators.
    name: "4-accelerator nodes (GB200 NVL72 trays) with N+2",
    source: pub(
      result({ id: "4e0c80f480ada4c6", value: 810104, totalAccelerators: 72, nodes: 18, acceleratorsPerNode: 4 }),
      [],
    ),
    inputs: inputs({ k: 2 }),
    perSystem: 3240.416,
    exact: 12.344,
    needed: 13,
    nodes: 6,
    accelerators: 24,
    fit: "fits",
  },
  {
    // Samples/s with tokens per sample: 350 samples/s × 283 tokens = 99,050 tok/s; ÷ 250 = 396.2 req/s;
    // ÷ 8 = 49.525; × 0.9 = 44.5725; 500 ÷ 44.5725 = 11.2177 → 12 → 2 nodes → 3.
    name: "samples/s basis converted with tokens per sample",
    source: pub(result({ units: "Queries/s", value: 350 }), []),
    inputs: inputs({}),
    perSystem: 396.2,
    exact: 11.2177,
    needed: 12,
    nodes: 3,
    accelerators: 24,
    fit: "fits",
  },
  {
    // Bake-off: the AMD 8xMI300X LoadGen Server summary, 24,593.77 output tok/s and 81.68 req/s (its own length
    // 24,593.77 ÷ 81.68 = 301.10 tokens), upload says 8 accelerators on 1 node; p99 TTFT 1,914.6 ≤ 2,000 and
    // TPOT 193.4 ≤ 200 meet the Server SLO. 100 req/s at 300 tokens: 24,593.77 ÷ 300 = 81.97923 req/s; ÷ 8 =
    // 10.24740; × 0.9 = 9.22266; 100 ÷ 9.22266 = 10.8429 → 11; ⌈11 ÷ 8⌉ = 2; + 1 = 3 nodes = 24 accelerators.
    name: "bake-off LoadGen Server run that meets the SLO",
    source: {
      kind: "bakeoff",
      upload: {
        id: "u".repeat(22),
        label: "MI300X LoadGen",
        accelerator: "MI300X",
        accelerators: 8,
        nodes: 1,
        modelFamily: "llama2-70b",
        runs: [LOADGEN_SERVER_RUN],
      },
    },
    inputs: inputs({ rps: 100, out: 300 }),
    perSystem: 81.97923,
    exact: 10.8429,
    needed: 11,
    nodes: 3,
    accelerators: 24,
    fit: "fits",
  },
];

describe("planCapacity: hand-computed cases", () => {
  for (const c of CASES) {
    it(c.name, () => {
      const o = planCapacity(c.source, c.inputs);
      expect(o.error).toBeNull();
      const n = o.numbers;
      expect(n).not.toBeNull();
      if (!n) return;
      expect(n.reqPerSPerSystem).toBeCloseTo(c.perSystem, 3);
      expect(n.acceleratorsExact).toBeCloseTo(c.exact, 3);
      expect(n.acceleratorsNeeded).toBe(c.needed);
      expect(n.nodes).toBe(c.nodes);
      expect(n.accelerators).toBe(c.accelerators);
      expect(o.fit?.status).toBe(c.fit);
      expect(JSON.stringify(o)).not.toMatch(/NaN|Infinity/);
    });
  }
});

describe("planCapacity: steps, notes and cost for issue 6's case", () => {
  const o = planCapacity(pub(), inputs({ price: 3 }));
  const step = (key: string) => o.steps.find((s) => s.key === key);

  it("records each step with its formula", () => {
    expect(step("bench-rps")?.value).toBe("354.35 req/s"); // 100,282 ÷ 283
    expect(step("rps")?.formula).toBe("100,282 output tokens/s ÷ 250 output tokens per request");
    expect(step("rps")?.value).toBe("401.13 req/s");
    expect(step("per-acc")?.value).toBe("50.14 req/s"); // 401.128 ÷ 8
    expect(step("usable")?.value).toBe("45.13 req/s"); // × 90%
    expect(step("util")?.formula).toBe("45.13 × 100%");
    expect(step("accelerators")?.value).toBe("12 accelerators");
    expect(step("nodes")?.value).toBe("2 nodes (16 accelerators)");
    expect(step("headroom")?.value).toBe("3 nodes = 24 accelerators");
    // 500 ÷ (24 × 45.1269) = 500 ÷ 1,083.05 = 46.2% — of usable capacity (50.14 × 90%), so the words say so
    expect(step("peak-load")?.value).toBe("46.2% of usable capacity with all nodes up");
    expect(step("peak-load")?.formula).toBe("500 ÷ (24 × 45.13 req/s usable)");
  });

  it("costs 24 accelerators × $3/h: $72/h, $52,560 a month, $0.16 per million output tokens", () => {
    // 24 × 3 = $72/h; × 730 h = $52,560; tokens/h = 500 × 250 × 3,600 = 450,000,000 = 450 M → 72 ÷ 450 = $0.16
    expect(o.cost?.perHour).toBeCloseTo(72, 6);
    expect(o.cost?.perMonth).toBeCloseTo(52560, 6);
    expect(o.cost?.perMillionOutputTokens).toBeCloseTo(0.16, 6);
    expect(step("cost-month")?.value).toBe("$52,560");
    expect(step("cost-mtok")?.value).toBe("$0.16");
  });

  it("notes the 11.7% length difference without a warning (under 25%)", () => {
    const n = o.notes.find((x) => x.code === "length-differs");
    expect(n?.severity).toBe("info");
    expect(n?.message).toContain("11.7%");
    expect(o.notes.some((x) => x.code === "length-mismatch")).toBe(false);
  });

  it("warns when the output length differs by more than 25% (150 vs 283 = 47.0%)", () => {
    const p = planCapacity(pub(), inputs({ out: 150 }));
    const n = p.notes.find((x) => x.code === "length-mismatch");
    expect(n?.severity).toBe("warn");
    expect(n?.message).toContain("47%");
  });
});

describe("planCapacity: flags and failures", () => {
  it("flags an Offline basis under a latency SLO and records the derate step", () => {
    const o = planCapacity(pub(MI355X_OFFLINE), inputs({}));
    expect(o.notes.find((n) => n.code === "offline-under-slo")?.severity).toBe("warn");
    expect(o.steps.find((s) => s.key === "derate")?.formula).toContain("100,282 ÷ 103,480");
  });

  it("flags an Offline basis with no same-system latency-bound result", () => {
    const o = planCapacity(pub(MI355X_OFFLINE, []), inputs({}));
    expect(o.fit?.status).toBe("overstated");
    expect(o.notes.map((n) => n.code)).toEqual(expect.arrayContaining(["offline-under-slo", "no-derate"]));
  });

  it("says when the SLO is tighter than every MLPerf limit", () => {
    const o = planCapacity(pub(MI355X_INTERACTIVE), inputs({ slo: { ttftMs: 200, tpotMs: 20 } }));
    expect(o.fit?.status).toBe("overstated");
    expect(o.notes.some((n) => n.code === "beyond-mlperf")).toBe(true);
  });

  it.each([
    ["a SingleStream latency", result({ scenario: "SingleStream", units: "Latency (ms)", higherIsBetter: false })],
    ["no accelerator count", result({ totalAccelerators: null, acceleratorsPerNode: null })],
  ])("refuses %s with a message, not NaN", (_name, r) => {
    const o = planCapacity(pub(r, []), inputs({}));
    expect(o.numbers).toBeNull();
    expect(o.error).toMatch(/\w/);
    expect(JSON.stringify(o)).not.toMatch(/NaN|Infinity/);
  });

  it("takes the whole system as one node when no per-node count is published", () => {
    const o = planCapacity(pub(result({ acceleratorsPerNode: null, nodes: null }), []), inputs({}));
    expect(o.numbers?.acceleratorsPerNode).toBe(8);
    expect(o.assumptions.join(" ")).toContain("taken as one node");
  });
});

describe("planCapacity: bake-off bases", () => {
  const upload = (runs = [LOADGEN_SERVER_RUN]) => ({
    kind: "bakeoff" as const,
    upload: {
      id: "u".repeat(22),
      label: "sweep",
      accelerator: "H100",
      accelerators: 8,
      nodes: 1,
      modelFamily: "llama2-70b",
      runs,
    },
  });

  it("picks the highest-throughput load point whose p99s meet the SLO", () => {
    const sweep = [
      run({ outTokPerS: 2000, reqPerS: 8 }),
      run({ outTokPerS: 3000, reqPerS: 12, ttftMs: { mean: 300, p50: 280, p90: 400, p95: 420, p99: 440 } }),
      run({ outTokPerS: 4000, reqPerS: 16, ttftMs: { mean: 600, p50: 500, p90: 800, p95: 900, p99: 1200 } }),
    ];
    const o = planCapacity(upload(sweep), inputs({ rps: 100, slo: CHAT_SLO }));
    expect(o.basis.run?.index).toBe(1);
    expect(o.fit?.status).toBe("fits");
    // 3,000 ÷ 250 = 12 req/s; ÷ 8 = 1.5; × 0.9 = 1.35; 100 ÷ 1.35 = 74.07 → 75; ⌈75 ÷ 8⌉ = 10; + 1 = 11 nodes
    expect(o.numbers?.nodes).toBe(11);
  });

  it("counts goodput when the run misses the SLO and flags the fit as unknown", () => {
    // p99 TTFT 1,914.6 > 450 ms and TPOT 193.4 > 40 ms: TTFT share within 450 ms = 0.5 × 450 ÷ 875.07 = 0.2571,
    // TPOT share within 40 ms = 0.5 × 40 ÷ 151.04 = 0.1324; goodput fraction 0.2571 × 0.1324 = 0.0340
    const o = planCapacity(upload(), inputs({ slo: CHAT_SLO }));
    expect(o.fit?.status).toBe("unknown");
    expect(o.basis.goodput?.fraction).toBeCloseTo(0.034, 3);
    expect(o.steps.some((s) => s.key === "goodput")).toBe(true);
    expect(o.notes.some((n) => n.code === "slo-missed")).toBe(true);
  });

  it("notes failed requests", () => {
    const o = planCapacity(upload([run({ numRequests: 990, numFailed: 10 })]), inputs({}));
    expect(o.basis.notes.join(" ")).toContain("10 of 1,000 requests failed");
  });

  it("refuses an upload whose every request failed", () => {
    const o = planCapacity(upload([run({ numRequests: 0, numFailed: 50, outTokPerS: 0, reqPerS: 0 })]), inputs({}));
    expect(o.numbers).toBeNull();
    expect(o.error).toBe("no request succeeded.");
  });
});

describe("sharedAssumptions", () => {
  it("lists every assumption in words, with the numbers used", () => {
    const a = sharedAssumptions(inputs({ price: 3 })).join("\n");
    expect(a).toContain("Usable capacity 90%");
    expect(a).toContain("Target utilization 100%");
    expect(a).toContain("N+1");
    expect(a).toContain("730 hours");
  });
  it("calls out a prefill-heavy shape", () => {
    const i = inputs({ out: 1024 });
    i.workload.inTok = 8192;
    expect(sharedAssumptions(i).join("\n")).toContain("Prefill-heavy");
  });
});
