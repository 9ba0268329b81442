// The planner reads an MLPerf Endpoints curve: capacity at a per-user speed or TTFT target is the throughput of the
// last measured point (by concurrency) that meets it, never a figure between points (rules §4.2, §5.2). Over the
// shared fixture curve (MLCommons' SYNTHETIC checker data: 8 × MI355X in one node; every point's TPOT P90 is
// 5,500,000 ns = 5.5 ms → 1000 / 5.5 = 181.82 tokens/s per user; TTFT P90 by point: r4 163.2 ms, r16 135.4 ms, r64
// none (the checker refuses it), r128 243.4 ms, r512 8,699.1 ms, r1024 97,821.9 ms, r2048 458,917.7 ms, r2048 the
// elected Offline point). Every expected figure below is worked by hand from those files, written in the comments.
import { describe, expect, it } from "vitest";
import { fixtureCurve } from "@/lib/endpoints/test-curve";
import { type PlanCalcInputs, planCapacity } from "./compute";
import { pickStep } from "./curve-basis";
import { planBaseJson } from "./json";

const curve = fixtureCurve();
const calc = (ttftMs: number | null, tpotMs: number | null, rps = 100, outTok = 150): PlanCalcInputs => ({
  workload: { rps, inTok: 550, outTok },
  slo: { ttftMs, tpotMs },
  fleet: { usablePct: 90, utilPct: 80, k: 1, pricePerAccHour: null },
  derate: true,
});
const plan = (c: PlanCalcInputs, cv = curve) => planCapacity({ kind: "curve", curve: cv }, c);
const step = (p: ReturnType<typeof plan>, key: string) => p.steps.find((s) => s.key === key)?.value;

describe("the step a curve is planned from", () => {
  it.each([
    // TTFT ≤ 450 ms, TPOT ≤ 40 ms (≥ 25 tokens/s per user; 181.82 ≥ 25 everywhere): r4, r16, r128 meet the TTFT, r512
    // (8,699 ms) does not → the last that meets is r128
    [450, 40, 128],
    // TTFT ≤ 10,000 ms: r512 (8,699 ms) meets, r1024 (97,822 ms) does not → r512
    [10_000, 40, 512],
    // TTFT ≤ 150 ms: only r16 (135.4 ms); r4 is 163.2 ms → r16, though r4 comes first
    [150, null, 16],
    // no target: the last step, r2048 (the elected Offline point is a step, §5.7)
    [null, null, 2048],
  ])("TTFT ≤ %s ms, TPOT ≤ %s ms → r%i", (ttft, tpot, n) => {
    const s = pickStep(curve, { ttftMs: ttft, tpotMs: tpot });
    expect(s.step?.concurrency).toBe(n);
    // r64 (no P90s) is never a step: 6 of the 7 points can be
    expect(s.step?.of).toBe(6);
  });

  it("a per-user speed no point reaches: no step, never a figure between or beyond the points", () => {
    // TPOT ≤ 5 ms is ≥ 200 tokens/s per user; every point gives 181.82
    const s = pickStep(curve, { ttftMs: null, tpotMs: 5 });
    expect(s.step).toBeNull();
    expect(s.step === null && s.why).toMatch(/≥ 200 tokens\/s per user.*fastest point gives 181\.82/);
  });
});

describe("capacity from a curve, by hand", () => {
  it("chat (100 req/s × 150 tokens, TTFT 450 ms, TPOT 40 ms) on step r128 → 30 accelerators, 5 nodes (N+1)", () => {
    const p = plan(calc(450, 40));
    expect(p.error).toBeNull();
    // r128: 22,407,098 output tokens ÷ 3,940.004920032 s = 5,687.07 tokens/s on 8 accelerators
    expect(step(p, "basis")).toBe("5,687.07 output tokens/s on 8 accelerators");
    expect(p.basis.throughput.how).toMatch(/^measured step r128, the last measured point/);
    // 5,687.0736 ÷ 150 = 37.913824 req/s; ÷ 8 = 4.739228; × 0.9 = 4.2653052; × 0.8 = 3.41224416 per accelerator
    expect(p.numbers?.reqPerSPerSystem).toBeCloseTo(37.913824, 5);
    expect(p.numbers?.plannedPerAccelerator).toBeCloseTo(3.41224416, 6);
    // 100 ÷ 3.41224416 = 29.306 → 30 accelerators → ⌈30 ÷ 8⌉ = 4 nodes + 1 spare = 5 nodes = 40 accelerators
    expect(p.numbers?.acceleratorsExact).toBeCloseTo(29.306, 3);
    expect([p.numbers?.acceleratorsNeeded, p.numbers?.nodesNeeded, p.numbers?.nodes, p.numbers?.accelerators]).toEqual([
      30, 4, 5, 40,
    ]);
    // the step's mean output length: 22,407,098 ÷ 6,396 samples = 3,503.3 tokens, far from 150 → a warning
    expect(p.basis.tokensPerSample).toBeCloseTo(3503.299, 2);
    expect(p.notes.map((n) => n.code)).toEqual(expect.arrayContaining(["length-mismatch", "p90-not-p99"]));
    // P90 meets the target; the planner's SLO is a p99 bound: an upper bound on capacity
    expect(p.fit?.status).toBe("overstated");
  });

  it("TTFT ≤ 10,000 ms on step r512 → 19 accelerators, 4 nodes", () => {
    const p = plan(calc(10_000, 40));
    // r512: 22,315,593 ÷ 2,427.693763211 s = 9,192.0955 tokens/s; ÷ 150 = 61.280637; ÷ 8 = 7.6600796; × 0.9 × 0.8 =
    // 5.5152573; 100 ÷ 5.5152573 = 18.13 → 19 accelerators → ⌈19 ÷ 8⌉ = 3 nodes + 1 = 4 nodes
    expect(p.numbers?.plannedPerAccelerator).toBeCloseTo(5.5152573, 6);
    expect([p.numbers?.acceleratorsNeeded, p.numbers?.nodes]).toEqual([19, 4]);
  });

  it("a batch job with no target on the last step r2048 → 41 accelerators, 7 nodes", () => {
    const p = plan(calc(null, null, 35, 1024));
    // r2048: 22,387,231 ÷ 2,294.2463236 s = 9,757.9893 tokens/s; ÷ 1,024 = 9.5292864; ÷ 8 = 1.1911608; × 0.9 × 0.8 =
    // 0.8576358; 35 ÷ 0.8576358 = 40.81 → 41 accelerators → ⌈41 ÷ 8⌉ = 6 nodes + 1 = 7 nodes
    expect(p.numbers?.plannedPerAccelerator).toBeCloseTo(0.8576358, 6);
    expect([p.numbers?.acceleratorsNeeded, p.numbers?.nodes]).toEqual([41, 7]);
    expect(p.fit?.status).toBe("fits");
  });
});

describe("GET /api/plan's base for a curve", () => {
  it('is {"kind":"curve", id, usable, reason, benchmark, nodes, steps}', () => {
    const j = planBaseJson(plan(calc(450, 40)));
    expect(j).toMatchObject({
      kind: "curve",
      id: curve.id,
      usable: true,
      reason: null,
      benchmark: "gpt-oss-120b",
      nodes: 5,
    });
    expect(j.steps[0]?.key).toBe("basis");
  });

  it("a withdrawn or invalidated curve is usable:false with the reason (the judge's decision)", () => {
    for (const status of ["withdrawn", "invalidated"] as const) {
      const j = planBaseJson(plan(calc(450, 40), fixtureCurve({ status, statusNote: "submitter request" })));
      expect(j.usable).toBe(false);
      expect(j.reason).toBe(
        `The curve is ${status} (submitter request): it is kept in the record and never planned with.`,
      );
      expect(j.nodes).toBeNull();
    }
  });

  it("no step meets the target: usable:false saying so", () => {
    const j = planBaseJson(plan(calc(null, 5)));
    expect(j.usable).toBe(false);
    expect(j.reason).toMatch(/No measured point of the curve meets/);
  });
});
