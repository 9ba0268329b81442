import { describe, expect, it } from "vitest";
import {
  canonicalPrecision,
  canonicalUnits,
  isNullish,
  normalizeCoreCount,
  normalizeLocation,
  normalizeResultId,
  normalizeRound,
  normalizeScenario,
  normalizeUrl,
  parseBool,
  parseCount,
  parseNumber,
  splitModel,
  tokensPerSample,
  toText,
  unitsDirection,
} from "./normalize";
import { CM4_FILES, ROUND_FILES, rawSummaryRows, readSummaryText } from "./test-real-summaries";

describe("parseCount", () => {
  it.each([
    [8, 8],
    [8.0, 8],
    ["11", 11],
    ["8.0", 8],
    [" 24 ", 24],
    [0, 0],
    ["", null],
    ["N/A", null],
    ["n/a", null],
    ["None", null],
    [null, null],
    [undefined, null],
    [-1, null],
    ["-3", null],
    [8.5, null],
    ["8.5", null],
    ["abc", null],
    ["8 GPUs", null],
    [Number.NaN, null],
    [true, null],
  ])("%j → %j", (raw, expected) => {
    expect(parseCount(raw)).toBe(expected);
  });
});

describe("parseNumber", () => {
  it.each([
    [1042110.0, 1042110],
    ["57174.1", 57174.1],
    ["1.04211e+06", 1042110],
    [".5", 0.5],
    ["abc", null],
    ["", null],
    [Number.POSITIVE_INFINITY, null],
    ["12,5", null],
  ])("%j → %j", (raw, expected) => {
    expect(parseNumber(raw)).toBe(expected);
  });
});

describe("parseBool", () => {
  it.each([
    [true, true],
    [false, false],
    ["True", true],
    ["False", false],
    ["true", true],
    [1, true],
    [0, false],
    ["1", true],
    ["0", false],
    ["None", null],
    ["", null],
    [2, null],
    ["maybe", null],
    [null, null],
  ])("%j → %j", (raw, expected) => {
    expect(parseBool(raw)).toBe(expected);
  });
});

// Every distinct weight_data_types value in the real files (three rounds, GigaComputing v5.1 CSV, cm4mlperf).
const REAL_PRECISIONS: [string, string | null][] = [
  ["fp4", "fp4"],
  ["mxfp4", "fp4"],
  ["MXFP4", "fp4"],
  ["fp8", "fp8"],
  ["float8", "fp8"],
  ["int8", "int8"],
  ["INT8", "int8"],
  ["uint8", "int8"],
  ["int4", "int4"],
  ["INT4", "int4"],
  ["UINT4", "int4"],
  ["bf16", "bf16"],
  ["bfloat16", "bf16"],
  ["fp16", "fp16"],
  ["fp32", "fp32"],
  ["UNSET", null],
  ["fp8,bf16", "bf16+fp8"],
  ["fp8,fp16,int8", "fp16+fp8+int8"],
  ["BF16/F32/F8_E4M3/U8", "bf16+fp32+fp8+int8"],
  ["clip1:fp32,clip2:fp32,unet:fp8,vae:fp32", "fp32+fp8"],
  ["{'clip1': 'fp32', 'clip2': 'fp32', 'unet': 'fp8', 'vae': 'fp32'}", "fp32+fp8"],
  ["{'clip1': 'fp16', 'clip2': 'fp16', 'unet': 'fp8', 'vae': 'int8'}", "fp16+fp8+int8"],
];

describe("canonicalPrecision", () => {
  it.each(REAL_PRECISIONS)("real value %j → %j, raw kept", (raw, expected) => {
    expect(canonicalPrecision(raw)).toEqual({ precision: expected, raw });
  });

  it.each([
    ["nvfp4", "fp4"],
    ["FP8", "fp8"],
    ["F8_E4M3", "fp8"],
    ["F32", "fp32"],
    ["fp16,bf16,fp8", "bf16+fp16+fp8"],
    ["bf16, fp8, fp4", "bf16+fp4+fp8"],
    ["fp8, fp8", "fp8"],
    ["", null],
    ["fp8,weird", null],
    ["banana", null],
  ])("%j → %j", (raw, expected) => {
    expect(canonicalPrecision(raw).precision).toBe(expected);
  });

  it("keeps the raw text, and returns null raw for non-strings", () => {
    expect(canonicalPrecision("MXFP4").raw).toBe("MXFP4");
    expect(canonicalPrecision(undefined)).toEqual({ precision: null, raw: null });
  });

  it("the table covers every distinct weight_data_types value in the real files", () => {
    const seen = new Set<string>();
    for (const f of [...Object.values(ROUND_FILES), CM4_FILES[2]]) {
      for (const r of rawSummaryRows(f)) seen.add(String(r.weight_data_types));
    }
    for (const line of readSummaryText("v5.1.closed-GigaComputing.summary.csv").split("\n").slice(1)) {
      const m = /"([^"]*)"$/.exec(line.trim());
      if (m?.[1]) seen.add(m[1]);
    }
    expect([...seen].sort()).toEqual(REAL_PRECISIONS.map(([raw]) => raw).sort());
  });
});

// Every distinct Model in the three round files.
const REAL_MODELS: [string, string, string | null][] = [
  ["3d-unet-99", "3d-unet", "99"],
  ["3d-unet-99.9", "3d-unet", "99.9"],
  ["bert-99", "bert", "99"],
  ["bert-99.9", "bert", "99.9"],
  ["deepseek-r1", "deepseek-r1", null],
  ["dlrm-v2-99", "dlrm-v2", "99"],
  ["dlrm-v2-99.9", "dlrm-v2", "99.9"],
  ["dlrm-v3", "dlrm-v3", null],
  ["gpt-oss-120b", "gpt-oss-120b", null],
  ["gptj-99", "gptj", "99"],
  ["gptj-99.9", "gptj", "99.9"],
  ["llama2-70b-99", "llama2-70b", "99"],
  ["llama2-70b-99.9", "llama2-70b", "99.9"],
  ["llama3.1-405b", "llama3.1-405b", null],
  ["llama3.1-8b", "llama3.1-8b", null],
  ["llama3.1-8b-edge", "llama3.1-8b-edge", null],
  ["mixtral-8x7b", "mixtral-8x7b", null],
  ["pointpainting", "pointpainting", null],
  ["qwen3-vl-235b-a22b", "qwen3-vl-235b-a22b", null],
  ["resnet", "resnet", null],
  ["retinanet", "retinanet", null],
  ["rgat", "rgat", null],
  ["stable-diffusion-xl", "stable-diffusion-xl", null],
  ["wan-2.2-t2v-a14b", "wan-2.2-t2v-a14b", null],
  ["whisper", "whisper", null],
  ["yolo-95", "yolo", "95"],
  ["yolo-99", "yolo", "99"],
];

describe("splitModel", () => {
  it.each(REAL_MODELS)("%s → family %s, target %s", (model, modelFamily, accuracyTarget) => {
    expect(splitModel(model)).toEqual({ modelFamily, accuracyTarget });
  });

  it.each([
    ["mobilenet-v1-precision_float-0.25-224", "mobilenet-v1-precision_float-0.25-224", null],
    ["bert-large-pruned80_quant-none-vnni-bert-99", "bert-large-pruned80_quant-none-vnni-bert", "99"],
    ["llama3_1-70b-fp8_dyn", "llama3_1-70b-fp8_dyn", null],
  ])("open-division used model %s → %s / %s", (model, modelFamily, accuracyTarget) => {
    expect(splitModel(model)).toEqual({ modelFamily, accuracyTarget });
  });

  it("the table covers every distinct Model in the three round files", () => {
    const seen = new Set(Object.values(ROUND_FILES).flatMap((f) => rawSummaryRows(f).map((r) => String(r.Model))));
    expect([...seen].sort()).toEqual(REAL_MODELS.map(([m]) => m).sort());
  });
});

describe("normalizeScenario", () => {
  it.each([
    ["offline", "Offline"],
    ["Offline", "Offline"],
    ["Server", "Server"],
    ["SERVER", "Server"],
    ["interactive", "Interactive"],
    ["singlestream", "SingleStream"],
    ["SingleStream", "SingleStream"],
    ["Single Stream", "SingleStream"],
    ["multi_stream", "MultiStream"],
    ["Batch", null],
    ["", null],
    [null, null],
  ])("%j → %j", (raw, expected) => {
    expect(normalizeScenario(raw)).toBe(expected);
  });
});

describe("canonicalUnits", () => {
  it.each([
    ["Tokens/s", "Tokens/s"],
    ["tokens/s", "Tokens/s"],
    [" Samples / sec ", "Samples/s"],
    ["QUERIES/S", "Queries/s"],
    ["Latency (ms)", "Latency (ms)"],
    ["latency (MS)", "Latency (ms)"],
    ["Latency(s)", "Latency (s)"],
    ["furlongs/fortnight", "furlongs/fortnight"],
    ["  Watts ", "Watts"],
  ])("%j → %j", (raw, want) => {
    expect(canonicalUnits(raw)).toBe(want);
  });
});

describe("unitsDirection", () => {
  it.each([
    ["Tokens/s", "Offline", true, "throughput", 1],
    ["Samples/s", "Offline", true, "throughput", 1],
    ["Queries/s", "Server", true, "throughput", 1],
    ["Latency (ms)", "SingleStream", false, "latency", 0.001],
    ["Latency (s)", "SingleStream", false, "latency", 1],
  ] as const)("%s (%s) → higherIsBetter %s, %s, scale %s", (units, scenario, higher, kind, scale) => {
    expect(unitsDirection(units, scenario)).toEqual({ higherIsBetter: higher, kind, unitScale: scale, known: true });
  });

  it("guesses from the scenario for unknown units and says so", () => {
    expect(unitsDirection("furlongs", "MultiStream")).toMatchObject({ higherIsBetter: false, known: false });
    expect(unitsDirection("furlongs", "Offline")).toMatchObject({ higherIsBetter: true, known: false });
  });
});

describe("isNullish / toText", () => {
  it.each([
    [null, true, null],
    [undefined, true, null],
    ["", true, null],
    ["None", true, null],
    ["N/A", true, null],
    ["-", true, null],
    ["  null  ", true, null],
    ["\tNaN\n", true, null],
    // padded with characters trim() removes but the ASCII fast path must not mistake for content
    ["\u00a0none\u00a0", true, null],
    ["\u2028None", true, null],
    ["none\ufeff", true, null],
    ["Nonexistent", false, "Nonexistent"],
    ["  Ubuntu 22.04 ", false, "Ubuntu 22.04"],
    ["\u00a0MI355X", false, "MI355X"],
    ["none-of-the-above", false, "none-of-the-above"],
    [0, false, "0"],
    [false, false, "false"],
  ])("%j → nullish %j, text %j", (raw, nullish, text) => {
    expect(isNullish(raw)).toBe(nullish);
    expect(toText(raw)).toBe(text);
  });
});

describe("small field normalizers", () => {
  it.each([
    ["ROUGE1: 44.5439  ROUGE2: 22.1342  ROUGEL: 28.9124  TOKENS_PER_SAMPLE: 283.0", 283],
    ["exact_match: 81.74567000911577  TOKENS_PER_SAMPLE: 3623.5193710118506", 3623.5193710118506],
    ["CLIP_SCORE: 15.586050063371658  FID_SCORE: 236.8087101317688", null],
    [null, null],
  ])("tokensPerSample(%j) → %j", (text, expected) => {
    expect(tokensPerSample(text)).toBe(expected);
  });

  it.each([
    ["v4.1-0001", "4.1-0001"],
    ["6.0-0001", "6.0-0001"],
    ["", null],
  ])("normalizeResultId(%j) → %j", (raw, expected) => {
    expect(normalizeResultId(raw)).toBe(expected);
  });

  it.each([
    ["v4.1", "v4.1"],
    ["4.1", "v4.1"],
    ["v6.0", "v6.0"],
    ["5.1-0001", "v5.1"],
    ["six", null],
    [undefined, null],
  ])("normalizeRound(%j) → %j", (raw, expected) => {
    expect(normalizeRound(raw)).toBe(expected);
  });

  it.each([
    [
      "./closed/AMD/results/87xMI355X_22xEPYC_9575F/llama2-70b-99/Offline/performance/run_1",
      "closed/AMD/results/87xMI355X_22xEPYC_9575F/llama2-70b-99/Offline",
    ],
    [
      "closed/AMD/results/8xMI300X_2xEPYC-9374F/llama2-70b-99/Server",
      "closed/AMD/results/8xMI300X_2xEPYC-9374F/llama2-70b-99/Server",
    ],
    ["open/MLCommons/results/x/gptj-99/offline/", "open/MLCommons/results/x/gptj-99/offline"],
    [
      ".\\closed\\AMD\\results\\x\\llama2-70b-99\\Offline\\performance\\run_1\\",
      "closed/AMD/results/x/llama2-70b-99/Offline",
    ],
    ["././closed/x/y/Server/performance/run_12", "closed/x/y/Server"],
    ["", null],
  ])("normalizeLocation(%j) → %j", (raw, expected) => {
    expect(normalizeLocation(raw)).toBe(expected);
  });

  it("repairs the doubled host of the cm4mlperf Details links and leaves good links alone", () => {
    expect(
      normalizeUrl(
        "https://github.com/mlcommons/https://github.com/mlcommons/submissions_inference_results_v4.1/tree/main/open",
      ),
    ).toBe("https://github.com/mlcommons/submissions_inference_results_v4.1/tree/main/open");
    expect(normalizeUrl("https://github.com/mlcommons/inference_results_v5.1/tree/main/closed/AMD")).toBe(
      "https://github.com/mlcommons/inference_results_v5.1/tree/main/closed/AMD",
    );
  });

  it.each([
    [64.0, "64"],
    ["24", "24"],
    [24, "24"],
    ["64(AMD EPYC 9534) and 96(AMD EPYC 9655)", "64(AMD EPYC 9534) and 96(AMD EPYC 9655)"],
    ["", null],
  ])("normalizeCoreCount(%j) → %j", (raw, expected) => {
    expect(normalizeCoreCount(raw)).toBe(expected);
  });
});
