// Benchmark identity: every spelling MLCommons uses for one benchmark (summaries, checker files, results-repo folder
// names, mlperf.conf keys) → one canonical benchmark. Built on the benchmark table (lib/mlperf/benchmarks.ts); this
// file only adds the spellings that are not names of a benchmark of their own. Pure.
//
// Sources:
// - the checker's model_mapping, mlcommons/inference tools/submission/submission_checker/constants.py (commit
//   001d64ca1a80): "llama3_1-405b" → "llama3.1-405b", "llama3_1-8b" → "llama3.1-8b", "resnet50" → "resnet" (these are
//   aliases in the benchmark table itself);
// - mlperf.conf keys, mlcommons/inference loadgen/mlperf.conf: "llama2-70b-interactive.Server.ttft_latency",
//   "llama3_1-405b-interactive…", "deepseek-r1-interactive…": the "-interactive" key is the Interactive scenario of the
//   benchmark, not another benchmark (from v5.1; v5.0's llama2-70b-interactive-99 stays its own benchmark, see
//   benchmarks.ts);
// - the checker's models_TEST06 list names "llama3.1-8b-interactive", "llama3.1-405b-interactive" the same way.
import { type Benchmark, benchmarkFor, canonicalFamily, identify } from "@/lib/mlperf/benchmarks";
import type { Scenario } from "@/lib/types";

// The table's own lookups, for the few callers that need the table rather than one name's identity (the model filter's
// SQL, the explorer's family list): through here, so nothing outside lib/judge reads the table directly.
export { type Benchmark, benchmarkFor, benchmarksOfFamily, canonicalFamily } from "@/lib/mlperf/benchmarks";

export interface Identity {
  /** Canonical benchmark id ("llama3.1-405b"), or the name as given (trimmed) when the table does not know it. */
  benchmark: string;
  /** "llama2-70b": the -99 and -99.9 targets of one model share it. */
  modelFamily: string;
  accuracyTarget: string | null;
  /** The table knows this benchmark. */
  known: boolean;
  /** The spelling read, as given ("llama3_1-405b"). */
  spelledAs: string;
  /** A spelling that names a scenario too ("llama3_1-405b-interactive" → Interactive); else null. */
  scenario: Scenario | null;
}

const INTERACTIVE = /-interactive(?=$|-(?:99(?:\.9)?)$)/i;

function fromTable(name: string): Benchmark | null {
  return benchmarkFor(name) ?? benchmarkFor(name.replace(/_/g, "."));
}

/**
 * One benchmark for any spelling. `"llama3_1-405b"` (folder) and `"llama3.1-405b"` (summary) → `llama3.1-405b`;
 * `"VLM"` (v6.1 summary) → `qwen3-vl-235b-a22b`; `"llama3_1-8b-interactive"` (mlperf.conf key) → `llama3.1-8b` with
 * scenario Interactive; `"llama2-70b-interactive-99"` (v5.0 benchmark) stays itself; unknown names are kept as given,
 * never merged with a known one.
 */
export function benchmarkIdentity(name: string): Identity {
  const spelledAs = name.trim();
  const direct = fromTable(spelledAs);
  if (direct) return toIdentity(direct, spelledAs, null);
  if (INTERACTIVE.test(spelledAs)) {
    const base = fromTable(spelledAs.replace(INTERACTIVE, ""));
    if (base) return toIdentity(base, spelledAs, "Interactive");
  }
  const id = identify(spelledAs);
  return { ...id, spelledAs, scenario: null };
}

function toIdentity(b: Benchmark, spelledAs: string, scenario: Scenario | null): Identity {
  return {
    benchmark: b.id,
    modelFamily: b.family,
    accuracyTarget: b.accuracyTarget,
    known: true,
    spelledAs,
    scenario,
  };
}

/** Two spellings name the same benchmark (same canonical id; accuracy targets count: -99 is not -99.9). */
export function sameBenchmark(a: string, b: string): boolean {
  return benchmarkIdentity(a).benchmark === benchmarkIdentity(b).benchmark;
}

/**
 * Family spellings that name no single benchmark (no accuracy target), as older rounds and reference-implementation
 * folders write them: mlcommons/inference's folders "3d-unet-kits19", "gpt-j", "sdxl", "dlrm_v2" and
 * "resnet50-v1.5" (vision/classification_and_detection's model name).
 */
const FAMILY_SPELLINGS: Record<string, string> = {
  "resnet50-v1.5": "resnet",
  "gpt-j": "gptj",
  sdxl: "stable-diffusion-xl",
  dlrmv2: "dlrm-v2",
  dlrm_v2: "dlrm-v2",
  "3d-unet-kits19": "3d-unet",
};

/** The model family of any spelling: "llama3_1-405b" → "llama3.1-405b", "llama2-70b-99.9" → "llama2-70b". */
export function familyOfName(name: string): string {
  const k = name
    .trim()
    .toLowerCase()
    .replace(/-(99\.9|99|95)$/, "");
  return canonicalFamily(name) ?? FAMILY_SPELLINGS[k] ?? benchmarkIdentity(name).modelFamily;
}
