// The serving engine: named by the source, or unknown. Never guessed from a library or runtime. Pure.
//
// A serving engine is the program that takes requests and schedules the model's batches on the accelerators: vLLM,
// SGLang, TensorRT-LLM, llm-d, LLMBoost, TGI, LMDeploy. What it sits on is not one: PyTorch, TensorFlow, JAX (ML
// libraries), CUDA, ROCm, cuDNN, TensorRT, ONNX Runtime, OpenVINO (runtimes and kernel libraries), NVIDIA Dynamo and
// Triton (servers that host an engine). A published stack naming only those says nothing about the engine.
//
// Sources: a published result's software text (the summary's `Software` column, e.g. v6.0 NVIDIA "TensorRT 10.14,
// CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo …, vLLM CentML:…"); a bake-off file's own field
// (vLLM bench `endpoint_type`/`backend`, SGLang `backend`, InferenceMAX `framework`, GenAI-Perf `backend`), read by
// lib/bakeoff/run-facts-readers.ts into RunFacts.engine.
import { parseSoftwareStack, splitTopLevel } from "@/lib/mlperf/software";
import type { SoftwareComponent } from "@/lib/types";

export { ENGINE_UNKNOWN } from "./words";

/** Serving engines: key, display name, and the names sources use for them (component names, file fields). */
const ENGINES: { key: string; label: string; re: RegExp }[] = [
  { key: "tensorrt-llm", label: "TensorRT-LLM", re: /tensorrt[-_ ]?llm|trt[-_ ]?llm|^trt$/ },
  { key: "vllm", label: "vLLM", re: /\bvllm\b|^vllm/ },
  { key: "sglang", label: "SGLang", re: /sglang|^sgl$|^sgl[-_]/ },
  { key: "llm-d", label: "llm-d", re: /^llm-d$/ },
  { key: "llmboost", label: "LLMBoost", re: /llmboost/ },
  { key: "tgi", label: "TGI", re: /text[-_ ]generation[-_ ]inference|^tgi$/ },
  { key: "lmdeploy", label: "LMDeploy", re: /lmdeploy/ },
];

/** Libraries and runtimes that are never an engine; named in the reason when a stack lists only them. */
const NOT_ENGINES =
  /pytorch|^torch$|tensorflow|^tf$|jax|cuda|rocm|cudnn|tensorrt|onnx|openvino|dynamo|triton|deepsparse|tflite|migraphx|hip|oneapi|openmpi|nccl|rccl/;

export interface EngineVerdict {
  /** The engine as people write it ("vLLM"), or null: the source does not name one. */
  engine: string | null;
  /** Canonical key ("vllm") for equality; null when unknown. */
  key: string | null;
  /** The words in the source that decided it: ["vLLM 0.22.1 (ROCm 7.2.2)"], ["framework: sgl"]; [] when none did. */
  decidedBy: string[];
  /** In words: why this engine, or why unknown. */
  reason: string;
}

function engineOfName(name: string): (typeof ENGINES)[number] | null {
  const n = name.trim().toLowerCase();
  return ENGINES.find((e) => e.re.test(n)) ?? null;
}

const text = (c: SoftwareComponent) =>
  `${c.name}${c.version ? ` ${c.version}` : ""}${c.qualifier ? ` (${c.qualifier})` : ""}`;

/** Letters and digits only, lower-case: "Qwen3-VL-235B" → "qwen3vl235b". */
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** A qualifier naming a benchmark: "GPT-OSS-120B" names gpt-oss-120b, "Qwen3-VL-235B" names qwen3-vl-235b-a22b. */
function namesBenchmark(qualifier: string, model: string): boolean {
  const q = squash(qualifier);
  const m = squash(model);
  return q.length >= 4 && m.length >= 4 && (m.startsWith(q) || q.startsWith(m));
}

const unknown = (reason: string): EngineVerdict => ({ engine: null, key: null, decidedBy: [], reason });

/**
 * The engine of a published result, from its system's software text and its benchmark's names (as published, the
 * model used). One serving engine named: that one. Several (a system's list for all its benchmarks): the one whose
 * part names this benchmark ("TensorRT-LLM 1.3.0rc14 (GPT-OSS-120B)"), else unknown. None: unknown, whatever
 * libraries the stack lists. `"vLLM 0.22.1 (ROCm 7.2.2), PyTorch 2.10"` → vLLM; `"PyTorch 2.9, ROCm 7.0"` → unknown.
 */
export function engineOfStack(
  software: string | null,
  stack: readonly SoftwareComponent[] | null,
  ...models: string[]
): EngineVerdict {
  const comps = stack && stack.length > 0 ? [...stack] : parseSoftwareStack(software);
  const named = new Map<string, { label: string; words: string[] }>();
  for (const c of comps) {
    const e = engineOfName(c.name);
    if (!e) continue;
    const hit = named.get(e.key) ?? { label: e.label, words: [] };
    hit.words.push(text(c));
    named.set(e.key, hit);
  }
  if (named.size === 1) {
    const [key, hit] = [...named.entries()][0] as [string, { label: string; words: string[] }];
    return { engine: hit.label, key, decidedBy: hit.words, reason: `the software stack names ${hit.words.join(", ")}` };
  }
  if (named.size === 0) {
    const libs = comps.filter((c) => NOT_ENGINES.test(c.name.toLowerCase())).map((c) => c.name);
    if (comps.length === 0) return unknown("no software stack is given");
    return unknown(
      libs.length > 0
        ? `the software stack names no serving engine (${[...new Set(libs)].join(", ")} ${libs.length > 1 ? "are libraries or runtimes" : "is a library or runtime"}, not an engine)`
        : "the software stack names no serving engine",
    );
  }
  const all = [...named.values()].map((n) => n.label);
  const raw = (software ?? comps.map(text).join(", ")).trim();
  for (const part of splitTopLevel(raw.replace(/\s+\+\s+/g, "\u0000")).map((p) => p.split("\u0000"))) {
    const pc = part.flatMap((p) => parseSoftwareStack(p));
    if (!pc.some((c) => c.qualifier && models.some((m) => namesBenchmark(c.qualifier ?? "", m)))) continue;
    const hit = pc.map((c) => ({ c, e: engineOfName(c.name) })).find((x) => x.e !== null);
    if (hit?.e)
      return {
        engine: hit.e.label,
        key: hit.e.key,
        decidedBy: [part.join(" + ").trim()],
        reason: `the system's software list names ${all.join(", ")}; the part naming this benchmark is "${part.join(" + ").trim()}"`,
      };
  }
  return unknown(
    `the system's software list names ${all.join(" and ")} for all its benchmarks and does not say which ran this one`,
  );
}

/**
 * The engine a bake-off file names for one run (RunFacts.engine, with the field it came from): "sgl" → SGLang,
 * "vllm" → vLLM; a name outside the engine list is kept as the file writes it. null → unknown.
 */
export function engineOfRun(engine: string | null | undefined, field = "engine field"): EngineVerdict {
  const raw = engine?.trim() ?? "";
  if (raw === "") return unknown("the file does not name the serving engine");
  const e = engineOfName(raw);
  if (e)
    return {
      engine: e.label,
      key: e.key,
      decidedBy: [`${field}: ${raw}`],
      reason: `the file's ${field} says "${raw}"`,
    };
  if (NOT_ENGINES.test(raw.toLowerCase())) return unknown(`the file names ${raw}, a library or runtime, not an engine`);
  return {
    engine: raw,
    key: raw.toLowerCase(),
    decidedBy: [`${field}: ${raw}`],
    reason: `the file's ${field} says "${raw}"`,
  };
}

/** How two engine verdicts relate: same, different (both named and not equal: warn), or one unknown (info). */
export function relateEngines(a: EngineVerdict, b: EngineVerdict): "same" | "different" | "unknown" {
  if (a.key === null || b.key === null) return "unknown";
  return a.key === b.key ? "same" : "different";
}
