// Test data for lib/plan: published results typed in from MLPerf Inference v6.0 (AMD 8xMI355X_2xEPYC_9575F,
// llama2-70b-99; values and TOKENS_PER_SAMPLE as in the summary's accuracy field) and bake-off runs. No I/O.
import type { BakeoffRun, PublishedResult } from "@/lib/types";

export function result(over: Partial<PublishedResult> = {}): PublishedResult {
  return {
    id: "e065134ae57ab84f",
    resultId: "6.0-0003",
    round: "v6.0",
    submitter: "AMD",
    system: "8xMI355X_2xEPYC_9575F",
    platform: "8xMI355X_2xEPYC_9575F",
    accelerator: "AMD Instinct MI355X",
    acceleratorsPerNode: 8,
    nodes: 1,
    totalAccelerators: 8,
    heterogeneous: false,
    hostProcessor: null,
    operatingSystem: null,
    model: "llama2-70b-99",
    usedModel: "llama2-70b-99",
    modelFamily: "llama2-70b",
    accuracyTarget: "99",
    scenario: "Server",
    division: "closed",
    availability: "available",
    suite: "datacenter",
    precision: "fp4",
    precisionRaw: "fp4",
    software: null,
    softwareStack: [],
    value: 100282,
    units: "Tokens/s",
    higherIsBetter: true,
    perAccelerator: 12535.25,
    perAcceleratorNote: null,
    power: null,
    powerUnits: null,
    hasPower: false,
    validity: "VALID",
    inferred: false,
    tokensPerSample: 283,
    measurementKey: "amd-8xmi355x-server",
    sourceUrl: null,
    codeUrl: null,
    location: null,
    notes: [],
    latency: null,
    importedAt: null,
    ...over,
  };
}

/** v6.0 AMD 8xMI355X_2xEPYC_9575F llama2-70b-99: Server 100,282 / Offline 103,480 / Interactive 73,608.2 tokens/s. */
export const MI355X_SERVER = result();
export const MI355X_OFFLINE = result({
  id: "691c1e67b66a9ad3",
  scenario: "Offline",
  value: 103480,
  tokensPerSample: 284.2,
  measurementKey: "amd-8xmi355x-offline",
});
export const MI355X_INTERACTIVE = result({
  id: "e13716b7a2f9c96c",
  scenario: "Interactive",
  value: 73608.2,
  tokensPerSample: 282.9,
  measurementKey: "amd-8xmi355x-interactive",
});

export function run(over: Partial<BakeoffRun> = {}): BakeoffRun {
  return {
    tool: "vllm",
    toolVersion: "0.11",
    model: "meta-llama/Llama-2-70b-chat-hf",
    load: { kind: "rate", concurrency: null, requestRate: 10 },
    islMean: 1000,
    oslMean: 250,
    numRequests: 1000,
    numFailed: 0,
    durationS: 100,
    reqPerS: 10,
    outTokPerS: 2500,
    totalTokPerS: 12500,
    ttftMs: { mean: 200, p50: 180, p90: 300, p95: 350, p99: 400 },
    tpotMs: { mean: 20, p50: 19, p90: 25, p95: 28, p99: 30 },
    itlMs: null,
    e2eMs: null,
    latencyNotes: [],
    validity: "VALID",
    accelerators: null,
    perRequest: null,
    ttftLimitMs: null,
    tpotLimitMs: null,
    scenarioHint: null,
    ...over,
  };
}

/** The AMD 8xMI300X LoadGen Server summary in ../shared/data/bakeoff, as lib/bakeoff parses it. */
export const LOADGEN_SERVER_RUN = run({
  tool: "mlperf-loadgen",
  toolVersion: "LoadGen",
  model: null,
  load: { kind: "mlperf-server", concurrency: null, requestRate: 83.5 },
  islMean: null,
  oslMean: null,
  numRequests: null,
  numFailed: null,
  durationS: null,
  reqPerS: 81.68,
  outTokPerS: 24593.77,
  totalTokPerS: null,
  ttftMs: { mean: 918.456323, p50: 875.073063, p90: 1449.459253, p95: 1588.066947, p99: 1914.647645 },
  tpotMs: { mean: 144.594078, p50: 151.044504, p90: 163.835875, p95: 169.650352, p99: 193.380124 },
  ttftLimitMs: 2000,
  tpotLimitMs: 200,
  scenarioHint: "Server",
});
