// MLPerf LoadGen logs as bake-off runs: mlperf_log_summary.txt, mlperf_log_detail.txt, or LoadGen console
// output pasted from a reproduction guide. Parsing is lib/loadgen's; this maps LoadgenRun (ns) → BakeoffRun (ms).
// Pure: text in, runs out. The model and accelerator count come only from the file's path, when given.

import { classifyScenario, judgeValidity } from "@/lib/judge";
import { parseLoadgenDetail } from "@/lib/loadgen/detail";
import { parseLoadgenConsole, parseLoadgenSummary } from "@/lib/loadgen/summary";
import type { BakeoffRun, LoadgenRun, PercentileSet, Scenario } from "@/lib/types";
import { BakeoffParseError, blankRun, latency, type ParsedFile } from "./common";

const NS_PER_MS = 1e6;
const MLPERF_MODEL_RE =
  /(llama2-70b|llama3[._]1-405b|llama3[._]1-8b|mixtral-8x7b|deepseek-r1|gpt-oss-120b|gptj)(-interactive)?(-99(?:\.9)?)?/i;

export function isLoadgenSummaryText(text: string): boolean {
  return /MLPerf Results Summary/.test(text.slice(0, 200_000));
}

export function isLoadgenDetailText(text: string): boolean {
  return /^:::MLLOG /m.test(text.slice(0, 200_000));
}

/** "…/results/8xMI300X_2xEPYC_9575F/llama2-70b-99/Server/performance/run_1/mlperf_log_summary.txt" → hints. */
export function loadgenPathHints(filename: string | null): {
  model: string | null;
  dirScenario: string | null;
  accelerators: number | null;
} {
  const segs = (filename ?? "").split(/[/\\]+/).filter(Boolean);
  let dirScenario: string | null = null;
  let model: string | null = null;
  let accelerators: number | null = null;
  for (const s of segs) {
    const sc = /(?:^|-)(offline|server|interactive|singlestream|multistream)$/i.exec(s);
    if (sc?.[1]) dirScenario = sc[1];
    const m = MLPERF_MODEL_RE.exec(s);
    if (m?.[1] && !model) model = `${m[1].toLowerCase().replace("_", ".")}${m[3] ?? ""}`;
    const a = /(?:^|[-_])(\d+)x[A-Za-z]/.exec(s);
    if (a?.[1] && accelerators === null) accelerators = Number(a[1]);
  }
  if (dirScenario?.toLowerCase() === "interactive" || /-interactive/i.test(filename ?? "")) dirScenario = "Interactive";
  return { model, dirScenario, accelerators };
}

/** A LoadGen percentile set (ns) as ms; its values were read by lib/loadgen, so they are named by stat here. */
function ms(p: PercentileSet, block: string) {
  const src = (k: keyof PercentileSet) => ({ v: p[k], field: `${block} ${k}` });
  return latency(
    { min: src("min"), mean: src("mean"), p50: src("p50"), p90: src("p90"), p95: src("p95"), p99: src("p99") },
    1 / NS_PER_MS,
    block,
  );
}

/** A LoadgenRun (ns) → one BakeoffRun (ms). Server e2e latency is kept; Offline's is the whole batch, so not. */
export function loadgenToRun(lg: LoadgenRun, filename: string | null): { run: BakeoffRun; warnings: string[] } {
  const warnings: string[] = [];
  const hints = loadgenPathHints(filename);
  const run = blankRun("mlperf-loadgen");
  run.toolVersion = lg.loadgenVersion ? `LoadGen ${lg.loadgenVersion}` : "LoadGen";
  run.model = hints.model;
  if (hints.model) warnings.push(`model "${hints.model}" read from the file path; LoadGen logs do not name it`);
  else warnings.push("LoadGen logs do not name the model; choose it by hand");
  const cls = classifyScenario({
    dirScenario: hints.dirScenario,
    header: lg.scenarioHeader,
    ttftLimitNs: lg.ttftLimitNs,
    tpotLimitNs: lg.tpotLimitNs,
    modelFamily: hints.model,
  });
  const scenario: Scenario | null = cls.scenario;
  run.scenarioHint = scenario;
  // the one validity judgment: the failed checks as LoadGen writes them ("Performance constraints satisfied : NO")
  const verdict = judgeValidity(lg);
  run.validity = verdict.validity;
  if (verdict.failedChecks.length > 0) run.failedChecks = verdict.failedChecks;
  const offline = scenario === "Offline";
  run.load = offline
    ? { kind: "mlperf-offline", concurrency: null, requestRate: null }
    : { kind: "mlperf-server", concurrency: null, requestRate: lg.targetQps };
  if (scenario !== "Offline" && scenario !== "Server" && scenario !== "Interactive") {
    warnings.push(`scenario ${scenario ?? "unknown"} (${cls.reason}); treated as a server-style run`);
  }
  run.reqPerS = lg.samplesPerSecond;
  run.outTokPerS = lg.tokensPerSecond;
  run.numRequests = lg.queryCount !== null ? lg.queryCount * (lg.samplesPerQuery ?? 1) : null;
  run.ttftMs = ms(lg.ttftNs, "first token latency");
  run.tpotMs = ms(lg.tpotNs, "time per output token");
  run.e2eMs = offline ? null : ms(lg.latencyNs, "latency");
  if (!offline) {
    run.ttftLimitMs = lg.ttftLimitNs !== null ? lg.ttftLimitNs / NS_PER_MS : null;
    run.tpotLimitMs = lg.tpotLimitNs !== null ? lg.tpotLimitNs / NS_PER_MS : null;
  }
  run.accelerators = hints.accelerators;
  if (hints.accelerators !== null) warnings.push(`accelerator count ${hints.accelerators} read from the folder name`);
  run.latencyNotes.push("LoadGen's time-per-output-token is TPOT; output tokens only in tokens/s");
  if (offline) run.latencyNotes.push("Offline latency is the whole batch's wall time, not per request; not kept");
  if (verdict.validity === "INVALID")
    warnings.push(
      `LoadGen marked the run INVALID: ${verdict.failedChecks.join("; ") || "Result is : INVALID (no check named)"}`,
    );
  if (lg.mode && lg.mode !== "PerformanceOnly")
    warnings.push(`mode is ${lg.mode}, not PerformanceOnly: throughput is not a performance result`);
  warnings.push(`scenario: ${cls.reason}`);
  return { run, warnings };
}

/** A LoadGen summary, detail log or console paste → one run. */
export function parseLoadgenText(text: string, filename: string | null): ParsedFile {
  const source = filename ?? "upload";
  const detail = isLoadgenDetailText(text) && !isLoadgenSummaryText(text);
  const banner = /^\s*=*\s*MLPerf Results Summary/.test(text);
  const res = detail
    ? parseLoadgenDetail(text, source)
    : banner
      ? parseLoadgenSummary(text, source)
      : parseLoadgenConsole(text, source);
  const firstErr = res.errors[0];
  if (!res.run || (res.run.samplesPerSecond === null && res.run.tokensPerSecond === null)) {
    throw new BakeoffParseError(
      `expected a LoadGen ${detail ? "detail log (:::MLLOG lines with result_* keys)" : "summary with a throughput line"}${firstErr ? `: ${firstErr.message}` : ""}`,
      firstErr?.line ?? null,
      firstErr?.field ?? null,
    );
  }
  const { run, warnings } = loadgenToRun(res.run, filename);
  for (const e of res.errors) warnings.unshift(`${e.line !== null ? `line ${e.line}: ` : ""}${e.message}`);
  const format = detail ? "mlperf-loadgen-detail" : banner ? "mlperf-loadgen-summary" : "mlperf-loadgen-console";
  return { format, tool: "mlperf-loadgen", runs: [run], warnings };
}
