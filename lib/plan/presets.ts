// Workload presets for the capacity planner: three traffic shapes, each number with where it comes from.
// Pure data. The figures are starting points to edit, not measurements of anyone's traffic.

export const PRESET_IDS = ["chat", "rag", "batch"] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export interface WorkloadPreset {
  id: PresetId;
  name: string;
  /** Peak requests per second. */
  rps: number;
  /** Mean input (prompt) tokens per request. */
  inTok: number;
  /** Mean output (generated) tokens per request. */
  outTok: number;
  /** p99 time to first token, ms; null = no bound. */
  ttftMs: number | null;
  /** p99 time per output token, ms; null = no bound. */
  tpotMs: number | null;
  /** One sentence per figure: where it comes from. */
  sources: string[];
}

export const PRESETS: Record<PresetId, WorkloadPreset> = {
  chat: {
    id: "chat",
    name: "Short interactive chat",
    rps: 100,
    inTok: 550,
    outTok: 150,
    ttftMs: 450,
    tpotMs: 40,
    sources: [
      "550 input / 150 output tokens: the fixed chat-style request of the LLMPerf leaderboard (Anyscale/Ray).",
      "p99 TTFT 450 ms / TPOT 40 ms: MLPerf Inference's Llama 2 70B Interactive limits (inference rules; submission checker LLM_LATENCY_LIMITS).",
      "100 requests/s at peak: an example figure, not a measurement. Enter your own peak.",
    ],
  },
  rag: {
    id: "rag",
    name: "Long-context retrieval (prefill-heavy)",
    rps: 10,
    inTok: 8192,
    outTok: 1024,
    ttftMs: 6000,
    tpotMs: 175,
    sources: [
      "8,192 input / 1,024 output tokens: the 8k/1k sequence shape of SemiAnalysis InferenceX, its prefill-heavy case.",
      "p99 TTFT 6,000 ms / TPOT 175 ms: MLPerf Inference's Llama 3.1 405B Server limits, the loosest TTFT MLPerf sets for an LLM (long prompts take longer to prefill).",
      "10 requests/s at peak: an example figure, not a measurement. Enter your own peak.",
    ],
  },
  batch: {
    id: "batch",
    name: "Batched background job (no SLO)",
    rps: 35,
    inTok: 1024,
    outTok: 1024,
    ttftMs: null,
    tpotMs: null,
    sources: [
      "1,024 input / 1,024 output tokens: the 1k/1k sequence shape of SemiAnalysis InferenceX.",
      "No latency bound: a background job is judged by when it finishes, not by per-request latency (MLPerf's Offline scenario has no latency bound either).",
      "35 requests/s: 1,000,000 requests spread over an 8-hour window (1,000,000 ÷ 28,800 s = 34.7/s), an example to replace with your own volume.",
    ],
  },
};

export const DEFAULT_PRESET: PresetId = "chat";
