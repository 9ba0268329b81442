// Pairwise rules on what was measured (benchmark, accuracy target, scenario, metric, division, used model,
// availability, precision), over real result pairs from ../shared data: positive and negative cases.
import { describe, expect, it } from "vitest";
import type { PublishedResult } from "@/lib/types";
import { computeFlags, type Severity } from "./flags";
import { llama, real } from "./test-fixtures";
import { amd8, amd87, amd405, b200v51, b300, h200, krai51, v41 } from "./test-rows";

type Pair = [name: string, a: PublishedResult, b: PublishedResult, severity: Severity | null];

/** Lenovo's v5.1 power Server rows, -99 and -99.9: two runs with different numbers on one platform. */
const lenovoPower = (model: string) =>
  real({ round: "v5.1", platform: "SR680a_V3_B200SXMx8_TRT", model, scenario: "Server", hasPower: true });

const NM_GO = "GO_2xRTX4090-reference-cpu-pytorch-v2.2.1-default_config";
const GO_4090 = "GATEOverflow_RTX4090x2-reference-gpu-vllm-default_config";

/** Severity of the flag with `code` for this pair, or null when there is none. */
function severityOf(a: PublishedResult, b: PublishedResult, code: string): Severity | null {
  return computeFlags([a, b]).find((f) => f.code === code)?.severity ?? null;
}

const rules: Record<string, Pair[]> = {
  benchmark: [
    [
      "llama2-70b vs gpt-oss-120b (v6.0 AMD)",
      amd8(),
      real({ round: "v6.0", platform: "94xMI355X_24xEPYC_9575F", model: "gpt-oss-120b", scenario: "Offline" }),
      "block",
    ],
    [
      "resnet vs bert-99 (v4.1 H200)",
      v41("H200-SXM-141GBx8_TRT", "resnet", "Offline", "NVIDIA"),
      v41("H200-SXM-141GBx8_TRT", "bert-99", "Offline", "NVIDIA"),
      "block",
    ],
    ["llama2-70b vs gpt-oss-120b (v6.0 B300)", b300(), b300("Offline", "gpt-oss-120b"), "block"],
    ["8×MI355X vs 87×MI355X", amd8(), amd87(), null],
    ["v4.1 H200 vs v6.0 B300", h200(), b300(), null],
    [
      "mixtral H200 vs mixtral MI300X",
      v41("H200-SXM-141GBx8_TRT", "mixtral-8x7b", "Offline", "NVIDIA"),
      real({
        round: "v5.1",
        submitter: "AMD",
        platform: "8xMI300X_2xEPYC_9575F",
        model: "mixtral-8x7b",
        scenario: "Offline",
      }),
      null,
    ],
  ],
  "accuracy-target": [
    ["AMD -99 vs B300 -99.9", amd8(), b300("Offline", "llama2-70b-99.9"), "warn"],
    [
      "Lenovo power -99 vs -99.9 Server (different numbers)",
      lenovoPower("llama2-70b-99"),
      lenovoPower("llama2-70b-99.9"),
      "warn",
    ],
    [
      "H200 bert-99 vs bert-99.9 (73,309.5 vs 63,950.4)",
      v41("H200-SXM-141GBx8_TRT", "bert-99", "Offline", "NVIDIA"),
      v41("H200-SXM-141GBx8_TRT", "bert-99.9", "Offline", "NVIDIA"),
      "warn",
    ],
    ["AMD 8× -99 and -99.9, one run", amd8(), amd8("Offline", "llama2-70b-99.9"), null],
    ["B300 Server -99 and -99.9, one run", b300("Server"), b300("Server", "llama2-70b-99.9"), null],
    ["H200 v4.1 -99 and -99.9, one run", h200(), h200("Offline", "llama2-70b-99.9"), null],
  ],
  // One run published under both accuracy targets (same measurementKey): count once; different systems or
  // different numbers keep the accuracy-target warning above instead.
  "published-twice": [
    ["AMD 8× Offline -99 and -99.9", amd8(), amd8("Offline", "llama2-70b-99.9"), "warn"],
    ["AMD 8× Interactive -99 and -99.9", amd8("Interactive"), amd8("Interactive", "llama2-70b-99.9"), "warn"],
    ["B300 Server -99 and -99.9", b300("Server"), b300("Server", "llama2-70b-99.9"), "warn"],
    ["H200 v4.1 Offline -99 and -99.9", h200(), h200("Offline", "llama2-70b-99.9"), "warn"],
    ["AMD -99 vs B300 -99.9 (different systems)", amd8(), b300("Offline", "llama2-70b-99.9"), null],
    [
      "Lenovo power -99 vs -99.9 Server (different numbers)",
      lenovoPower("llama2-70b-99"),
      lenovoPower("llama2-70b-99.9"),
      null,
    ],
    [
      "H200 bert-99 vs bert-99.9 (different numbers)",
      v41("H200-SXM-141GBx8_TRT", "bert-99", "Offline", "NVIDIA"),
      v41("H200-SXM-141GBx8_TRT", "bert-99.9", "Offline", "NVIDIA"),
      null,
    ],
    ["AMD 8× Offline vs Server", amd8(), amd8("Server"), null],
  ],
  scenario: [
    ["8×MI355X Offline vs B300 Server", amd8(), b300("Server"), "block"],
    ["8×MI355X Server vs Interactive", amd8("Server"), amd8("Interactive"), "block"],
    [
      "UntetherAI resnet Offline vs SingleStream",
      v41("h13_u1_preview", "resnet", "Offline"),
      v41("h13_u1_preview", "resnet", "SingleStream"),
      "block",
    ],
    ["Offline vs Offline", amd8(), b300(), null],
    ["Server vs Server", amd8("Server"), b300("Server"), null],
    ["Interactive vs Interactive", amd8("Interactive"), amd87("Interactive"), null],
  ],
  metric: [
    [
      "resnet Offline (samples/s) vs SingleStream (ms)",
      v41("h13_u1_preview", "resnet", "Offline"),
      v41("h13_u1_preview", "resnet", "SingleStream"),
      "block",
    ],
    [
      "Orin SDXL Offline vs SingleStream",
      v41("Orin_TRT", "stable-diffusion-xl", "Offline", "NVIDIA"),
      v41("Orin_TRT", "stable-diffusion-xl", "SingleStream", "NVIDIA"),
      "block",
    ],
    [
      "NeuralMagic Tokens/s vs Samples/s (same benchmark and scenario)",
      real({
        round: "v4.1",
        platform: "GO_2xRTX4090-reference-cpu-pytorch-v2.2.1-default_config",
        model: "llama2-70b-99.9",
        scenario: "Offline",
        id: "4.1-0109",
      }),
      real({
        round: "v4.1",
        platform: "GO_2xRTX4090-reference-cpu-pytorch-v2.2.1-default_config",
        model: "llama2-70b-99.9",
        scenario: "Offline",
        id: "4.1-0110",
      }),
      "block",
    ],
    ["Tokens/s vs Tokens/s", amd8(), b300(), null],
    [
      "SingleStream vs MultiStream, both ms",
      v41("h13_u1_preview", "resnet", "SingleStream"),
      v41("h13_u1_preview", "resnet", "MultiStream"),
      null,
    ],
    ["Server vs Server", amd8("Server"), b300("Server"), null],
  ],
  division: [
    [
      "Krai open (llama3_1-70b-fp8_trtllm) vs NVIDIA closed, v5.1",
      krai51("b200_x8"),
      b200v51("NVIDIA", "llama2-70b-99.9"),
      "warn",
    ],
    [
      "Krai open h200_n1-vllm vs B300 closed, v6.0",
      real({ round: "v6.0", platform: "h200_n1-vllm", model: "llama2-70b-99.9", scenario: "Offline" }),
      b300("Offline", "llama2-70b-99.9"),
      "warn",
    ],
    [
      "Inventec open vs AMD closed, v6.0",
      real({ round: "v6.0", platform: "P9000AG7_B200-SXM-180GBx8_TRT", model: "llama2-70b-99", scenario: "Offline" }),
      amd8(),
      "warn",
    ],
    ["closed vs closed", amd8(), b300(), null],
    [
      "open vs open (Krai b200_x8 vs sglang)",
      krai51("b200_x8"),
      krai51("xd670_h200_x8_sglang_049", "llama3_1-70b-fp8_dyn"),
      null,
    ],
    ["closed vs closed across rounds", h200(), b300(), null],
  ],
  // Open results may change the model: the summary's UsedModel says what ran.
  "used-model": [
    [
      "Krai sglang fp8_dyn vs fp8_pre, Offline (5.1-0380 / 0381)",
      krai51("xd670_h200_x8_sglang_049", "llama3_1-70b-fp8_dyn"),
      krai51("xd670_h200_x8_sglang_049", "llama3_1-70b-fp8_pre"),
      "warn",
    ],
    [
      "Krai vLLM fp8_dyn vs fp8_pre, Server (5.1-0382 / 0383)",
      krai51("xd670_h200_x8_vllm_092", "llama3_1-70b-fp8_dyn", "Server"),
      krai51("xd670_h200_x8_vllm_092", "llama3_1-70b-fp8_pre", "Server"),
      "warn",
    ],
    ["AMD llama3.1-405b finetuned vs pruned (5.1-0100 / 0101)", amd405("finetuned"), amd405("pruned"), "warn"],
    [
      "NeuralMagic reference llama2-70b vs Llama-2-7b FP8 (4.1-0109 / 0110)",
      real({ round: "v4.1", platform: NM_GO, model: "llama2-70b-99.9", scenario: "Offline", id: "4.1-0109" }),
      real({ round: "v4.1", platform: NM_GO, model: "llama2-70b-99.9", scenario: "Offline", id: "4.1-0110" }),
      "warn",
    ],
    [
      "Krai b200 fp8_trtllm vs h200 sglang fp8_dyn",
      krai51("b200_x8"),
      krai51("xd670_h200_x8_sglang_049", "llama3_1-70b-fp8_dyn"),
      "warn",
    ],
    [
      "same used model on two stacks (sglang vs vLLM fp8_dyn)",
      krai51("xd670_h200_x8_sglang_049", "llama3_1-70b-fp8_dyn"),
      krai51("xd670_h200_x8_vllm_092", "llama3_1-70b-fp8_dyn"),
      null,
    ],
    [
      "Open reference model under two spellings (llama3_1-8b-edge vs llama3.1-8b-edge)",
      real({ round: "v5.1", platform: GO_4090, model: "llama3.1-8b-edge", scenario: "Offline" }),
      real({ round: "v6.0", platform: "Jetson-Thor", model: "llama3.1-8b-edge", scenario: "Offline" }),
      null,
    ],
    [
      "Closed llama3_1-8b vs llama3.1-8b (one reference model)",
      llama("v6.0", "Intel", "1-node-4x-BMG-B70", "Offline", "llama3.1-8b"),
      llama("v6.0", "Lambda_SIT", "B200-SXM-180GBx8_TRT", "Offline", "llama3.1-8b"),
      null,
    ],
    ["Closed pair", amd8(), b300(), null],
    [
      "Open vs Closed (the division flag names the model)",
      krai51("b200_x8"),
      b200v51("NVIDIA", "llama2-70b-99.9"),
      null,
    ],
    ["different benchmarks (the benchmark flag)", krai51("b200_x8"), amd405("pruned"), null],
  ],
  availability: [
    ["Intel BMG Preview vs AMD Available", llama("v6.0", "Intel", "1-node-4x-BMG-B70", "Offline"), amd8(), "warn"],
    [
      "AMD TURIN Preview vs AMD 9374F Available",
      llama("v4.1", "AMD", "8xMI300X_2xEPYC-TURIN", "Offline"),
      llama("v4.1", "AMD", "8xMI300X_2xEPYC-9374F", "Offline"),
      "warn",
    ],
    ["B200×1 Preview vs H200 Available", llama("v4.1", "NVIDIA", "B200-SXM-180GBx1_TRT", "Offline"), h200(), "warn"],
    ["Available vs Available", amd8(), b300(), null],
    [
      "Preview vs Preview",
      llama("v4.1", "AMD", "8xMI300X_2xEPYC-TURIN", "Offline"),
      llama("v4.1", "NVIDIA", "B200-SXM-180GBx1_TRT", "Offline"),
      null,
    ],
    ["Available vs Available across rounds", h200(), b300(), null],
  ],
  precision: [
    ["closed fp16 vs closed fp4, same benchmark", h200(), b300(), "warn"],
    [
      "closed int8 vs closed fp4, same benchmark",
      llama("v6.0", "Intel", "1-node-4x-BMG-B70", "Offline"),
      amd8(),
      "warn",
    ],
    [
      "open int4 (GPTQ) vs closed fp16",
      real({
        round: "v4.1",
        platform: "4xH100-SXM-80GB_vLLM_GPTQ-reference-cpu-pytorch-v2.3.1-default_config",
        model: "llama2-70b-99",
        scenario: "Offline",
      }),
      h200(),
      "warn",
    ],
    // the importer reads MXFP4 as fp4 (lib/mlperf/precision.ts): one precision to this rule, whatever the raw forms
    ["open mxfp4 vs closed fp4", llama("v5.1", "AMD", "8xMI355X_2xEPYC_9575F", "Offline"), b200v51(), null],
    ["fp4 vs fp4", amd8(), b300(), null],
    ["precision not published (UNSET) vs fp4", krai51("b200_x8"), b200v51("NVIDIA", "llama2-70b-99.9"), null],
    ["fp4 vs fp4, 8× vs 87×", amd8(), amd87(), null],
  ],
};

describe.each(Object.entries(rules))("rule %s", (code, pairs) => {
  it.each(pairs)("%s", (_name, a, b, severity) => {
    expect(severityOf(a, b, code)).toBe(severity);
    expect(severityOf(b, a, code)).toBe(severity);
  });
});

describe("flag messages", () => {
  it.each([
    ["AMD 8× Offline", amd8(), amd8("Offline", "llama2-70b-99.9"), "103,480 tokens/s"],
    ["B300 Server", b300("Server"), b300("Server", "llama2-70b-99.9"), "tokens/s"],
    ["H200 v4.1 Offline", h200(), h200("Offline", "llama2-70b-99.9"), "tokens/s"],
  ])("published-twice (%s): one measurement, two named accuracy targets, count once", (_n, a, b, value) => {
    const f = computeFlags([b, a]).find((x) => x.code === "published-twice");
    expect(f?.ids).toEqual([a.id, b.id].sort());
    expect(f?.message).toMatch(/^One measurement published twice: /);
    expect(f?.message).toContain(value);
    expect(f?.message).toContain(
      "under two accuracy targets, llama2-70b-99 (99% of the reference accuracy) and llama2-70b-99.9 (99.9% of the reference accuracy)",
    );
    expect(f?.message).toContain("Count it once, not as two results.");
    expect(f?.message).toContain("llama2-70b-99 and llama2-70b-99.9 remain separate benchmarks");
  });
  it("twins beside a third result: counted once, and the -99.9 twin still differs in target from it", () => {
    const flags = computeFlags([amd8(), amd8("Offline", "llama2-70b-99.9"), b300()]);
    expect(flags.filter((f) => f.code === "published-twice")).toHaveLength(1);
    const acc = flags.filter((f) => f.code === "accuracy-target");
    expect(acc.map((f) => f.ids)).toEqual([[amd8("Offline", "llama2-70b-99.9").id, b300().id].sort()]);
  });
  it("division names the model the Open result actually ran", () => {
    const f = computeFlags([krai51("b200_x8"), b200v51("NVIDIA", "llama2-70b-99.9")]).find(
      (x) => x.code === "division",
    );
    expect(f?.message).toContain("ran llama3_1-70b-fp8_trtllm for the llama2-70b-99.9 benchmark");
  });
  it.each([
    [
      "Krai sglang",
      krai51("xd670_h200_x8_sglang_049", "llama3_1-70b-fp8_dyn"),
      krai51("xd670_h200_x8_sglang_049", "llama3_1-70b-fp8_pre"),
      ["for the llama2-70b-99.9 benchmark: ", "ran llama3_1-70b-fp8_dyn;", "ran llama3_1-70b-fp8_pre."],
    ],
    [
      "AMD 405b",
      amd405("finetuned"),
      amd405("pruned"),
      ["for the llama3.1-405b benchmark: ", "ran llama3_1-405b_finetuned;", "ran llama3_1-405b_pruned."],
    ],
    [
      "NeuralMagic",
      real({ round: "v4.1", platform: NM_GO, model: "llama2-70b-99.9", scenario: "Offline", id: "4.1-0109" }),
      real({ round: "v4.1", platform: NM_GO, model: "llama2-70b-99.9", scenario: "Offline", id: "4.1-0110" }),
      ["ran llama2-70b-99.9 (the reference model);", "ran neuralmagic_Llama-2-7b-chat-hf-FP8."],
    ],
  ])("used-model (%s) names both used models", (_n, a, b, parts) => {
    const f = computeFlags([b, a]).find((x) => x.code === "used-model");
    expect(f?.message).toMatch(/^Different models ran for the /);
    for (const p of parts) expect(f?.message).toContain(p);
    expect(f?.message).toContain("The Open division lets submitters change the model");
  });
  it("precision names both precisions", () => {
    const f = computeFlags([h200(), b300()]).find((x) => x.code === "precision");
    expect(f?.message).toContain("uses fp16");
    expect(f?.message).toContain("uses fp4");
  });
  it("availability states the Preview invalidation rule", () => {
    const f = computeFlags([llama("v6.0", "Intel", "1-node-4x-BMG-B70", "Offline"), amd8()]).find(
      (x) => x.code === "availability",
    );
    expect(f?.message).toContain("140 days");
    expect(f?.message).toContain("the Preview result is marked invalid");
  });
  it("Server vs Interactive states both pairs of limits", () => {
    const f = computeFlags([amd8("Server"), amd8("Interactive")]).find((x) => x.code === "scenario");
    expect(f?.message).toContain("p99 TTFT stays within 2000 ms and p99 TPOT within 200 ms");
    expect(f?.message).toContain("p99 TTFT stays within 450 ms and p99 TPOT within 40 ms");
  });
});
