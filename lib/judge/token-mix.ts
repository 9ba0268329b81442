// Each LLM benchmark's dataset mix: mean input and mean output tokens per sample, from MLCommons' own sources (issue
// 30). One table, one judgment: the overview, its API, the frozen overview and the OG card read it here. Pure.
//
// Why it matters: an MLPerf result counts OUTPUT tokens per second, but the accelerator-hours it measured were spent on
// the benchmark's whole requests, prompt and answer. Pricing input and output apart needs the ratio of input to output
// tokens those hours processed, so a benchmark is split only when BOTH means are stated by a source we can cite. A mean
// we cannot cite is null, with the reason, and the page prices that benchmark's tokens on output only.
//
// What was searched (mlcommons/inference language/<model>/README.md, the compliance tests' audit configs, the
// submission checker's accuracy targets, mlcommons/endpoints' dataset presets and token accounting spec): every LLM
// benchmark states its mean OUTPUT tokens per sample (the accuracy target "tokens per sample", or the TEST09 reference
// output length), none states the mean INPUT tokens per sample; the READMEs give only the input cap (llama2-70b:
// processorca.py --seqlen_limit=1024). The stored datasets (.pkl/.parquet on MLCommons' R2 bucket) hold the inputs, but
// no published statistic of them, and a count we made ourselves would not be a citation.
import type { Source } from "@/lib/context/sources";
import { familyOfName } from "./identity";

export interface TokenMix {
  /** The family key ("llama2-70b"), as lib/judge familyOfName writes it. */
  benchmark: string;
  dataset: string;
  /** Samples in the performance dataset. */
  samples: number | null;
  /** Mean input (prompt) tokens per sample; null when no source states it. */
  meanInputTokens: number | null;
  /** Mean output tokens per sample; null when no source states it. */
  meanOutputTokens: number | null;
  sources: Source[];
  /** Why the mix is incomplete, in words for the page; null when both means are cited. */
  missing: string | null;
}

const INF = "mlcommons/inference";
const NO_INPUT =
  "MLCommons states no mean input tokens per sample for it (the reference README, the compliance tests and the submission checker give the mean output only)";

/** The table. Every figure is quoted from the file named beside it. */
export const TOKEN_MIXES: readonly TokenMix[] = [
  {
    benchmark: "llama2-70b",
    dataset: "OpenOrca (GPT-4 part), 24,576 samples",
    samples: 24_576,
    meanInputTokens: null,
    // "Accuracy Target … Tokens per sample: 294.45" (the FP16 reference run's mean output length)
    meanOutputTokens: 294.45,
    sources: [
      { repo: INF, path: "language/llama2-70b/README.md", section: "Accuracy Target: Tokens per sample 294.45" },
    ],
    missing: `${NO_INPUT}; inputs are capped at 1,024 tokens (processorca.py --seqlen_limit=1024)`,
  },
  {
    benchmark: "gpt-oss-120b",
    dataset: "perf_eval_ref.parquet (routine, low-reasoning tasks), 6,396 samples",
    samples: 6_396,
    meanInputTokens: null,
    // "TEST09 … Verifies mean output sequence length is within ±10% of reference (1278.20 tokens)"
    meanOutputTokens: 1278.2,
    sources: [
      {
        repo: INF,
        path: "language/gpt-oss-120b/README.md",
        section: "Compliance Testing: TEST09 reference mean output length 1278.20 tokens",
      },
    ],
    missing: NO_INPUT,
  },
  {
    benchmark: "llama3.1-405b",
    dataset: "MLPerf Llama 3.1 405B set, 8,313 samples",
    samples: 8_313,
    meanInputTokens: null,
    // "Accuracy Target … 'tokens_per_sample': 684.68"
    meanOutputTokens: 684.68,
    sources: [
      { repo: INF, path: "language/llama3.1-405b/README.md", section: "Accuracy Target: tokens_per_sample 684.68" },
    ],
    missing: NO_INPUT,
  },
  {
    benchmark: "deepseek-r1",
    dataset: "AIME, MATH500, GPQA, MMLU-Pro, LiveCodeBench ensemble, 4,388 samples",
    samples: 4_388,
    meanInputTokens: null,
    // "Pytorch reference scores: … "mean-output-tok-len": 4043.449863263446, "num-samples": 4388"
    meanOutputTokens: 4043.45,
    sources: [
      { repo: INF, path: "language/deepseek-r1/README.md", section: "Reference Evals: mean-output-tok-len 4043.45" },
    ],
    missing: NO_INPUT,
  },
];

const BY_FAMILY = new Map(TOKEN_MIXES.map((m) => [m.benchmark, m]));

export type MixVerdict =
  | { split: true; inTok: number; outTok: number; source: string }
  | { split: false; why: string; outTok: number | null };

/** A benchmark's input/output mix in any spelling ("llama2-70b-99.9" → llama2-70b), or why it cannot be split. */
export function tokenMixOf(name: string): MixVerdict {
  const m = BY_FAMILY.get(familyOfName(name));
  if (!m)
    return {
      split: false,
      outTok: null,
      why: `no MLCommons source we could cite states ${name}'s mean input and output tokens per sample`,
    };
  if (m.meanInputTokens === null || m.meanOutputTokens === null)
    return { split: false, outTok: m.meanOutputTokens, why: m.missing ?? "the mix is incomplete" };
  return {
    split: true,
    inTok: m.meanInputTokens,
    outTok: m.meanOutputTokens,
    source: m.sources.map((s) => `${s.repo} ${s.path} (${s.section})`).join("; "),
  };
}

/**
 * An MLPerf Endpoints curve's mix: the means its submission states (system_desc.json input_token_average,
 * output_token_average: mlcommons/endpoints-submission-cli src/submission_checker/models/file/system.py
 * SystemDescription, "Dataset metadata", read into the curve by lib/endpoints/curve.ts) are the data set its
 * accelerator-hours were measured on; without them, the benchmark's cited mix (tokenMixOf), if any.
 */
export function curveTokenMix(c: {
  model: string;
  inputTokenAverage: number | null;
  outputTokenAverage: number | null;
}): MixVerdict {
  const i = c.inputTokenAverage;
  const o = c.outputTokenAverage;
  if (i !== null && o !== null && i >= 0 && o > 0)
    return {
      split: true,
      inTok: i,
      outTok: o,
      source: `stated by the submission's system_desc.json (input_token_average ${i}, output_token_average ${o})`,
    };
  const bench = tokenMixOf(c.model);
  if (bench.split) return bench;
  return { ...bench, why: `the curve's system_desc.json states no input and output token averages, and ${bench.why}` };
}

/** A bake-off run's mix: the mean input and output tokens per request its own file measured (lib/bakeoff). */
export function runTokenMix(run: { islMean: number | null; oslMean: number | null } | undefined): MixVerdict {
  if (!run || run.islMean === null || run.oslMean === null || !(run.oslMean > 0))
    return {
      split: false,
      outTok: run?.oslMean ?? null,
      why: run ? "the bake-off file states no mean input and output tokens per request" : "no run to take a mix from",
    };
  return {
    split: true,
    inTok: run.islMean,
    outTok: run.oslMean,
    source: "measured by the bake-off run: mean input and output tokens per request",
  };
}
