// Curve facts in the one verdict: an Endpoints curve point beside an MLPerf Inference result of the same model is
// flagged for what differs (P90 against P99: block; different suites, KV-cache reuse, network: warn; peer review
// pending: info); two curves of the same layout are not flagged for those.
import { describe, expect, it } from "vitest";
import type { Curve } from "@/lib/endpoints/curve-types";
import type { PublishedResult } from "@/lib/types";
import { endpointsFacts, itemFromCurve } from "./curve-facts";
import { itemFromResult } from "./items";
import { judgeSet } from "./verdict";

const curve = (id: string, over: Partial<Curve> = {}): Curve =>
  ({
    id,
    seriesId: id,
    suite: "endpoints",
    layout: "v1.0",
    submitter: "S",
    system: `sys-${id}`,
    model: "gpt-oss-120b",
    benchmark: "gpt-oss-120b",
    division: "Standardized",
    clientLocation: null,
    availability: "Available",
    status: "finalized",
    statusNote: null,
    cohort: "2026-10-C1",
    accelerator: "A",
    acceleratorsPerNode: 8,
    nodes: 1,
    totalAccelerators: 8,
    servingEngine: "vLLM",
    precision: "FP16",
    provisionedPowerW: 14700,
    provisionedPowerNote: "",
    inputTokenAverage: null,
    outputTokenAverage: null,
    sourceUrl: null,
    source: "",
    synthetic: false,
    supersededBy: null,
    importedAt: null,
    points: [],
    ...over,
  }) as Curve;

const result = {
  id: "r1",
  system: "Y",
  submitter: "X",
  model: "gpt-oss-120b",
  usedModel: "gpt-oss-120b",
  scenario: "Server",
  precision: "FP16",
  nodes: 1,
  totalAccelerators: 8,
  software: "vLLM 0.10",
  softwareStack: [],
} as unknown as PublishedResult;

describe("curve facts in judgeSet", () => {
  it("a curve beside an Inference result: P90 vs P99 blocks; suite, KV-cache reuse and network warn", () => {
    const v = judgeSet([itemFromCurve(curve("c1")), itemFromResult(result)]);
    const codes = Object.fromEntries(v.flags.map((f) => [f.code, f.severity]));
    expect(codes["latency-percentile"]).toBe("block");
    expect(codes.suite).toBe("warn");
    expect(codes["kv-cache-reuse"]).toBe("warn");
    expect(codes.network).toBe("warn");
    expect(v.verdict).toBe("not-comparable");
  });

  it("two finalized v1.0 curves: none of those flags", () => {
    const v = judgeSet([itemFromCurve(curve("c1")), itemFromCurve(curve("c2"))]);
    expect(v.flags.map((f) => f.code)).not.toContain("latency-percentile");
    expect(v.flags.map((f) => f.code)).not.toContain("suite");
  });

  it("peer review pending is said; an invalidated curve is never a basis", () => {
    const v = judgeSet([
      itemFromCurve(curve("c1", { status: "peer-review-pending" })),
      itemFromCurve(curve("c2", { status: "invalidated" })),
    ]);
    expect(v.flags.find((f) => f.code === "peer-review-pending")?.ids).toEqual(["c1"]);
    expect(v.excluded.map((e) => e.id)).toEqual(["c2"]);
  });

  it("power is provisioned when system_power.json gave a figure; v0.7 claims no P90", () => {
    expect(endpointsFacts({ layout: "v1.0", provisionedPowerW: 14700 })).toMatchObject({
      power: "provisioned",
      latencyPercentile: 90,
    });
    expect(endpointsFacts({ layout: "v0.7", provisionedPowerW: null }).latencyPercentile).toBeUndefined();
  });
});
