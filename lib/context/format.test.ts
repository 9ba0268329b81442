// distinctLabels / pairLabels over real rows that share platform, benchmark and scenario (../shared data).
import { describe, expect, it } from "vitest";
import type { PublishedResult } from "@/lib/types";
import { computeFlags } from "./flags";
import { distinctLabels, pairLabels, resultLabel } from "./format";
import { real } from "./test-fixtures";
import { amd8, b300 } from "./test-rows";

const l40s = (division: string) =>
  real({
    round: "v4.1",
    platform: "vLLM_8xL40S-reference-cpu-pytorch-v2.3.1-default_config",
    model: "llama2-70b-99",
    scenario: "Offline",
    division,
  });
const sglang = (usedModel: string) =>
  real({
    round: "v5.1",
    platform: "xd670_h200_x8_sglang_049",
    model: "llama2-70b-99.9",
    scenario: "Offline",
    usedModel,
  });
const wan = (division: string) =>
  real({ round: "v6.0", platform: "h200_n1-kissv", model: "wan-2.2-t2v-a14b", scenario: "Offline", division });
const mi355x405b = (usedModel: string) =>
  real({ round: "v5.1", platform: "8xMI355X_2xEPYC_9575F", model: "llama3.1-405b", scenario: "Offline", usedModel });

type Case = [name: string, a: PublishedResult, b: PublishedResult, tailA: string, tailB: string];

const collisions: Case[] = [
  [
    "NeuralMagic L40S Open fp32 vs Closed fp8",
    l40s("open"),
    l40s("closed"),
    "[Open, fp32, ID 4.1-0113]",
    "[Closed, fp8, ID 4.1-0052]",
  ],
  [
    "Krai sglang, two Open models",
    sglang("llama3_1-70b-fp8_dyn"),
    sglang("llama3_1-70b-fp8_pre"),
    "[ran llama3_1-70b-fp8_dyn, ID 5.1-0380]",
    "[ran llama3_1-70b-fp8_pre, ID 5.1-0381]",
  ],
  ["Krai Wan Closed vs Open", wan("closed"), wan("open"), "[Closed, ID 6.0-0061]", "[Open, ID 6.0-0108]"],
  [
    "AMD 405B finetuned vs pruned",
    mi355x405b("llama3_1-405b_finetuned"),
    mi355x405b("llama3_1-405b_pruned"),
    "[ran llama3_1-405b_finetuned, ID 5.1-0100]",
    "[ran llama3_1-405b_pruned, ID 5.1-0101]",
  ],
];

describe("labels for results that share a platform name", () => {
  it.each(collisions)("%s: both sides told apart", (_n, a, b, tailA, tailB) => {
    expect(resultLabel(a)).toBe(resultLabel(b));
    expect(pairLabels(a, b)).toEqual([`${resultLabel(a)} ${tailA}`, `${resultLabel(b)} ${tailB}`]);
    expect(pairLabels(b, a)).toEqual([`${resultLabel(b)} ${tailB}`, `${resultLabel(a)} ${tailA}`]);
  });
  // (the two Open-model pairs raise no pairwise flag today: same division, precision and scale)
  it.each([collisions[0], collisions[2]].filter((c) => c !== undefined))(
    "%s: every two-sided flag names each side distinctly",
    (_n, a, b, tailA, tailB) => {
      const pairFlags = computeFlags([a, b]).filter((f) => f.ids.length === 2);
      expect(pairFlags.length).toBeGreaterThan(0);
      for (const f of pairFlags) {
        expect(f.message).toContain(tailA);
        expect(f.message).toContain(tailB);
      }
    },
  );
  it.each([
    ["8×MI355X vs B300", amd8(), b300()],
    ["-99 vs -99.9 of one system (labels differ by model)", amd8(), amd8("Offline", "llama2-70b-99.9")],
  ])("%s: labels already differ, so they are kept as they are", (_n, a, b) => {
    expect(pairLabels(a, b)).toEqual([resultLabel(a), resultLabel(b)]);
  });
  it("a set of three: only the colliding pair is extended", () => {
    const m = distinctLabels([l40s("open"), l40s("closed"), amd8()]);
    expect(m.get(amd8().id)).toBe(resultLabel(amd8()));
    expect(m.get(l40s("open").id)).toMatch(/\[Open, fp32, ID 4\.1-0113\]$/);
  });
  it("no MLCommons ID and nothing else differs → our id", () => {
    const a = { ...amd8(), id: "x1", resultId: null };
    const b = { ...amd8(), id: "x2", resultId: null };
    expect(pairLabels(a, b)).toEqual([`${resultLabel(a)} [id x1]`, `${resultLabel(b)} [id x2]`]);
  });
});
