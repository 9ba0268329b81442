// A frozen overview stored before input and output were priced apart (issue 30) still reads: no split on its rows (its
// cost was all on output, and says so), weight 0, no traffic shape recorded. A payload with a split keeps it.
import { describe, expect, it } from "vitest";
import { checkOverviewPayload } from "./overview-payload";

const row = {
  system: "NVIDIA GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)",
  submitter: "NVIDIA",
  source: "published",
  verified: true,
  accelerator: "GB300",
  totalAccelerators: 72,
  division: "closed",
  round: "v6.0",
  tokensPerAccHour: 40_706_400,
  costPerMTokens: 0.0736985,
  cost: { accelerator: 0.0736985, energy: null },
  energyPerMTokensKWh: null,
  energyKind: null,
  energyWhy: "no MLPerf Power measurement for this result",
  basis: { kind: "result", id: "r1", point: "Interactive", href: "/results/r1", label: "v6.0 Interactive 6.0-0078" },
  meets: true,
  why: "ran under MLPerf's Interactive limits",
  ceiling: null,
};
const before = {
  kind: "overview",
  query: "benchmark=llama2-70b-99&pricePerAccHour=3",
  dataVersion: "1",
  dataVersionAt: "2026-12-01T00:00:00.000Z",
  benchmark: "llama2-70b-99",
  presetName: "Short interactive chat",
  level: { tpsPerUser: 25, ttftMs: 450 },
  pricing: { pricePerAccHour: 3, pricePerKwh: null, pue: 1.3 },
  rows: [row],
  notes: [],
  issues: [],
};

describe("checkOverviewPayload", () => {
  it("reads an overview frozen before the split as not split, weight 0", () => {
    const r = checkOverviewPayload(before);
    if (!r.ok) throw new Error(r.message);
    expect(r.payload.pricing.inputWeight).toBe(0);
    expect(r.payload.rows[0]?.split).toMatchObject({ mix: null, inputPerM: null, outputPerM: null });
    expect(r.payload.rows[0]?.split.why).toMatch(/frozen before input and output tokens were priced apart/);
  });

  it("keeps a stored split as it was", () => {
    const split = {
      mix: { inTok: 129.6645, outTok: 254.92683333333332, source: "measured by the bake-off run" },
      why: null,
      inputPerM: 0.2224048,
      outputPerM: 0.889619,
      blendedPerM: 0.5560119,
      energyInputKWh: null,
      energyOutputKWh: null,
    };
    const shape = { name: "Batched background job (no SLO)", inTok: 1024, outTok: 1024 };
    const r = checkOverviewPayload({
      ...before,
      pricing: { ...before.pricing, inputWeight: 0.25, shape },
      rows: [{ ...row, split }],
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.payload.rows[0]?.split).toEqual(split);
    expect(r.payload.pricing.shape).toEqual(shape);
  });
});
