// One benchmark identity across rounds and formats: every name a round or a file format publishes for an MLPerf
// Inference benchmark → one canonical benchmark (id, display name, family, accuracy target, task kind, official
// metric per scenario). Pure data and lookups; no I/O.
//
// Sources (each entry names its own):
// - CHECKER: the submission checker's per-round model lists and `model_mapping` (names → "the official mlperf model
//   class"), mlcommons/inference tools/submission/submission_checker.py (v0.5–v4.1, commit 0009b1e3a62e) and its
//   package layout tools/submission/submission_checker/constants.py (v5.0–v6.0, commit 001d64ca1a80):
//   ssd-mobilenet→ssd-small, ssd-resnet34→ssd-large (v0.5–v1.1), mobilenet→resnet, resnet50→resnet,
//   llama3_1-405b→llama3.1-405b, llama3_1-8b→llama3.1-8b, llama3_1-8b-edge→llama3.1-8b-edge.
// - UNITS: the same constants.py, SPECIAL_UNIT_DICT / UNIT_DICT / RESULT_FIELD_BENCHMARK_OVERWRITE: token
//   generation benchmarks report Tokens/s on Offline, Server and Interactive (llama2-70b Offline from v4.0, Server
//   from v4.1; gptj from v4.1); everything else Samples/s (Offline), Queries/s (Server), Latency (ms) (SingleStream,
//   MultiStream); wan-2.2-t2v-a14b SingleStream in Latency (s).
// - V61: v6.1's root summary.csv (mlcommons/inference_results_v6.1): its `MlperfModel` column writes `VLM`,
//   `text_to_video`, `agentic edge`, `end to end question-answering`, `end to end vector-database`, while its
//   `Model` column and every `Location` folder use the results-repo names (qwen3-vl-235b-a22b, wan-2.2-t2v-a14b,
//   qwen3.6-27b, e2e-rag-qna, e2e-rag-db); the first two are v6.0's benchmark names (constants.py v6.0 models).
import type { Scenario } from "@/lib/types";

export const TASK_KINDS = [
  "llm",
  "vision-language",
  "vision",
  "language",
  "recommendation",
  "speech",
  "image-generation",
  "video-generation",
  "graph",
  "medical-imaging",
  "3d-detection",
  "translation",
  "rag",
  "agentic",
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export interface Benchmark {
  /** Canonical id: the name the results repositories' folders use, e.g. "llama2-70b-99", "qwen3-vl-235b-a22b". */
  id: string;
  /** For people: "Llama 2 70B (99%)". */
  name: string;
  /** "llama2-70b": the -99 and -99.9 targets of one model share it. */
  family: string;
  /** "99" | "99.9" | "95" | null (benchmarks with one target). */
  accuracyTarget: string | null;
  kind: TaskKind;
  /** Every other name a round or format publishes for it (matched case-insensitively). */
  aliases: readonly string[];
  /** Scenario → since which round the official metric is Tokens/s (token-generation benchmarks only). */
  tokensSince?: Partial<Record<"Offline" | "Server" | "Interactive", string>>;
  /** Official units that differ from the scenario's usual ones. */
  unitOverrides?: Partial<Record<Scenario, string>>;
  /** Where the entry comes from (see the header). */
  source: string;
}

const LLM_TOKENS_V41 = { Offline: "v4.1", Server: "v4.1", Interactive: "v5.1" } as const;
const LLM_TOKENS = { Offline: "v0.0", Server: "v0.0", Interactive: "v0.0" } as const;

function bm(
  id: string,
  name: string,
  kind: TaskKind,
  source: string,
  extra: Partial<Pick<Benchmark, "aliases" | "tokensSince" | "unitOverrides" | "family" | "accuracyTarget">> = {},
): Benchmark {
  const m = /^(.+)-(9\d(?:\.9+)?)$/.exec(id);
  return {
    id,
    name,
    kind,
    source,
    family: extra.family ?? m?.[1] ?? id,
    accuracyTarget: extra.accuracyTarget !== undefined ? extra.accuracyTarget : (m?.[2] ?? null),
    aliases: extra.aliases ?? [],
    ...(extra.tokensSince ? { tokensSince: extra.tokensSince } : {}),
    ...(extra.unitOverrides ? { unitOverrides: extra.unitOverrides } : {}),
  };
}

const C = "CHECKER";
const CU = "CHECKER, UNITS";

/** Every benchmark v0.5–v6.1 published, one entry each. */
export const BENCHMARKS: readonly Benchmark[] = [
  // token-generation (LLM)
  bm("llama2-70b-99", "Llama 2 70B (99%)", "llm", CU, {
    tokensSince: { Offline: "v4.0", Server: "v4.1", Interactive: "v5.1" },
  }),
  bm("llama2-70b-99.9", "Llama 2 70B (99.9%)", "llm", CU, {
    tokensSince: { Offline: "v4.0", Server: "v4.1", Interactive: "v5.1" },
  }),
  // v5.0 published the tighter-latency tier as its own benchmark (Server with 450 ms / 40 ms limits); from v5.1 it is
  // the Interactive scenario of llama2-70b. Kept apart: the scenario differs, and merging would be a guess.
  bm("llama2-70b-interactive-99", "Llama 2 70B interactive (99%)", "llm", CU, { tokensSince: LLM_TOKENS }),
  bm("llama2-70b-interactive-99.9", "Llama 2 70B interactive (99.9%)", "llm", CU, { tokensSince: LLM_TOKENS }),
  bm("gptj-99", "GPT-J 6B (99%)", "llm", CU, { tokensSince: LLM_TOKENS_V41 }),
  bm("gptj-99.9", "GPT-J 6B (99.9%)", "llm", CU, { tokensSince: LLM_TOKENS_V41 }),
  bm("mixtral-8x7b", "Mixtral 8x7B", "llm", CU, { tokensSince: LLM_TOKENS }),
  bm("llama3.1-405b", "Llama 3.1 405B", "llm", CU, { aliases: ["llama3_1-405b"], tokensSince: LLM_TOKENS }),
  bm("llama3.1-8b", "Llama 3.1 8B", "llm", CU, { aliases: ["llama3_1-8b"], tokensSince: LLM_TOKENS }),
  bm("llama3.1-8b-edge", "Llama 3.1 8B (edge)", "llm", CU, {
    aliases: ["llama3_1-8b-edge"],
    tokensSince: LLM_TOKENS,
  }),
  bm("deepseek-r1", "DeepSeek-R1", "llm", CU, { tokensSince: LLM_TOKENS }),
  bm("gpt-oss-120b", "gpt-oss-120b", "llm", CU, { tokensSince: LLM_TOKENS }),
  // multimodal and generative
  bm("qwen3-vl-235b-a22b", "Qwen3-VL 235B-A22B (VLM)", "vision-language", `${C}, V61`, { aliases: ["VLM"] }),
  bm("wan-2.2-t2v-a14b", "Wan 2.2 T2V-A14B (text to video)", "video-generation", `${CU}, V61`, {
    aliases: ["text_to_video"],
    unitOverrides: { SingleStream: "Latency (s)" },
  }),
  bm("stable-diffusion-xl", "Stable Diffusion XL", "image-generation", C),
  // v6.1's new benchmarks: results-repo folder names as ids, the summary's MlperfModel text as aliases
  bm("qwen3.6-27b", "Qwen3.6 27B (agentic, edge)", "agentic", "V61", { aliases: ["agentic edge"] }),
  bm("e2e-rag-qna", "End-to-end RAG: question answering", "rag", "V61", {
    aliases: ["end to end question-answering"],
    unitOverrides: { Offline: "Tasks/s" },
  }),
  bm("e2e-rag-db", "End-to-end RAG: vector database", "rag", "V61", { aliases: ["end to end vector-database"] }),
  // vision
  bm("resnet", "ResNet-50", "vision", C, { aliases: ["resnet50"] }),
  bm("mobilenet", "MobileNet (v0.5)", "vision", C),
  bm("retinanet", "RetinaNet", "vision", C),
  bm("ssd-small", "SSD-MobileNet", "vision", C, { aliases: ["ssd-mobilenet"] }),
  // ssd-resnet34 named ssd-large until v1.1; from v2.0 the checker maps the folder name to retinanet, a different
  // benchmark (other dataset), so the alias is not carried over
  bm("ssd-large", "SSD-ResNet34", "vision", C, { aliases: ["ssd-resnet34"] }),
  bm("yolo-95", "YOLO (95%)", "vision", C),
  bm("yolo-99", "YOLO (99%)", "vision", C),
  bm("3d-unet-99", "3D U-Net (99%)", "medical-imaging", C),
  bm("3d-unet-99.9", "3D U-Net (99.9%)", "medical-imaging", C),
  bm("pointpainting", "PointPainting", "3d-detection", C),
  // language, speech, recommendation, graph
  bm("bert-99", "BERT-Large (99%)", "language", C),
  bm("bert-99.9", "BERT-Large (99.9%)", "language", C),
  bm("gnmt", "GNMT (v0.5)", "translation", C),
  bm("rnnt", "RNN-T", "speech", C),
  bm("whisper", "Whisper", "speech", C),
  bm("dlrm-99", "DLRM (99%)", "recommendation", C),
  bm("dlrm-99.9", "DLRM (99.9%)", "recommendation", C),
  bm("dlrm-v2-99", "DLRM v2 (99%)", "recommendation", C),
  bm("dlrm-v2-99.9", "DLRM v2 (99.9%)", "recommendation", C),
  bm("dlrm-v3", "DLRM v3", "recommendation", C),
  bm("rgat", "R-GAT", "graph", C),
];

const key = (name: string) => name.trim().toLowerCase();

const BY_NAME: ReadonlyMap<string, Benchmark> = (() => {
  const m = new Map<string, Benchmark>();
  for (const b of BENCHMARKS)
    for (const n of [b.id, ...b.aliases]) {
      const k = key(n);
      if (m.has(k)) throw new Error(`benchmark name '${n}' is listed twice`);
      m.set(k, b);
    }
  return m;
})();

const FAMILIES: ReadonlyMap<string, Benchmark[]> = (() => {
  const m = new Map<string, Benchmark[]>();
  for (const b of BENCHMARKS) m.set(b.family, [...(m.get(b.family) ?? []), b]);
  return m;
})();

/** The benchmark a published name stands for, whatever its case: "VLM" → qwen3-vl-235b-a22b; unknown → null. */
export function benchmarkFor(name: string | null | undefined): Benchmark | null {
  if (!name) return null;
  return BY_NAME.get(key(name)) ?? null;
}

/** The canonical id of a published name, or the name as published (trimmed) when the table does not know it. */
export function canonicalBenchmarkId(name: string): string {
  return benchmarkFor(name)?.id ?? name.trim();
}

/** A family name as the table writes it ("LLAMA2-70B" → "llama2-70b"), or null when no benchmark has that family. */
export function canonicalFamily(name: string): string | null {
  const k = key(name);
  for (const f of FAMILIES.keys()) if (f.toLowerCase() === k) return f;
  return null;
}

/**
 * A family for a name in any published spelling: a family ("Llama2-70B" → "llama2-70b"), or a benchmark's family
 * ("VLM" → "qwen3-vl-235b-a22b", "llama2-70b-99" → "llama2-70b"); an unknown name as given; null stays null.
 */
export function familyOf(name: string | null | undefined): string | null {
  if (!name) return null;
  return canonicalFamily(name) ?? benchmarkFor(name)?.family ?? name.trim();
}

/** The benchmarks of a family, in table order ("llama2-70b" → the -99 and -99.9 entries). */
export function benchmarksOfFamily(family: string): readonly Benchmark[] {
  return FAMILIES.get(family) ?? [];
}

/** Identity of a published benchmark name: canonical id, family and target, and whether the table knows it. */
export interface BenchmarkIdentity {
  benchmark: string;
  modelFamily: string;
  accuracyTarget: string | null;
  known: boolean;
}

const ACCURACY_SUFFIX = /^(.+)-(9\d(?:\.9+)?)$/;

/**
 * `"VLM"` → `{benchmark: "qwen3-vl-235b-a22b", modelFamily: "qwen3-vl-235b-a22b", accuracyTarget: null, known: true}`;
 * `"llama2-70b-99.9"` → `{llama2-70b-99.9, llama2-70b, "99.9", true}`; an unknown `"foo-99"` → `{foo-99, foo, "99", false}`
 * (kept as published, never merged with a known one).
 */
export function identify(name: string): BenchmarkIdentity {
  const b = benchmarkFor(name);
  if (b) return { benchmark: b.id, modelFamily: b.family, accuracyTarget: b.accuracyTarget, known: true };
  const m = name.trim();
  const hit = ACCURACY_SUFFIX.exec(m);
  return hit?.[1] && hit[2]
    ? { benchmark: m, modelFamily: hit[1], accuracyTarget: hit[2], known: false }
    : { benchmark: m, modelFamily: m, accuracyTarget: null, known: false };
}

function roundNumber(round: string): number {
  const m = /^v?(\d+)\.(\d+)/.exec(round);
  return m ? Number(m[1]) * 100 + Number(m[2]) : 0;
}

const SCENARIO_UNITS: Record<Scenario, string> = {
  Offline: "Samples/s",
  Server: "Queries/s",
  Interactive: "Queries/s",
  SingleStream: "Latency (ms)",
  MultiStream: "Latency (ms)",
};

/**
 * The official unit of a benchmark's scenario in a round (UNITS in the header): `("llama2-70b-99", "Server", "v4.1")`
 * → "Tokens/s"; `("llama2-70b-99", "Server", "v4.0")` → "Queries/s"; `("resnet", "Offline", …)` → "Samples/s".
 */
export function officialUnit(b: Benchmark, scenario: Scenario, round: string): string {
  const over = b.unitOverrides?.[scenario];
  if (over) return over;
  if (scenario === "Offline" || scenario === "Server" || scenario === "Interactive") {
    const since = b.tokensSince?.[scenario];
    if (since && roundNumber(round) >= roundNumber(since)) return "Tokens/s";
  }
  return SCENARIO_UNITS[scenario];
}
