// The judge's rules over real inputs from ../shared/data; every expected value is read by hand from the file or the
// rule's source (quoted beside each case), never computed by the code under test.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseLoadgenSummary } from "@/lib/loadgen/summary";
import { sharedPath } from "@/lib/shared-data";
import {
  benchmarkIdentity,
  engineOfRun,
  engineOfStack,
  judgeSet,
  judgeValidity,
  sameBenchmark,
  tokenLimits,
} from "./index";
import type { JudgeItem } from "./verdict";

const SERVER = sharedPath("bakeoff", "mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server", "mlperf_log_summary.txt");
const serverText = readFileSync(SERVER, "utf8");
// The same log as LoadGen writes a run that failed its latency bound and early stopping (results.cc LogSummary:
// "Result is : INVALID", "  Performance constraints satisfied : NO", "  Early stopping satisfied: NO",
// EarlyStopping's " * Run unsuccessful.").
const invalidText = serverText
  .replace("Result is : VALID", "Result is : INVALID")
  .replace("Performance constraints satisfied : Yes", "Performance constraints satisfied : NO")
  .replace("Early stopping satisfied: Yes", "Early stopping satisfied: NO")
  .replace("TTFT Early Stopping Result:\n * Run successful.", "TTFT Early Stopping Result:\n * Run unsuccessful.");

describe("benchmark identity: every spelling MLCommons uses", () => {
  it.each([
    // [spelling, canonical id, family, scenario named by the spelling]
    ["llama3_1-405b", "llama3.1-405b", "llama3.1-405b", null], // results-repo folder; checker model_mapping
    ["llama3.1-405b", "llama3.1-405b", "llama3.1-405b", null], // summary
    ["LLAMA3.1-405B", "llama3.1-405b", "llama3.1-405b", null],
    ["llama3_1-8b-interactive", "llama3.1-8b", "llama3.1-8b", "Interactive"], // mlperf.conf key
    ["llama3.1-405b-interactive", "llama3.1-405b", "llama3.1-405b", "Interactive"], // checker models_TEST06
    ["llama2-70b-interactive-99", "llama2-70b-interactive-99", "llama2-70b-interactive", null], // v5.0's own benchmark
    ["VLM", "qwen3-vl-235b-a22b", "qwen3-vl-235b-a22b", null], // v6.1 summary.csv MlperfModel
    ["resnet50", "resnet", "resnet", null], // checker model_mapping
    ["llama2-70b-99.9", "llama2-70b-99.9", "llama2-70b", null],
  ])("%s → %s", (name, id, family, scenario) => {
    const i = benchmarkIdentity(name);
    expect([i.benchmark, i.modelFamily, i.scenario, i.known]).toEqual([id, family, scenario, true]);
  });
  it("keeps accuracy targets and unknown names apart", () => {
    expect(sameBenchmark("llama3_1-405b", "llama3.1-405b")).toBe(true);
    expect(sameBenchmark("llama2-70b-99", "llama2-70b-99.9")).toBe(false);
    expect(benchmarkIdentity("foo-model").known).toBe(false);
  });
});

describe("validity: the failed checks quoted as LoadGen writes them", () => {
  it("a VALID real log is a basis with no failed check", () => {
    const run = parseLoadgenSummary(serverText, SERVER).run;
    if (!run) throw new Error("the real log did not parse");
    expect(judgeValidity(run)).toMatchObject({ validity: "VALID", failedChecks: [], basis: true });
  });
  it("an INVALID log lists what failed with its NO, in LoadGen's order, and is never a basis", () => {
    const run = parseLoadgenSummary(invalidText, SERVER).run;
    if (!run) throw new Error("the edited log did not parse");
    const v = judgeValidity(run);
    expect(v.validity).toBe("INVALID");
    expect(v.basis).toBe(false);
    expect(v.failedChecks).toEqual([
      "Performance constraints satisfied : NO",
      "Early stopping satisfied: NO",
      "TTFT Early Stopping Result: * Run unsuccessful.",
    ]);
    expect(v.summary).toContain("Performance constraints satisfied : NO");
  });
});

describe("serving engine: named by the source, or unknown", () => {
  it.each([
    // v6.0 6.0-0073 NVIDIA DGX B300 llama2-70b-99: the system's list names TensorRT-LLM and vLLM for every benchmark
    [
      "TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0",
      "llama2-70b-99",
      null,
    ],
    // v6.0 6.0-0001 AMD MI355X cluster: only a library and a runtime
    ["PyTorch 2.9.1+git8907517, ROCm 7.0.0", "llama2-70b-99", null],
    ["PyTorch", "resnet", null], // v5.1/v6.0 rows whose whole stack is "PyTorch"
    // v6.0 6.0-0019 Dell PowerEdge XE9680 llama2-70b-99
    ["vLLM 0.9.0.2.dev108+g71faa1880.d20260213, Pytorch 2.7.0+gitf717b2a, ROCm 6.4.1", "llama2-70b-99", "vLLM"],
    // published stacks of other rounds (moved here from lib/mlperf/software.test.ts): runtimes are not engines
    ["TensorRT 10.2.0, CUDA 12.4", "llama2-70b-99", null],
    ["SGLang v0.4.9", "llama2-70b-99", "SGLang"],
    ["Mango LLMBoost AI Enterprise Platform, ROCm 6.12.12", "llama2-70b-99", "LLMBoost"],
    ["LLM-D v0.5.0 ,OpenShift 4.21, RHEL 9.6", "llama2-70b-99", "llm-d"],
    ["KRAI Inference Library Technology (KILT) with ONNX Runtime support", "resnet", null],
    ["tf v2.19.0", "resnet", null],
    ["CUDA 12.4", "resnet", null],
  ])("%s (%s) → %s", (software, model, engine) => {
    expect(engineOfStack(software, null, model).engine).toBe(engine);
  });
  it("says which words decided, and why unknown", () => {
    const v = engineOfStack("vLLM 0.9.0.2.dev108+g71faa1880.d20260213, Pytorch 2.7.0+gitf717b2a, ROCm 6.4.1", null);
    expect(v.decidedBy).toEqual(["vLLM 0.9.0.2.dev108+g71faa1880.d20260213"]);
    expect(engineOfStack("PyTorch 2.9.1+git8907517, ROCm 7.0.0", null).reason).toMatch(
      /names no serving engine \(PyTorch, ROCm are libraries or runtimes/,
    );
  });
  it("reads a file's engine field: sgl is SGLang, a library is not an engine", () => {
    expect(engineOfRun("sgl", "framework")).toMatchObject({ engine: "SGLang", decidedBy: ["framework: sgl"] });
    expect(engineOfRun("vllm", "framework").engine).toBe("vLLM");
    expect(engineOfRun("", "framework").engine).toBeNull();
    expect(engineOfRun("pytorch").engine).toBeNull();
  });
});

describe("scenario limits: one table, checker values", () => {
  it.each([
    // constants.py LLM_LATENCY_LIMITS: gpt-oss-120b Interactive ttft 2000 ms, tpot 15 ms (the rules notes say 20)
    ["gpt-oss-120b", "Interactive", 2000, 15],
    ["gpt-oss-120b", "Server", 3000, 80],
    ["llama3_1-405b", "Interactive", 4500, 80], // folder spelling
    ["llama2-70b-99.9", "Server", 2000, 200],
    ["llama2-70b-interactive-99", "Server", 450, 40], // v5.0: LLM_LATENCY_LIMITS["llama2-70b-interactive-99"]
  ] as const)("%s %s → %i / %i ms", (name, scenario, ttft, tpot) => {
    expect(tokenLimits(name, scenario)).toMatchObject({ ttftMs: ttft, tpotMs: tpot });
  });
  it("mixtral-8x7b has no Interactive limits", () => {
    expect(tokenLimits("mixtral-8x7b", "Interactive")).toBeNull();
  });
});

const item = (over: Partial<JudgeItem> & { id: string }): JudgeItem => ({
  kind: "bakeoff",
  label: over.id,
  benchmark: "llama2-70b-99",
  scenario: "Server",
  validity: "VALID",
  failedChecks: [],
  engine: engineOfRun(null),
  precision: null,
  nodes: null,
  totalAccelerators: 8,
  verified: false,
  ...over,
});

describe("the verdict for a set of items", () => {
  it("different benchmarks block, whatever the spelling", () => {
    const v = judgeSet([item({ id: "a", benchmark: "llama3_1-405b" }), item({ id: "b", benchmark: "llama3.1-405b" })]);
    expect(v.verdict).toBe("comparable");
    expect(v.benchmark).toBe("llama3.1-405b");
    const w = judgeSet([item({ id: "a" }), item({ id: "b", benchmark: "llama3.1-8b" })]);
    expect(w.verdict).toBe("not-comparable");
    expect(w.flags[0]?.code).toBe("benchmark");
  });
  it("an INVALID item is excluded with its failed checks, the rest still judged", () => {
    const v = judgeSet([
      item({ id: "ok" }),
      item({ id: "bad", validity: "INVALID", failedChecks: ["Performance constraints satisfied : NO"] }),
    ]);
    expect(v.basis).toEqual(["ok"]);
    expect(v.excluded[0]?.reason).toMatch(/^Performance constraints satisfied : NO\. LoadGen marked this run INVALID/);
    expect(v.verdict).toBe("comparable");
  });
  it("unknown against known engine is info; two named engines warn", () => {
    const info = judgeSet([item({ id: "a", engine: engineOfRun("vllm") }), item({ id: "b" })]);
    expect(info.flags.map((f) => [f.code, f.severity])).toEqual([["engine-unknown", "info"]]);
    const warn = judgeSet([
      item({ id: "a", engine: engineOfRun("vllm") }),
      item({ id: "b", engine: engineOfRun("sgl") }),
    ]);
    expect(warn.verdict).toBe("caution");
    expect(warn.flags[0]?.message).toMatch(/vLLM \(a\); SGLang \(b\)/);
  });
  it("curve facts: P90 against P99 blocks", () => {
    const v = judgeSet([
      item({ id: "a", curve: { latencyPercentile: 90 } }),
      item({ id: "b", curve: { latencyPercentile: 99 } }),
    ]);
    expect(v.flags.map((f) => f.code)).toEqual(["latency-percentile"]);
  });
});
