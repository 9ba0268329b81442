// Test-only helper: the real LoadGen result folders under shared/data/mlperf/loadgen as upload entries, read in
// place, and small edits of their text for the derived cases (scaled, INVALID, another version, shorter run).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { sharedPath } from "@/lib/shared-data";
import type { UploadEntry } from "./files";

export const LOADGEN_ROOT = sharedPath("mlperf", "loadgen");

function walk(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir).sort()) {
    const p = path.join(dir, n);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

/** Every platform folder: round, submitter, platform, and its files (logs + systems/<platform>.json). */
export function realPlatforms(): { round: string; submitter: string; platform: string; files: string[] }[] {
  const out: { round: string; submitter: string; platform: string; files: string[] }[] = [];
  for (const round of readdirSync(LOADGEN_ROOT).sort())
    for (const submitter of readdirSync(path.join(LOADGEN_ROOT, round)).sort())
      for (const platform of readdirSync(path.join(LOADGEN_ROOT, round, submitter)).sort()) {
        if (platform === "systems") continue;
        const dir = path.join(LOADGEN_ROOT, round, submitter, platform);
        const sys = path.join(LOADGEN_ROOT, round, submitter, "systems", `${platform}.json`);
        const files = walk(dir);
        try {
          statSync(sys);
          files.push(sys);
        } catch {
          /* no systems JSON */
        }
        out.push({ round, submitter, platform, files });
      }
  return out;
}

/** Files as an upload names them: relative to shared/data/mlperf/loadgen ("v6.0/AMD/<platform>/…"). */
export function entriesOf(files: string[], rel = LOADGEN_ROOT): UploadEntry[] {
  return files.map((f) => {
    const text = readFileSync(f, "utf8");
    return { path: path.relative(rel, f).split(path.sep).join("/"), text, size: Buffer.byteLength(text) };
  });
}

export const MI355X = { round: "v6.0", submitter: "AMD", platform: "8xMI355X_2xEPYC_9575F" };

export function mi355xTrio(): UploadEntry[] {
  const p = realPlatforms().find((x) => x.round === MI355X.round && x.platform === MI355X.platform);
  if (!p) throw new Error("the v6.0 AMD 8xMI355X folder is missing from shared/data");
  return entriesOf(p.files);
}

/** Applies `edit` to the text of every entry whose path matches `where`. */
export function edited(entries: UploadEntry[], where: RegExp, edit: (t: string) => string): UploadEntry[] {
  return entries.map((e) => {
    if (!where.test(e.path) || e.text === null) return e;
    const text = edit(e.text);
    if (text === e.text) throw new Error(`edit changed nothing in ${e.path}`);
    return { ...e, text, size: Buffer.byteLength(text) };
  });
}

/**
 * A LoadGen run's logs as LoadGen writes them when the run missed its latency bounds: loadgen/results.cc prints
 * "Result is : INVALID" and "Performance constraints satisfied : NO"; the detail log's result_validity and
 * result_perf_constraints_met say the same. Applied to the entries whose path matches `where`.
 */
export function invalidated(entries: UploadEntry[], where: RegExp): UploadEntry[] {
  return edited(entries, where, (t) =>
    t
      .replace("Result is : VALID", "Result is : INVALID")
      .replace("Performance constraints satisfied : Yes", "Performance constraints satisfied : NO")
      .replace('"key": "result_validity", "value": "VALID"', '"key": "result_validity", "value": "INVALID"')
      .replace(
        '"key": "result_perf_constraints_met", "value": true',
        '"key": "result_perf_constraints_met", "value": false',
      ),
  );
}
