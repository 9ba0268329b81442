// The MLPerf Endpoints client's `result_summary.json` (repo mlcommons/endpoints, package `inference_endpoint`),
// every shape it has written, read into one record. Pure: text in, a record out; bad input → InputError naming the
// file, the line and the field.
//
// What the client writes, by its own code:
// - `src/inference_endpoint/metrics/report.py` `Report` + `Report.from_snapshot` + `Report.to_json` (@ 03cd909, and
//   the later `docs/metrics/report_design.md` @ 530620f): `version`, `git_sha`, `test_started_at`,
//   `n_samples_issued|completed|failed`, `duration_ns`, `state` ("complete" | "interrupted"; a missing state is
//   "interrupted"), `complete`, the stat blocks `ttft`, `tpot`, `latency`, `output_sequence_lengths` (and from
//   report_design.md @ 530620f `input_sequence_lengths`), `legacy_loadgen_window_duration_ns`, `qps`, `tps`,
//   (`e2e_avg_interactivity`, `finish_reason_counts` in the newest), `run_config` (`load_pattern`, warm-up, seeds).
// - Before that, report.py @ 4b8327c (`compute_summary`, `Report.from_kv_reader`): no `state`, `complete`, `qps`
//   or `tps` in the file (qps/tps were methods, not fields), percentiles keyed `str(p)` over
//   `(99.9, 99, 97, 95, 90, 80, 75, 50, 25, 10, 5, 1)`, so "90" not "90.0".
// - Before that, `src/inference_endpoint/metrics/reporter.py` @ 02f74bd `Report.to_json` (a dataclass, orjson with
//   sorted keys): `n_samples_issued`, `n_samples_completed`, `duration_ns`, the four stat blocks,
//   `tpot_reporting_mode`, plus `qps`, `tps`, `e2e_sample_latency_sec`; no version, no failed count.
// - `async_utils/services/metrics_aggregator/registry.py` (@ 021c223) `DEFAULT_PERCENTILES` and `_exact_stat`:
//   percentile keys are `str(float)` ("99.9", "90.0", "50.0"), values the observed sample (`method="lower"`).
//   `snapshot.py` `_scrub_nonfinite` writes NaN/±Inf as null. An empty series is `{}`.
// Units: every time is NANOSECONDS (ttft, tpot, latency, duration_ns, the window); sequence lengths are tokens.
// `tps` is SYSTEM-WIDE output tokens/s over the run's window (no per-user figure is written); when
// `legacy_loadgen_window_duration_ns` is set the window is LoadGen's Server "completed" window and
// `qps = (completed - 1) / window` (report.py from_snapshot), else `completed / duration`.
// Percentile keys are read as the Endpoints checker reads them (mlcommons/endpoints-submission-cli
// `src/submission_checker/models/file/point_summary.py` `PercentileStats._normalize_percentile_keys`):
// "90.0" and "90" are the same percentile; two keys naming one percentile with different values are refused.
// The checker's own fixtures (../shared/data/endpoints) are a reduced shape with stored `system_tps` and
// `tps_per_user`; they are read too (shape "checker-fixture").
import { InputError } from "@/lib/input-error";
import { jsonErrorLine } from "@/lib/loadgen/json-position";

/** Which writer made the file (see the header): oldest first. */
export type ClientSummaryShape = "reporter-2025" | "kv-store" | "snapshot" | "snapshot-isl" | "checker-fixture";

/** One stat block. Times in ns, lengths in tokens; null where the file has no value (or wrote NaN as null). */
export interface ClientStat {
  total: number | null;
  min: number | null;
  max: number | null;
  median: number | null;
  avg: number | null;
  stdDev: number | null;
  /** Keyed by the checker's canonical percentile ("90", "99.9"), whatever the file wrote ("90.0"). */
  percentiles: Record<string, number | null>;
  /** MLPerf early-stopping estimates (`early_stopping_percentiles`, earlier `early_stopping`), canonical keys. */
  earlyStopping: Record<string, number | null> | null;
}

export interface ClientSummary {
  file: string;
  shape: ClientSummaryShape;
  version: string | null;
  gitSha: string | null;
  /** "complete" | "interrupted" as written; null for the shapes that did not write it. */
  state: string | null;
  /** `complete` as written (state complete and nothing pending); null when not written. */
  complete: boolean | null;
  /** The client marked the run interrupted (SIGINT/SIGTERM): its figures are best-effort partial data. */
  interrupted: boolean;
  samplesIssued: number | null;
  samplesCompleted: number;
  samplesFailed: number | null;
  durationNs: number | null;
  /** LoadGen Server "completed" window the file's qps/tps were computed over, or null (the full-run window). */
  legacyWindowNs: number | null;
  ttftNs: ClientStat | null;
  tpotNs: ClientStat | null;
  latencyNs: ClientStat | null;
  osl: ClientStat | null;
  /** Absent from every shape before "snapshot-isl", and empty when the run recorded none. */
  isl: ClientStat | null;
  /** Queries/s: as written, else recomputed by the writer's own rule. */
  qps: number | null;
  /** System-wide output tokens/s: as written, else recomputed by the writer's own rule (osl.total / window). */
  tps: number | null;
  tpsSource: "file" | "computed" | null;
  /** `finish_reason_counts` (newest shape only). */
  finishReasonCounts: Record<string, number> | null;
  loadPattern: { type: string | null; targetQps: number | null; targetConcurrency: number | null } | null;
  /** The checker fixture's stored figures, checked against the recomputed ones by its 1 % rule. */
  stored: { systemTps: number | null; tpsPerUser: number | null };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Cheap content sniff: a JSON object with the client's sample counters and run duration. */
export function isClientSummaryText(text: string): boolean {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, "")
    .trimStart();
  return head.startsWith("{") && /"n_samples_completed"\s*:/.test(text) && /"duration_ns"\s*:/.test(text);
}

/** The checker's canonical percentile key: "90.0" → "90", "99.90" → "99.9"; null when not a percentile. */
export function canonicalPercentileKey(key: string): string | null {
  if (!/^\s*\d+(?:\.\d*)?\s*$/.test(key)) return null;
  const p = Number(key);
  if (!Number.isFinite(p) || p < 0 || p > 100) return null;
  return String(p);
}

/** A stat block's value at percentile `p` (90, 99.9), or null. */
export function percentileOf(stat: ClientStat | null, p: number): number | null {
  return stat?.percentiles[String(p)] ?? null;
}

/** 1-based line of the first `"key":` after `from` (a line), following a path of keys; null when absent. */
function keyLine(text: string, path: string[]): number | null {
  const lines = text.split("\n");
  let at = 0;
  for (const k of path) {
    const needle = `${JSON.stringify(k)}`;
    let found = -1;
    for (let i = at; i < lines.length; i++) {
      const l = lines[i] ?? "";
      const j = l.indexOf(needle);
      if (j >= 0 && /^\s*:/.test(l.slice(j + needle.length))) {
        found = i;
        break;
      }
    }
    if (found < 0) return at > 0 ? at + 1 : null;
    at = found;
  }
  return at + 1;
}

class Reader {
  constructor(
    readonly text: string,
    readonly file: string,
  ) {}
  fail(path: string[], message: string): never {
    throw new InputError(
      `${this.file}: ${path.join(".")} ${message}`,
      this.file,
      keyLine(this.text, path),
      path.join("."),
    );
  }
  /** A finite number, or null when absent/null; anything else is refused. */
  num(v: unknown, path: string[]): number | null {
    if (v === undefined || v === null) return null;
    if (typeof v !== "number" || !Number.isFinite(v)) this.fail(path, `must be a number, not ${JSON.stringify(v)}`);
    return v;
  }
  count(v: unknown, path: string[]): number | null {
    const n = this.num(v, path);
    if (n !== null && (n < 0 || !Number.isInteger(n))) this.fail(path, `must be a whole number ≥ 0, not ${n}`);
    return n;
  }
  str(v: unknown, path: string[]): string | null {
    if (v === undefined || v === null) return null;
    if (typeof v !== "string") this.fail(path, `must be a string, not ${JSON.stringify(v)}`);
    return v;
  }
  percentiles(v: unknown, path: string[]): Record<string, number | null> {
    if (v === undefined || v === null) return {};
    if (!isObj(v)) this.fail(path, "must be an object keyed by percentile");
    const out: Record<string, number | null> = {};
    for (const [k, raw] of Object.entries(v)) {
      const key = canonicalPercentileKey(k);
      if (key === null) this.fail([...path, k], 'is not a percentile key (expected e.g. "90.0" or "90")');
      const val = this.num(raw, [...path, k]);
      if (key in out && out[key] !== val)
        this.fail([...path, k], `names percentile ${key} a second time with a different value`);
      out[key] = val;
    }
    return out;
  }
  stat(v: unknown, name: string): ClientStat | null {
    if (v === undefined || v === null) return null;
    if (!isObj(v)) this.fail([name], "must be a stat block (object) or {}");
    if (Object.keys(v).length === 0) return null;
    const es = v.early_stopping_percentiles ?? v.early_stopping;
    return {
      total: this.num(v.total, [name, "total"]),
      min: this.num(v.min, [name, "min"]),
      max: this.num(v.max, [name, "max"]),
      median: this.num(v.median, [name, "median"]),
      avg: this.num(v.avg, [name, "avg"]),
      stdDev: this.num(v.std_dev, [name, "std_dev"]),
      percentiles: this.percentiles(v.percentiles, [name, "percentiles"]),
      earlyStopping:
        es === undefined || es === null
          ? null
          : this.percentiles(es, [
              name,
              "early_stopping_percentiles" in v ? "early_stopping_percentiles" : "early_stopping",
            ]),
    };
  }
}

function shapeOf(o: Obj): ClientSummaryShape {
  if ("input_sequence_lengths" in o || "finish_reason_counts" in o || "e2e_avg_interactivity" in o)
    return "snapshot-isl";
  if ("state" in o || "complete" in o) return "snapshot";
  if ("version" in o) return "kv-store";
  if ("tpot_reporting_mode" in o || "e2e_sample_latency_sec" in o) return "reporter-2025";
  return "checker-fixture";
}

/**
 * Reads one `result_summary.json` (any shape the client has written, or the checker's fixture shape).
 * Throws InputError (file, line, field) for text that is not JSON, not an object, lacks `n_samples_completed` or
 * `duration_ns`, or holds a value of the wrong kind.
 */
export function parseClientSummary(text: string, file: string): ClientSummary {
  const body = text.replace(/^\uFEFF/, "");
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (e) {
    throw new InputError(
      `${file}: not valid JSON (${e instanceof Error ? e.message : String(e)})`,
      file,
      jsonErrorLine(body),
      null,
    );
  }
  if (!isObj(json)) throw new InputError(`${file}: a result_summary.json is one JSON object`, file, 1, null);
  const r = new Reader(body, file);
  const o = json;
  const shape = shapeOf(o);
  if (!("n_samples_completed" in o))
    throw new InputError(
      `${file}: n_samples_completed is missing (not an Endpoints client summary)`,
      file,
      null,
      "n_samples_completed",
    );
  if (!("duration_ns" in o))
    throw new InputError(
      `${file}: duration_ns is missing (not an Endpoints client summary)`,
      file,
      null,
      "duration_ns",
    );
  const samplesCompleted = r.count(o.n_samples_completed, ["n_samples_completed"]) ?? 0;
  const durationNs = r.num(o.duration_ns, ["duration_ns"]);
  if (durationNs !== null && durationNs <= 0) r.fail(["duration_ns"], `must be > 0 ns, not ${durationNs}`);
  const legacyWindowNs = r.num(o.legacy_loadgen_window_duration_ns, ["legacy_loadgen_window_duration_ns"]);
  const osl = r.stat(o.output_sequence_lengths, "output_sequence_lengths");
  const state = r.str(o.state, ["state"]);
  let complete: boolean | null = null;
  if (typeof o.complete === "boolean") complete = o.complete;
  else if (o.complete != null) r.fail(["complete"], "must be true or false");

  // the writer's own window rule (report.py from_snapshot): the legacy LoadGen window when it was used, else the run
  const legacy = legacyWindowNs !== null && legacyWindowNs > 0;
  const windowNs = legacy ? legacyWindowNs : durationNs;
  const fileTps = r.num(o.tps, ["tps"]);
  const fileQps = r.num(o.qps, ["qps"]);
  const computedTps = windowNs !== null && osl?.total != null ? osl.total / (windowNs / 1e9) : null;
  const computedQps =
    windowNs === null ? null : legacy ? (samplesCompleted - 1) / (windowNs / 1e9) : samplesCompleted / (windowNs / 1e9);

  let finishReasonCounts: Record<string, number> | null = null;
  if (isObj(o.finish_reason_counts)) {
    finishReasonCounts = {};
    for (const [k, v] of Object.entries(o.finish_reason_counts))
      finishReasonCounts[k] = r.count(v, ["finish_reason_counts", k]) ?? 0;
  } else if (o.finish_reason_counts != null) r.fail(["finish_reason_counts"], "must be an object of counts");

  let loadPattern: ClientSummary["loadPattern"] = null;
  const rc = o.run_config;
  if (rc != null && !isObj(rc)) r.fail(["run_config"], "must be an object");
  if (isObj(rc) && isObj(rc.load_pattern)) {
    const lp = rc.load_pattern;
    loadPattern = {
      type: r.str(lp.type, ["run_config", "load_pattern", "type"]),
      targetQps: r.num(lp.target_qps, ["run_config", "load_pattern", "target_qps"]),
      targetConcurrency: r.count(lp.target_concurrency, ["run_config", "load_pattern", "target_concurrency"]),
    };
  }

  return {
    file,
    shape,
    version: r.str(o.version, ["version"]),
    gitSha: r.str(o.git_sha, ["git_sha"]),
    state,
    complete,
    // report.py: a missing state in the snapshot is written as "interrupted"; complete=false alone is a drain timeout
    interrupted: state === "interrupted",
    samplesIssued: r.count(o.n_samples_issued, ["n_samples_issued"]),
    samplesCompleted,
    samplesFailed: r.count(o.n_samples_failed, ["n_samples_failed"]),
    durationNs,
    legacyWindowNs,
    ttftNs: r.stat(o.ttft, "ttft"),
    tpotNs: r.stat(o.tpot, "tpot"),
    latencyNs: r.stat(o.latency, "latency"),
    osl,
    isl: r.stat(o.input_sequence_lengths, "input_sequence_lengths"),
    qps: fileQps ?? computedQps,
    tps: fileTps ?? computedTps,
    tpsSource: fileTps !== null ? "file" : computedTps !== null ? "computed" : null,
    finishReasonCounts,
    loadPattern,
    stored: {
      systemTps: r.num(o.system_tps, ["system_tps"]),
      tpsPerUser: r.num(o.tps_per_user, ["tps_per_user"]),
    },
  };
}

/**
 * The Endpoints rules' per-point figures from one summary, as the checker derives them (v1.0 draft §4.1;
 * endpoints-submission-cli point_summary.py `system_tps`, `ttft_p90_ms`, `tpot_p90_ms`; `tps_per_user =
 * 1000 / tpot_p90_ms`): system_tps over the FULL duration (not the legacy LoadGen window), P90 not P99.
 */
export function checkerFigures(s: ClientSummary): {
  systemTps: number | null;
  tpotP90Ms: number | null;
  ttftP90Ms: number | null;
  tpsPerUser: number | null;
} {
  const systemTps =
    s.durationNs !== null && s.osl?.total != null ? Math.trunc(s.osl.total) / (s.durationNs / 1e9) : null;
  const tpot = percentileOf(s.tpotNs, 90);
  const ttft = percentileOf(s.ttftNs, 90);
  const tpotP90Ms = tpot === null ? null : tpot / 1e6;
  return {
    systemTps,
    tpotP90Ms,
    ttftP90Ms: ttft === null ? null : ttft / 1e6,
    tpsPerUser: tpotP90Ms !== null && tpotP90Ms > 0 ? 1000 / tpotP90Ms : null,
  };
}
