// Shared domain types. Pure: no I/O, no framework imports. Every module under lib/ and db/ speaks these.

export const SCENARIOS = ["Offline", "Server", "Interactive", "SingleStream", "MultiStream"] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** The scenarios whose result is a latency (lower is better), not a throughput. */
export const LATENCY_SCENARIOS: ReadonlySet<string> = new Set<Scenario>(["SingleStream", "MultiStream"]);

export const VALIDITIES = ["VALID", "INVALID", "UNKNOWN"] as const;
export type Validity = (typeof VALIDITIES)[number];

export const DIVISIONS = ["closed", "open", "network"] as const;
export type Division = (typeof DIVISIONS)[number];

export const AVAILABILITIES = ["available", "preview", "rdi"] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** One `{name, version}` component parsed out of a free-text software stack. */
export interface SoftwareComponent {
  name: string;
  version: string | null;
  /** What the text put in parentheses after it: "ROCm 7.2.2" (what it runs on), "CentML", "GPT-OSS-120B". */
  qualifier?: string;
}

/** A problem with one input, pinned to where it is. `line` is 1-based (file line or CSV row incl. header). */
export interface SourceError {
  source: string;
  line: number | null;
  field: string | null;
  message: string;
}

/** A visible note attached to a result: the data disagrees with itself, or is odd, and we kept it as published. */
export interface DataNote {
  code: string;
  message: string;
}

/** The system a result ran on (per round + submitter + platform). */
export interface SystemRecord {
  round: string; // "v6.0"
  submitter: string;
  platform: string;
  systemName: string;
  accelerator: string | null; // model name without the "(x87)" count suffix
  acceleratorRaw: string | null; // as published
  acceleratorsPerNode: number | null;
  nodes: number | null;
  totalAccelerators: number | null; // what actually ran
  publishedTotalAccelerators: number | null; // the file's explicit total, when it has one
  hostProcessor: string | null;
  hostProcessorsPerNode: number | null;
  hostProcessorCoreCount: string | null;
  operatingSystem: string | null;
  heterogeneous: boolean;
  software: string | null; // as published
  softwareStack: SoftwareComponent[];
}

/** One published result, normalized. Produced by every summary parser (JSON array, checker JSON, checker CSV). */
export interface ResultRecord {
  /** The natural key parts; `id` is derived from them (see lib/mlperf/ids.ts). */
  round: string; // "v6.0"
  division: string; // closed | open | network (lower-case as published)
  submitter: string;
  platform: string;
  model: string; // benchmark as published, e.g. "llama2-70b-99", "VLM"
  usedModel: string; // what actually ran (differs in open division)
  scenario: Scenario;
  hasPower: boolean;

  resultId: string | null; // MLCommons ID, "6.0-0001"; null in checker files
  /** Canonical benchmark id, the same across rounds and formats (lib/mlperf/benchmarks.ts): "VLM" → "qwen3-vl-235b-a22b". */
  benchmark: string;
  modelFamily: string; // "llama2-70b"
  accuracyTarget: string | null; // "99" | "99.9" | null
  availability: string; // available | preview | rdi
  suite: string; // datacenter | edge | "datacenter,edge"
  precision: string | null; // canonical, e.g. "fp4", "fp8", "int8", "bf16", "fp16+fp8"
  precisionRaw: string | null;
  value: number;
  units: string; // as published, e.g. "Tokens/s", "Latency (ms)"
  higherIsBetter: boolean;
  power: number | null;
  powerUnits: string | null;
  accuracy: string | null; // free text
  tokensPerSample: number | null;
  inferred: boolean;
  validity: "VALID" | "INVALID" | "UNKNOWN";
  location: string | null; // normalized results path "closed/AMD/results/<plat>/<model>/<Scenario>"
  detailsUrl: string | null;
  codeUrl: string | null;
  notesText: string | null; // the "Notes" column
  extra: Record<string, unknown>; // unknown columns, kept
  notes: DataNote[]; // importer data notes
  /** Same for rows that repeat one run (a -99 / -99.9 pair with the same number); see lib/mlperf/ids.ts. */
  measurementKey: string;
  system: SystemRecord;
}

export interface PercentileSet {
  min: number | null;
  max: number | null;
  mean: number | null;
  p50: number | null;
  p90: number | null;
  p95: number | null;
  p97: number | null;
  p99: number | null;
  p999: number | null;
}

/** What a LoadGen run (mlperf_log_summary.txt and/or mlperf_log_detail.txt) says. Latencies in ns as logged. */
export interface LoadgenRun {
  scenarioHeader: string | null; // what the "Scenario :" line says (Server for Interactive!)
  mode: string | null;
  sutName: string | null;
  samplesPerSecond: number | null; // Offline samples/s or Server completed samples/s
  tokensPerSecond: number | null; // Offline tokens/s or Server completed tokens/s
  scheduledSamplesPerSecond: number | null;
  validity: "VALID" | "INVALID" | "UNKNOWN";
  checks: Record<string, boolean>; // "Min duration satisfied" -> true
  failedChecks: string[];
  latencyNs: PercentileSet;
  ttftNs: PercentileSet;
  tpotNs: PercentileSet;
  targetQps: number | null;
  ttftLimitNs: number | null;
  tpotLimitNs: number | null;
  minDurationMs: number | null;
  minQueryCount: number | null;
  samplesPerQuery: number | null;
  queryCount: number | null; // detail log result_query_count
  loadgenVersion: string | null;
  hasSummary: boolean;
  hasDetail: boolean;
}

/** Latency stats in milliseconds; null where the file lacks them (never invented). */
export interface LatencyMs {
  /** The fastest request, where the file reports one (LoadGen logs, per-request samples); the SLO estimate's 0% point. */
  min?: number | null;
  mean: number | null;
  p50: number | null;
  p90: number | null;
  p95: number | null;
  p99: number | null;
}

export const BAKEOFF_TOOLS = [
  "vllm",
  "sglang",
  "genai-perf",
  "aiperf",
  "guidellm",
  "llmperf",
  "mlperf-loadgen",
  "mlperf-endpoints",
  "inferencemax",
  "genai-bench",
  "llm-d-report",
  "csv",
] as const;
export type BakeoffTool = (typeof BAKEOFF_TOOLS)[number];

export type LoadKind = "offline" | "rate" | "concurrency" | "burst" | "sweep-step" | "mlperf-server" | "mlperf-offline";

/** One load point of a user's own serving benchmark, mapped to the common record. */
export interface BakeoffRun {
  tool: BakeoffTool;
  toolVersion: string | null;
  model: string | null;
  load: { kind: LoadKind; concurrency: number | null; requestRate: number | null };
  islMean: number | null;
  oslMean: number | null;
  numRequests: number | null; // completed (successful) requests
  numFailed: number | null;
  durationS: number | null;
  reqPerS: number | null;
  outTokPerS: number | null;
  totalTokPerS: number | null;
  ttftMs: LatencyMs | null;
  tpotMs: LatencyMs | null;
  itlMs: LatencyMs | null;
  e2eMs: LatencyMs | null;
  /** What the tool's "TPOT/ITL" really measured, e.g. "e2e/out incl. TTFT" (LLMPerf). */
  latencyNotes: string[];
  validity: "VALID" | "INVALID" | "UNKNOWN";
  /** LoadGen's failed checks, as LoadGen writes them ("Performance constraints satisfied : NO"); absent for other tools. */
  failedChecks?: string[];
  accelerators: number | null;
  /** Per-request samples when the file has them (ms), for exact SLO capacity. */
  perRequest: { ttftMs: number | null; tpotMs: number | null; e2eMs: number | null; ok: boolean }[] | null;
  /** MLPerf limits if the file states them (LoadGen), in ms. */
  ttftLimitMs: number | null;
  tpotLimitMs: number | null;
  scenarioHint: Scenario | null;
}

/** Latency detail stored from LoadGen logs, in milliseconds for display. */
export interface ResultLatency {
  source: string; // "loadgen"
  ttftMs: PercentileSetMs | null;
  tpotMs: PercentileSetMs | null;
  latencyMs: PercentileSetMs | null;
  targetQps: number | null;
  ttftLimitMs: number | null;
  tpotLimitMs: number | null;
  loadgenVersion: string | null;
  minDurationMs: number | null;
  validity: Validity;
  failedChecks: string[];
  logValue: number | null; // throughput the log printed
  queryCount: number | null;
}
export type PercentileSetMs = PercentileSet;

/** One type of accelerator in a system and how many of it ran: {name: "AMD Instinct MI300X 192GB HBM3", count: 32}. */
export interface AcceleratorGroup {
  name: string;
  count: number;
}

/** A published result as the API and pages see it (see ../shared/CONTRACT.md "Result"). */
export interface PublishedResult {
  id: string; // stable, URL-safe
  resultId: string | null; // "6.0-0001"
  round: string; // "v6.0"
  submitter: string;
  system: string;
  platform: string;
  accelerator: string | null;
  acceleratorsPerNode: number | null;
  nodes: number | null;
  totalAccelerators: number | null;
  heterogeneous: boolean;
  /** A mixed system's accelerators per type, in published order (absent for one type). */
  acceleratorGroups?: AcceleratorGroup[];
  hostProcessor: string | null;
  operatingSystem: string | null;
  model: string; // as published: "llama2-70b-99", "VLM"
  /** Canonical benchmark id, the same across rounds and formats: "qwen3-vl-235b-a22b" for v6.1's "VLM". */
  benchmark: string;
  usedModel: string;
  modelFamily: string; // "llama2-70b"
  accuracyTarget: string | null; // "99"
  scenario: Scenario;
  division: string;
  availability: string;
  suite: string;
  precision: string | null;
  precisionRaw: string | null;
  software: string | null;
  softwareStack: SoftwareComponent[];
  /** The serving engine named in the software stack, as people write it ("vLLM"); absent in older frozen snapshots. */
  servingEngine?: string | null;
  value: number;
  units: string;
  higherIsBetter: boolean;
  perAccelerator: number | null;
  perAcceleratorNote: string | null;
  power: number | null;
  powerUnits: string | null;
  hasPower: boolean;
  /** Result ÷ measured average system watts (Offline/Server/Interactive power rows), else null (lib/context/power.ts). */
  perWatt: number | null;
  validity: Validity;
  inferred: boolean;
  tokensPerSample: number | null;
  measurementKey: string; // rows sharing it are one measurement (-99 / -99.9 pair)
  /** What a citation names: the public results folder at the round's pinned commit (official-sources citationUrl). */
  sourceUrl: string | null;
  /** The summary's own `Details` link as published (often the members-only submission repository). */
  detailsUrl?: string | null;
  codeUrl: string | null;
  location: string | null;
  /** `location` in the round's results repository, pinned to its commit when known (lib/mlperf/official-sources). */
  resultsFolderUrl?: string | null;
  notes: DataNote[];
  latency: ResultLatency | null;
  importedAt: string | null; // ISO time of the import that last wrote it
  /**
   * Lifecycle (lib/lifecycle/status.ts): published, no-longer-published (left its source, kept), withdrawn,
   * invalidated; and since when (ISO, null when not known). Absent in snapshots frozen before issue 28.
   */
  status?: "published" | "no-longer-published" | "withdrawn" | "invalidated";
  statusSince?: string | null;
}

/** A stored bake-off upload as pages, the API and the planner read it (db/queries/compare.ts getBakeoffUpload). */
export interface BakeoffUploadView {
  id: string;
  label: string;
  format: string;
  accelerator: string | null;
  accelerators: number | null;
  nodes: number | null;
  modelFamily: string | null;
  runs: BakeoffRun[];
  warnings: string[];
  createdAt: string;
}
