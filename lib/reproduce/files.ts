// An uploaded LoadGen result folder (files, a folder, or an unpacked archive) → one run per scenario.
// Laid out as LoadGen and the submission tree write it:
//   [<submitter>/results/]<platform>/<model>/<Scenario>/[performance/run_1/]mlperf_log_summary.txt + _detail.txt
//   <platform>/<model>/<Scenario>/accuracy/{mlperf_log_accuracy.json, accuracy.txt, mlperf_log_*.txt}
//   [<submitter>/]systems/<platform>.json
// An MLPerf Endpoints client folder goes the same way: <platform>/<model>/<Scenario>/{config.yaml,
// performance/result_summary.json} (or the flat run folder the client writes, its scenario then read from the load
// pattern), read by lib/endpoints into the same run record.
// Files are told apart by content (as the importer does), the scenario by the folder name, else by the log's
// header and TTFT/TPOT limits (lib/judge classifyScenario). Compliance runs (TEST01…TEST09) are not the
// performance run and are listed as ignored. Pure: texts in, runs out.
import { isClientSummaryText } from "@/lib/endpoints/client-summary";
import { InputError } from "@/lib/input-error";
import { benchmarkIdentity, classifyScenario } from "@/lib/judge";
import { parseLoadgenDetail } from "@/lib/loadgen/detail";
import { mergeLoadgen } from "@/lib/loadgen/merge";
import { parseLoadgenSummary } from "@/lib/loadgen/summary";
import { type LoadgenSystem, parseSystemJson } from "@/lib/loadgen/systems";
import { normalizeScenario, splitModel } from "@/lib/mlperf/normalize";
import { sourceName } from "@/lib/mlperf/shared-id";
import type { LoadgenRun, Scenario, SourceError } from "@/lib/types";
import { clientRunScenario } from "./client-files";
import { mergeSettings, type RunSettings, settingsFromDetail, settingsFromSummary } from "./settings";

export interface UploadEntry {
  /** Path as uploaded: a relative path from a folder or archive, or a bare file name. */
  path: string;
  /** The file's text; null when it was not decoded (an accuracy log kept only as evidence). */
  text: string | null;
  size: number;
}

export interface UploadedScenario {
  scenario: Scenario;
  scenarioReason: string;
  /** The scenario folder inside the upload ("8xMI355X…/llama2-70b-99/Offline"), or null for loose files. */
  dir: string | null;
  platform: string | null;
  model: string | null;
  summaryFile: string | null;
  detailFile: string | null;
  /** The Endpoints client's result_summary.json when the run is a client run (then no LoadGen logs). */
  clientFile?: string | null;
  run: LoadgenRun;
  settings: RunSettings;
  /** Accuracy-mode evidence found beside the run: file names (mlperf_log_accuracy.json, accuracy.txt, …). */
  accuracyFiles: string[];
  /** The accuracy.txt verdict line, when one was uploaded. */
  accuracyText: string | null;
}

export interface UploadedSystem {
  platform: string;
  file: string;
  system: LoadgenSystem;
}

export interface UploadedFolder {
  scenarios: UploadedScenario[];
  systems: UploadedSystem[];
  roundFromPath: string | null;
  submitterFromPath: string | null;
  divisionFromPath: string | null;
  ignored: string[];
}

export class ReproduceInputError extends InputError {
  override name = "ReproduceInputError";
  static from(e: SourceError): ReproduceInputError {
    return new ReproduceInputError(e.message, e.source, e.line, e.field);
  }
}

type Kind = "summary" | "detail" | "client" | "client-config" | "systems" | "accuracy-json" | "accuracy-txt" | "other";

/** What a file is, by its content first; the name only for the accuracy evidence LoadGen always names the same. */
export function fileKind(path: string, text: string | null): Kind {
  const base = baseName(path).toLowerCase();
  if (base === "mlperf_log_accuracy.json") return "accuracy-json";
  if (text === null) return "other";
  const head = text.slice(0, 8192).replace(/^\uFEFF/, "");
  const t = head.trimStart();
  if (t.startsWith(":::MLLOG")) return "detail";
  if (/MLPerf Results Summary/.test(head)) return "summary";
  if (t.startsWith("{") && /"number_of_nodes"/.test(head) && /"accelerators_per_node"/.test(head)) return "systems";
  if (base === "accuracy.txt") return "accuracy-txt";
  if (isClientSummaryText(head)) return "client";
  if (/\.ya?ml$/.test(base) && /^(endpoint_config|model_params|settings):/m.test(head)) return "client-config";
  return "other";
}

const baseName = (p: string) => sourceName(p) ?? p;

/** Path facts: which folder is the scenario, the model and the platform; and whether this is a compliance run. */
export function describeUploadPath(path: string): {
  scenarioDir: string | null;
  scenarioName: string | null;
  model: string | null;
  platform: string | null;
  accuracyRun: boolean;
  compliance: string | null;
} {
  const segs = path.split("/").filter(Boolean);
  segs.pop(); // the file name
  const compliance = segs.find((s) => /^TEST\d+$/i.test(s) || s.toLowerCase() === "compliance") ?? null;
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i] ?? "";
    if (!normalizeScenario(s) || /^\d+$/.test(s)) continue;
    const after = segs.slice(i + 1);
    const accuracyRun = after[0]?.toLowerCase() === "accuracy";
    // <platform>/<model>/<Scenario> as the results tree lays it out; a folder above the scenario that names no
    // benchmark ("my-run/Offline") is neither the model nor a platform
    const above = segs[i - 1] ?? null;
    const isModel = above !== null && modelHint(above) !== null;
    return {
      scenarioDir: segs.slice(0, i + 1).join("/"),
      scenarioName: s,
      model: isModel ? modelHint(above) : modelHint(path),
      platform: isModel ? (segs[i - 2] ?? null) : null,
      accuracyRun,
      compliance,
    };
  }
  return { scenarioDir: null, scenarioName: null, model: null, platform: null, accuracyRun: false, compliance };
}

export interface Pending {
  key: string;
  dir: string | null;
  scenarioName: string | null;
  model: string | null;
  platform: string | null;
  summary: { file: string; text: string } | null;
  detail: { file: string; text: string } | null;
  client?: { file: string; text: string } | null;
  config?: { file: string; text: string } | null;
  accuracyFiles: string[];
  accuracyText: string | null;
}

/**
 * Groups the files into scenario runs, parses each with lib/loadgen, and reads the systems JSONs.
 * Throws ReproduceInputError (file, line, field) for a log that cannot be read or two runs of one scenario.
 */
export function readUploadedFolder(entries: UploadEntry[]): UploadedFolder {
  const ignored: string[] = [];
  const systems: UploadedSystem[] = [];
  const byDir = new Map<string, Pending>();
  const loose: { kind: "summary" | "detail"; file: string; text: string }[] = [];
  let roundFromPath: string | null = null;
  let submitterFromPath: string | null = null;
  let divisionFromPath: string | null = null;

  for (const e of entries) {
    const segs = e.path.split("/");
    for (const s of segs) {
      const m = /^v(\d+\.\d+)$/.exec(s) ?? /inference_results_v(\d+\.\d+)/.exec(s);
      if (m) roundFromPath = `v${m[1]}`;
      if (s === "closed" || s === "open") divisionFromPath = s;
    }
    const ri = segs.indexOf("results");
    if (ri > 0) submitterFromPath = segs[ri - 1] ?? submitterFromPath;
    const kind = fileKind(e.path, e.text);
    if (kind === "other") {
      ignored.push(`${e.path}: not a LoadGen log, accuracy log or systems JSON`);
      continue;
    }
    if (kind === "systems") {
      const r = parseSystemJson(e.text ?? "", e.path);
      const first = r.errors[0];
      if (first || !r.system)
        throw ReproduceInputError.from(
          first ?? { source: e.path, line: null, field: null, message: "systems JSON could not be read" },
        );
      systems.push({ platform: baseName(e.path).replace(/\.json$/i, ""), file: e.path, system: r.system });
      const si = segs.indexOf("systems");
      if (si > 0 && !submitterFromPath) submitterFromPath = segs[si - 1] ?? null;
      continue;
    }
    const p = describeUploadPath(e.path);
    if (p.compliance) {
      ignored.push(`${e.path}: a compliance run (${p.compliance}), not the performance run`);
      continue;
    }
    if (kind === "accuracy-json" || kind === "accuracy-txt" || p.accuracyRun) {
      if (!p.scenarioDir) {
        ignored.push(`${e.path}: an accuracy file outside a scenario folder`);
        continue;
      }
      const pend = pending(byDir, p);
      pend.accuracyFiles.push(e.path);
      if (kind === "accuracy-txt" && e.text)
        pend.accuracyText = e.text.trim().split("\n").slice(-3).join(" ").slice(0, 300);
      continue;
    }
    const text = e.text ?? "";
    if (kind === "client" || kind === "client-config") {
      // a client folder: its run sits in <Scenario>/performance/, its config.yaml in <Scenario>/; a flat run folder
      // (no scenario folder) is grouped by its own folder
      const dir =
        p.scenarioDir ??
        e.path
          .split("/")
          .slice(0, -1)
          .filter((s) => s !== "performance")
          .join("/");
      const pend = pending(byDir, p.scenarioDir ? p : { ...p, scenarioDir: `client:${dir}` });
      const slot = kind === "client" ? "client" : "config";
      if (pend[slot])
        throw new ReproduceInputError(
          `two Endpoints client ${slot === "client" ? "result_summary.json" : "config.yaml"} files for ${dir || "the upload"}: ${pend[slot]?.file} and ${e.path}; upload one run per scenario`,
          e.path,
        );
      pend[slot] = { file: e.path, text };
      continue;
    }
    if (!p.scenarioDir) {
      loose.push({ kind, file: e.path, text });
      continue;
    }
    const pend = pending(byDir, p);
    if (pend[kind])
      throw new ReproduceInputError(
        `two LoadGen ${kind} logs for ${p.scenarioDir}: ${pend[kind]?.file} and ${e.path}; upload one run per scenario`,
        e.path,
      );
    pend[kind] = { file: e.path, text };
  }

  const scenarios: UploadedScenario[] = [];
  for (const pend of byDir.values()) {
    if (pend.client) {
      scenarios.push(buildClientScenario(pend));
      continue;
    }
    if (pend.config && !pend.summary && !pend.detail) {
      ignored.push(`${pend.config.file}: an Endpoints client config.yaml without its performance/result_summary.json`);
      continue;
    }
    if (!pend.summary && !pend.detail) {
      ignored.push(`${pend.dir}: accuracy files only, no performance run`);
      continue;
    }
    scenarios.push(buildScenario(pend));
  }
  // loose files (no scenario folder): each log classified by its own content, then paired by scenario
  const looseBy = new Map<string, Pending>();
  for (const l of loose) {
    const run = parseOne(l.kind, l.text, l.file);
    const cls = classifyScenario({
      header: run.scenarioHeader,
      ttftLimitNs: run.ttftLimitNs,
      tpotLimitNs: run.tpotLimitNs,
      modelFamily: modelHint(l.file),
    });
    if (!cls.scenario)
      throw new ReproduceInputError(`cannot tell the scenario of ${l.file}: ${cls.reason}`, l.file, null, "Scenario");
    const key = `loose:${cls.scenario}`;
    const pend = looseBy.get(key) ?? {
      key,
      dir: null,
      scenarioName: cls.scenario,
      model: modelHint(l.file),
      platform: null,
      summary: null,
      detail: null,
      accuracyFiles: [],
      accuracyText: null,
    };
    looseBy.set(key, pend);
    if (pend[l.kind])
      throw new ReproduceInputError(
        `two LoadGen ${l.kind} logs read as ${cls.scenario}: ${pend[l.kind]?.file} and ${l.file}; put each scenario's logs in a folder named after it`,
        l.file,
      );
    pend[l.kind] = { file: l.file, text: l.text };
  }
  for (const pend of looseBy.values()) scenarios.push(buildScenario(pend));

  const seen = new Map<string, UploadedScenario>();
  for (const s of scenarios) {
    const k = `${s.platform ?? ""}|${s.model ?? ""}|${s.scenario}`;
    const prev = seen.get(k);
    if (prev)
      throw new ReproduceInputError(
        `two runs of ${s.scenario}${s.model ? ` ${s.model}` : ""}: ${prev.summaryFile ?? prev.detailFile} and ${s.summaryFile ?? s.detailFile}; upload one run per scenario`,
        s.summaryFile ?? s.detailFile,
      );
    seen.set(k, s);
  }
  if (scenarios.length === 0)
    throw new ReproduceInputError(
      `no LoadGen run in the upload (expected mlperf_log_summary.txt and/or mlperf_log_detail.txt per scenario, or the Endpoints client's performance/result_summary.json)${ignored.length ? `; ignored: ${ignored.slice(0, 3).join("; ")}` : ""}`,
      null,
      null,
      "file",
    );
  const order: Scenario[] = ["Offline", "Server", "Interactive", "SingleStream", "MultiStream"];
  scenarios.sort(
    (a, b) => (a.model ?? "").localeCompare(b.model ?? "") || order.indexOf(a.scenario) - order.indexOf(b.scenario),
  );
  return { scenarios, systems, roundFromPath, submitterFromPath, divisionFromPath, ignored };
}

function pending(byDir: Map<string, Pending>, p: ReturnType<typeof describeUploadPath>): Pending {
  const key = p.scenarioDir ?? "";
  let pend = byDir.get(key);
  if (!pend) {
    pend = {
      key,
      dir: p.scenarioDir,
      scenarioName: p.scenarioName,
      model: p.model,
      platform: p.platform,
      summary: null,
      detail: null,
      accuracyFiles: [],
      accuracyText: null,
    };
    byDir.set(key, pend);
  }
  return pend;
}

/**
 * The benchmark a path names, through the judge's benchmark identity (lib/judge: every spelling MLCommons
 * uses, the result folders' llama3_1-405b included): a folder that is a benchmark name, else an LLM benchmark named
 * inside a file or folder name ("llama2-70b-99_Offline_summary.txt"). Canonical id, or null.
 */
function modelHint(path: string): string | null {
  for (const seg of path.split("/").reverse()) {
    const id = benchmarkIdentity(seg);
    if (id.known) return id.benchmark;
  }
  const m = /(llama2-70b|llama3[._]1-405b|llama3[._]1-8b|mixtral-8x7b|deepseek-r1|gpt-oss-120b)(-99(?:\.9)?)?/i.exec(
    path,
  );
  return m?.[1] ? benchmarkIdentity(`${m[1]}${m[2] ?? ""}`.toLowerCase()).benchmark : null;
}

function parseOne(kind: "summary" | "detail", text: string, file: string): LoadgenRun {
  const r = kind === "summary" ? parseLoadgenSummary(text, file) : parseLoadgenDetail(text, file);
  const first = r.errors[0];
  if (first) throw ReproduceInputError.from(first);
  if (!r.run) throw new ReproduceInputError(`${file} holds no LoadGen ${kind} lines`, file);
  return r.run;
}

/** An Endpoints client run (client-files.ts); its InputError becomes a ReproduceInputError. */
function buildClientScenario(p: Pending): UploadedScenario {
  try {
    return clientRunScenario(p, modelHint);
  } catch (e) {
    if (e instanceof InputError && !(e instanceof ReproduceInputError))
      throw new ReproduceInputError(e.message, e.file, e.line, e.field);
    throw e;
  }
}

function buildScenario(p: Pending): UploadedScenario {
  const s = p.summary ? parseOne("summary", p.summary.text, p.summary.file) : null;
  const d = p.detail ? parseOne("detail", p.detail.text, p.detail.file) : null;
  const run = mergeLoadgen(s, d);
  const family = p.model ? splitModel(p.model).modelFamily : null;
  const cls = classifyScenario({
    dirScenario: p.dir ? normalizeScenario(p.scenarioName) : null,
    header: run.scenarioHeader,
    ttftLimitNs: run.ttftLimitNs,
    tpotLimitNs: run.tpotLimitNs,
    modelFamily: family,
  });
  const file = p.summary?.file ?? p.detail?.file ?? null;
  if (!cls.scenario) throw new ReproduceInputError(`cannot tell the scenario: ${cls.reason}`, file, null, "Scenario");
  const settings = mergeSettings(
    p.summary ? settingsFromSummary(p.summary.text) : null,
    p.detail ? settingsFromDetail(p.detail.text) : null,
  );
  return {
    scenario: cls.scenario,
    scenarioReason: cls.reason,
    dir: p.dir,
    platform: p.platform,
    model: p.model,
    summaryFile: p.summary?.file ?? null,
    detailFile: p.detail?.file ?? null,
    run,
    settings,
    accuracyFiles: p.accuracyFiles,
    accuracyText: p.accuracyText,
  };
}
