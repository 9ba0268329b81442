// The files of one run folder read into one run record: LoadGen's mlperf_log_summary.txt / mlperf_log_detail.txt,
// or the MLPerf Endpoints client's performance/result_summary.json (with the config.yaml of its scenario folder),
// read by lib/endpoints into the same LoadgenRun. A file that cannot be read rejects the whole source.
import fs from "node:fs";
import path from "node:path";
import { decodeUtf8Fast } from "@/db/decode";
import { sha256Hex } from "@/db/hash";
import { SourceRejected } from "@/db/write";
import { clientSummaryToLoadgenRun, readClientConfig } from "@/lib/endpoints/client-run";
import { parseClientSummary } from "@/lib/endpoints/client-summary";
import { InputError } from "@/lib/input-error";
import { parseLoadgenDetail } from "@/lib/loadgen/detail";
import { mergeLoadgen } from "@/lib/loadgen/merge";
import { parseLoadgenSummary } from "@/lib/loadgen/summary";
import { normalizeScenario } from "@/lib/mlperf/normalize";
import { mergeSettings, type RunSettings, settingsFromDetail, settingsFromSummary } from "@/lib/reproduce/settings";
import { checkJsonText } from "@/lib/text/strict-json";
import type { LoadgenRun, SourceError } from "@/lib/types";
import type { RunPath } from "./discover";

export function reject(source: string, field: string | null, message: string, line: number | null = null): never {
  throw new SourceRejected([{ source, line, field, message }]);
}

export function readText(file: string, maxBytes: number): { text: string; bytes: Buffer } {
  const size = fs.statSync(file).size;
  if (size > maxBytes) reject(file, null, `file is ${size} bytes; the limit is ${maxBytes}`);
  const bytes = fs.readFileSync(file);
  const decoded = decodeUtf8Fast(bytes);
  if (!decoded.ok) reject(file, null, decoded.message, decoded.line);
  if (/^\s*[[{]/.test(decoded.text.slice(0, 64))) {
    const p = checkJsonText(decoded.text);
    if (p) reject(file, p.field, p.message, p.line);
  }
  return { text: decoded.text, bytes };
}

export interface RunFiles {
  run: LoadgenRun;
  settings: RunSettings;
  hashes: string[];
  /** "loadgen" or "endpoints-client": the import's format and the words its notes use. */
  format: "loadgen" | "endpoints-client";
}

/** Reads a run folder's files; `p` is its path facts (the scenario folder and the benchmark folder name). */
export function readRunFiles(
  u: { summary: string | null; detail: string | null; client?: string | null },
  p: RunPath,
  maxBytes: number,
): RunFiles {
  const hashes: string[] = [];
  if (u.client) {
    const { text, bytes } = readText(u.client, maxBytes);
    hashes.push(sha256Hex(bytes));
    const cfgPath = path.join(p.scenarioDir, "config.yaml");
    let config = null;
    if (fs.existsSync(cfgPath)) {
      const c = readText(cfgPath, maxBytes);
      hashes.push(sha256Hex(c.bytes));
      config = readClientConfig(c.text);
    }
    try {
      const s = parseClientSummary(text, u.client);
      const run = clientSummaryToLoadgenRun(s, {
        scenario: normalizeScenario(p.scenarioName),
        benchmark: p.model,
        config,
      });
      const settings: RunSettings = { testMode: run.mode };
      if (run.targetQps !== null) settings.targetQps = String(run.targetQps);
      if (run.minDurationMs !== null) settings.minDurationMs = String(run.minDurationMs);
      if (s.version) settings.loadgenVersion = `Endpoints client ${s.version}`;
      return { run, settings, hashes, format: "endpoints-client" };
    } catch (e) {
      if (e instanceof InputError) reject(e.file ?? u.client, e.field, e.message, e.line);
      throw e;
    }
  }
  const errors: SourceError[] = [];
  let summaryRun: LoadgenRun | null = null;
  let detailRun: LoadgenRun | null = null;
  let summarySettings: RunSettings | null = null;
  let detailSettings: RunSettings | null = null;
  if (u.summary) {
    const { text, bytes } = readText(u.summary, maxBytes);
    hashes.push(sha256Hex(bytes));
    const r = parseLoadgenSummary(text, u.summary);
    errors.push(...r.errors);
    summaryRun = r.run;
    summarySettings = settingsFromSummary(text);
  }
  if (u.detail) {
    const { text, bytes } = readText(u.detail, maxBytes);
    hashes.push(sha256Hex(bytes));
    const r = parseLoadgenDetail(text, u.detail);
    errors.push(...r.errors);
    detailRun = r.run;
    detailSettings = settingsFromDetail(text);
  }
  if (errors.length) throw new SourceRejected(errors);
  return {
    run: mergeLoadgen(summaryRun, detailRun),
    settings: mergeSettings(summarySettings, detailSettings),
    hashes,
    format: "loadgen",
  };
}
