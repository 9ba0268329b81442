import { describe, expect, it } from "vitest";
import type { BasisSource } from "./basis";
import { type PlanCalcInputs, planCapacity } from "./compute";
import { MI355X_INTERACTIVE, MI355X_OFFLINE, MI355X_SERVER } from "./fixtures.mock";
import { sensitivity, tighterSlo } from "./sensitivity";

const INPUTS: PlanCalcInputs = {
  workload: { rps: 500, inTok: 550, outTok: 250 },
  slo: { ttftMs: 2000, tpotMs: 200 },
  fleet: { usablePct: 90, utilPct: 100, k: 1, pricePerAccHour: 3 },
  derate: true,
};

function table(sources: BasisSource[], inputs = INPUTS) {
  const bases = sources.map((s) => planCapacity(s, inputs));
  return sensitivity(sources, inputs, bases);
}

describe("sensitivity: issue 6's case (3 nodes as planned)", () => {
  const full: BasisSource = {
    kind: "published",
    result: MI355X_SERVER,
    siblings: [MI355X_OFFLINE, MI355X_INTERACTIVE],
  };
  const rows = table([full]);
  const row = (key: string) => rows.find((r) => r.key === key)?.cells[0];

  it("as planned: 3 nodes, $52,560 a month", () => {
    expect(row("base")).toMatchObject({ nodes: 3, accelerators: 24, deltaNodes: 0 });
    expect(row("base")?.perMonth).toBeCloseTo(52560, 6);
  });

  it("output +50%: 375 tokens → 4 nodes", () => {
    // 100,282 ÷ 375 = 267.4187 req/s; ÷ 8 = 33.4273; × 0.9 = 30.0846; 500 ÷ 30.0846 = 16.62 → 17; ⌈17 ÷ 8⌉ = 3; + 1 = 4
    expect(row("output-plus-50")).toMatchObject({ nodes: 4, accelerators: 32, deltaNodes: 1 });
  });

  it("SLO tighter: Interactive limits via the same system's Interactive result → still 3 nodes", () => {
    // 73,608.2 ÷ 250 = 294.4328; ÷ 8 = 36.8041; × 0.9 = 33.1237; 500 ÷ 33.1237 = 15.09 → 16; ⌈16 ÷ 8⌉ = 2; + 1 = 3
    const c = row("slo-tighter");
    expect(c).toMatchObject({ nodes: 3, deltaNodes: 0 });
    expect(c?.note).toContain("450 ms");
    expect(c?.note).toContain("Interactive result of the same system");
  });

  it("one more node lost: N+2 → 4 nodes", () => {
    expect(row("node-lost")).toMatchObject({ nodes: 4, deltaNodes: 1 });
  });

  it("says unknown when the system has no Interactive result", () => {
    const r = table([{ kind: "published", result: MI355X_SERVER, siblings: [MI355X_OFFLINE] }]);
    const c = r.find((x) => x.key === "slo-tighter")?.cells[0];
    expect(c?.nodes).toBeNull();
    expect(c?.note).toMatch(/unknown.*no Interactive result/);
  });

  it("says unknown when the SLO is already at the Interactive limits", () => {
    const r = table([full], { ...INPUTS, slo: { ttftMs: 450, tpotMs: 40 } });
    const c = r.find((x) => x.key === "slo-tighter")?.cells[0];
    expect(c?.nodes).toBeNull();
    expect(c?.note).toMatch(/nothing tighter/);
  });
});

describe("tighterSlo", () => {
  it("steps none → Server → Interactive → unknown", () => {
    expect(tighterSlo("llama2-70b", { ttftMs: null, tpotMs: null })).toMatchObject({
      ok: true,
      slo: { ttftMs: 2000, tpotMs: 200 },
    });
    expect(tighterSlo("llama2-70b", { ttftMs: 2000, tpotMs: 200 })).toMatchObject({
      ok: true,
      slo: { ttftMs: 450, tpotMs: 40 },
    });
    expect(tighterSlo("llama2-70b", { ttftMs: 450, tpotMs: 40 }).ok).toBe(false);
    expect(tighterSlo("mixtral-8x7b", { ttftMs: 2000, tpotMs: 200 })).toMatchObject({ ok: false });
    expect(tighterSlo("resnet", { ttftMs: 2000, tpotMs: 200 })).toMatchObject({ ok: false });
  });
});
