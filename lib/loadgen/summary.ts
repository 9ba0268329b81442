// Parses LoadGen's human summary (mlperf_log_summary.txt) and console pastes of it into a LoadgenRun.
// Pure: text in, {run, errors} out; no I/O.
import type { LoadgenRun, PercentileSet, SourceError } from "@/lib/types";
import {
  CHECK,
  earlyStoppingOutcome,
  emptyLoadgenRun,
  emptyPercentileSet,
  failedChecksOf,
  type PercentileSlot,
  parseNumber,
  percentileSlot,
} from "./run";

export interface LoadgenParseResult {
  run: LoadgenRun | null;
  errors: SourceError[];
}

/** One "Additional Stats" block. Console pastes can hold several; see pickBlock. */
interface StatsBlock {
  scheduled: number | null;
  completedSamples: number | null;
  completedTokens: number | null;
  latencyNs: PercentileSet;
  ttftNs: PercentileSet;
  tpotNs: PercentileSet;
  seen: Set<string>;
}

function newBlock(): StatsBlock {
  return {
    scheduled: null,
    completedSamples: null,
    completedTokens: null,
    latencyNs: emptyPercentileSet(),
    ttftNs: emptyPercentileSet(),
    tpotNs: emptyPercentileSet(),
    seen: new Set(),
  };
}

const CHECK_LABELS: Record<string, string> = {
  "performance constraints satisfied": CHECK.perfConstraints,
  "min duration satisfied": CHECK.minDuration,
  "min queries satisfied": CHECK.minQueries,
  "early stopping satisfied": CHECK.earlyStopping,
};

const EARLY_STOPPING_LABELS: Record<string, string> = {
  "ttft early stopping result": CHECK.ttftEarlyStopping,
  "tpot early stopping result": CHECK.tpotEarlyStopping,
  "early stopping result": CHECK.latencyEarlyStopping,
};

type ParamField = "samplesPerQuery" | "targetQps" | "ttftLimitNs" | "tpotLimitNs" | "minDurationMs" | "minQueryCount";
const PARAM_LABELS: Record<string, ParamField> = {
  samples_per_query: "samplesPerQuery",
  target_qps: "targetQps",
  "ttft_latency (ns)": "ttftLimitNs",
  "tpot_latency (ns)": "tpotLimitNs",
  "min_duration (ms)": "minDurationMs",
  min_query_count: "minQueryCount",
};

const STAT_RE = [
  { set: "latencyNs", re: /^(?:(min|max|mean)|(\d+(?:\.\d+)?) percentile) latency \(ns\)$/ },
  { set: "ttftNs", re: /^(?:(min|max|mean)|(\d+(?:\.\d+)?) percentile) first token latency \(ns\)$/ },
  { set: "tpotNs", re: /^(?:(min|max|mean)|(\d+(?:\.\d+)?) percentile) time (?:to|per) output token \(ns\)$/ },
] as const;

/** "Min Time per Output Token (ns)" → {set: "tpotNs", slot: "min"}; null when the label is no latency stat. */
function statSlot(label: string): { set: "latencyNs" | "ttftNs" | "tpotNs"; slot: PercentileSlot } | null {
  for (const { set, re } of STAT_RE) {
    const m = re.exec(label);
    if (!m) continue;
    const slot = m[1] ? (m[1] as PercentileSlot) : percentileSlot(Number(m[2]));
    return slot ? { set, slot } : null;
  }
  return null;
}

/** Which throughput line a header should have had, for the error message. */
function throughputLabel(scenario: string | null): string {
  return scenario?.toLowerCase() === "server" ? "Completed samples per second" : "Samples per second";
}

/**
 * What a header without its throughput line should have held, and where. LoadGen's PerformanceSummary::LogSummary
 * (mlcommons/inference loadgen/results.cc) writes "SUT name", "Scenario", "Mode", then the scenario's throughput —
 * Server: "Completed samples per second" with token latencies (LLM runs), else "Scheduled samples per second";
 * Offline: "Samples per second" (and "Tokens per second" for LLM runs) — then "Result is".
 */
function missingThroughputMessage(scenario: string | null, modeLine: number | null, resultLine: number): string {
  const server = scenario?.toLowerCase() === "server";
  const what = server
    ? 'a Server summary has "Completed samples per second" (LLM runs) or "Scheduled samples per second"'
    : `${scenario?.toLowerCase() === "offline" ? "an Offline summary has" : "LoadGen writes"} "Samples per second"`;
  const where =
    modeLine !== null
      ? `between "Mode" (line ${modeLine}) and "Result is" (line ${resultLine})`
      : `before "Result is" (line ${resultLine})`;
  return `no throughput line: ${what} ${where}`;
}

/**
 * Parses `mlperf_log_summary.txt`, or the same summary pasted from a console (no `====` banners, cut with
 * "...", shell/docker noise around it, repeated stats blocks). Throughput always comes from the results header
 * (the lines before "Result is"), never from a stats block.
 *
 * Example: "Completed tokens per second: 1016375.00" → run.tokensPerSecond === 1016375.
 * `run` is non-null whenever any LoadGen line was recognised; check `errors` for truncation.
 */
export function parseLoadgenSummary(text: string, source: string): LoadgenParseResult {
  const errors: SourceError[] = [];
  if (text.trim() === "") {
    return { run: null, errors: [{ source, line: null, field: null, message: "empty LoadGen summary" }] };
  }
  const run = emptyLoadgenRun();
  run.hasSummary = true;
  const blocks: StatsBlock[] = [];
  let block: StatsBlock | null = null;
  let inStats = false; // after "Additional Stats", or after "Result is" in banner-less pastes
  let sawResult = false;
  let recognised = 0;
  let pendingEarlyStop: string | null = null;
  let lastLine = 0;
  let modeLine: number | null = null;
  let resultLine: number | null = null;

  const err = (line: number, field: string | null, message: string) => errors.push({ source, line, field, message });
  const num = (value: string, line: number, field: string): number | null => {
    const n = parseNumber(value);
    if (n === null) err(line, field, `not a number: "${value}"`);
    return n;
  };
  const blockFor = (key: string): StatsBlock => {
    // A repeated stat starts a new block (console pastes print more than one).
    if (!block || block.seen.has(key)) {
      block = newBlock();
      blocks.push(block);
    }
    block.seen.add(key);
    return block;
  };

  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const t = (lines[i] ?? "").trim();
    if (t === "") continue;
    lastLine = lineNo;
    if (/^=+$/.test(t) || /^(?:\.{3,}|…)$/.test(t)) continue;
    if (t.startsWith("*")) {
      if (pendingEarlyStop) {
        const ok = earlyStoppingOutcome(t);
        if (ok !== null) run.checks[pendingEarlyStop] = ok;
        pendingEarlyStop = null;
      }
      continue; // recommendation bullets
    }
    const lower = t.toLowerCase();
    if (lower === "mlperf results summary") {
      recognised++;
      continue;
    }
    if (lower === "additional stats") {
      inStats = true;
      recognised++;
      continue;
    }
    if (lower === "test parameters used") {
      recognised++;
      continue;
    }
    const colon = t.indexOf(":");
    if (colon < 0) continue;
    const label = t
      .slice(0, colon)
      .replace(/\(inferred\)/i, "")
      .replace(/\s+/g, " ")
      .trim()
      .toLowerCase();
    const rawLabel = t.slice(0, colon).trim();
    const value = t.slice(colon + 1).trim();
    const inHeader = !inStats && !sawResult;

    const es = EARLY_STOPPING_LABELS[label];
    if (es) {
      pendingEarlyStop = es;
      recognised++;
      continue;
    }
    const check = CHECK_LABELS[label];
    if (check) {
      recognised++;
      const v = value.toLowerCase();
      if (v === "yes") run.checks[check] = true;
      else if (v === "no") run.checks[check] = false;
      else if (v !== "skipped") err(lineNo, rawLabel, `expected Yes/NO, got "${value}"`);
      continue;
    }
    const param = PARAM_LABELS[label];
    if (param) {
      recognised++;
      if (run[param] === null) run[param] = num(value, lineNo, rawLabel);
      continue;
    }
    const stat = statSlot(label);
    if (stat) {
      recognised++;
      inStats = true;
      const b = blockFor(`${stat.set}.${stat.slot}`);
      b[stat.set][stat.slot] = num(value, lineNo, rawLabel);
      continue;
    }
    switch (label) {
      case "sut name":
        run.sutName ??= value;
        break;
      case "scenario":
        run.scenarioHeader ??= value;
        break;
      case "mode":
        if (run.mode === null) modeLine = lineNo;
        run.mode ??= value;
        break;
      case "result is": {
        if (sawResult) break;
        sawResult = true;
        resultLine = lineNo;
        const v = value.toUpperCase();
        if (v === "VALID" || v === "INVALID") run.validity = v;
        else err(lineNo, "Result is", `expected VALID or INVALID, got "${value}"`);
        break;
      }
      case "samples per second":
      case "tokens per second": {
        if (!inHeader) break;
        const key = label === "samples per second" ? "samplesPerSecond" : "tokensPerSecond";
        if (run[key] === null) run[key] = num(value, lineNo, rawLabel);
        break;
      }
      case "completed samples per second":
      case "completed tokens per second":
      case "scheduled samples per second": {
        const key =
          label === "completed samples per second"
            ? "samplesPerSecond"
            : label === "completed tokens per second"
              ? "tokensPerSecond"
              : "scheduledSamplesPerSecond";
        if (inHeader && run[key] === null) {
          run[key] = num(value, lineNo, rawLabel);
        } else {
          inStats = true;
          const bkey =
            key === "samplesPerSecond"
              ? "completedSamples"
              : key === "tokensPerSecond"
                ? "completedTokens"
                : "scheduled";
          blockFor(bkey)[bkey] = num(value, lineNo, rawLabel);
        }
        break;
      }
      default:
        continue; // unknown label (shell prompt, docker log, seeds we do not keep)
    }
    recognised++;
  }

  if (recognised === 0) {
    return { run: null, errors: [{ source, line: null, field: null, message: "no LoadGen summary lines found" }] };
  }
  // Only header lines count as the result's throughput; stats-block values below merely fill gaps.
  const hasThroughput =
    run.samplesPerSecond !== null || run.tokensPerSecond !== null || run.scheduledSamplesPerSecond !== null;
  const chosen = pickBlock(blocks, run.tokensPerSecond);
  if (chosen) {
    run.latencyNs = chosen.latencyNs;
    run.ttftNs = chosen.ttftNs;
    run.tpotNs = chosen.tpotNs;
    run.scheduledSamplesPerSecond ??= chosen.scheduled;
    run.samplesPerSecond ??= chosen.completedSamples; // non-token Server prints completed QPS only in the stats
  }
  run.failedChecks = failedChecksOf(run.checks);

  if (!sawResult) err(lastLine, "Result is", "log ends before the result line (truncated?)");
  const latencyScenario = /^(single|multi)stream$/i.test(run.scenarioHeader ?? "");
  if (!latencyScenario && !hasThroughput) {
    if (resultLine !== null)
      err(
        resultLine,
        throughputLabel(run.scenarioHeader),
        missingThroughputMessage(run.scenarioHeader, modeLine, resultLine),
      );
    else err(lastLine, throughputLabel(run.scenarioHeader), "log ends before the throughput line (truncated?)");
  }
  return { run, errors };
}

/**
 * Console output of a LoadGen run (the AMD reproduction guides' "It will produce output similar to ...").
 * Same parser: parseLoadgenSummary already skips banners, "..." and noise, and keeps the header throughput.
 */
export function parseLoadgenConsole(text: string, source: string): LoadgenParseResult {
  return parseLoadgenSummary(text, source);
}

/**
 * A real summary has one stats block. A console paste may repeat it with another run's numbers; keep the
 * block whose "Completed tokens per second" matches the header, else the last one.
 */
function pickBlock(blocks: StatsBlock[], headerTokens: number | null): StatsBlock | null {
  if (blocks.length <= 1) return blocks[0] ?? null;
  if (headerTokens !== null) {
    const match = blocks.find(
      (b) => b.completedTokens !== null && Math.abs(b.completedTokens - headerTokens) <= 1e-9 * headerTokens,
    );
    if (match) return match;
  }
  return blocks[blocks.length - 1] ?? null;
}
