// Turns CLI sources (files, directories, URLs) into import units, detecting formats by content.
import fs from "node:fs";
import path from "node:path";
import { isClientSummaryText } from "@/lib/endpoints/client-summary";
import { type CurvePart, type CurveUnit, curvePart, groupCurves } from "./curve-source";

export type Unit =
  | { kind: "summary"; path: string }
  | { kind: "url"; url: string }
  | { kind: "loadgen"; dir: string; summary: string | null; detail: string | null; client?: string | null }
  | { kind: "systems"; path: string }
  | CurveUnit
  | { kind: "unknown"; path: string };

const SNIFF_BYTES = 8192;

function sniff(file: string): string {
  const fd = fs.openSync(file, "r");
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const n = fs.readSync(fd, buf, 0, SNIFF_BYTES, 0);
    return buf
      .subarray(0, n)
      .toString("utf8")
      .replace(/^\uFEFF/, "");
  } finally {
    fs.closeSync(fd);
  }
}

export type SniffKind = "loadgen-summary" | "loadgen-detail" | "endpoints-client" | "systems" | "summary" | "unknown";

/** Classify a file by its first bytes. */
export function sniffKind(head: string): SniffKind {
  const t = head.trimStart();
  if (t.startsWith(":::MLLOG")) return "loadgen-detail";
  if (/MLPerf Results Summary/.test(head)) return "loadgen-summary";
  if (
    t.startsWith("{") &&
    /"number_of_nodes"/.test(head) &&
    /"accelerators_per_node"/.test(head) &&
    !/"Organization"/.test(head)
  )
    return "systems";
  // the MLPerf Endpoints client's performance/result_summary.json (lib/endpoints/client-summary.ts)
  if (isClientSummaryText(head) && !/"(Performance_Result|Organization|Submitter)"/.test(head))
    return "endpoints-client";
  if ((t.startsWith("[") || t.startsWith("{")) && /"(Performance_Result|Organization|Submitter)"/.test(head))
    return "summary";
  const firstLine = t.split(/\r?\n/, 1)[0] ?? "";
  if (/Organization/.test(firstLine) && /(Result|MlperfModel)/.test(firstLine)) return "summary";
  return "unknown";
}

function walk(dir: string, out: string[]): void {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    if (e.name.startsWith(".") || e.name === "node_modules") continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile()) out.push(p);
  }
}

/**
 * Expand sources into units: summaries first, then LoadGen runs (grouped by directory), then system
 * descriptions, so a tree imported in one go finds its summary rows. Files named explicitly that are not
 * recognised become "summary" units (so the parser reports what is wrong); unrecognised files met while
 * walking a directory are listed in `skipped`.
 */
/**
 * Why a path named on the command line cannot be read, in words: `fs.existsSync` says false for a missing file, a
 * symbolic link loop (ELOOP), a link to nothing and a folder it may not enter alike.
 */
export function whyUnreadable(src: string): string {
  try {
    fs.statSync(src);
    return "cannot be read";
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return `symbolic link loop: ${src} leads back to itself (ELOOP)`;
    if (code === "EACCES") return `permission denied: ${src} (EACCES)`;
    if (code === "ENOTDIR") return `not a directory: a part of ${src} is a file (ENOTDIR)`;
    if (code === "ENAMETOOLONG") return `path too long: ${src.slice(0, 80)}… (ENAMETOOLONG)`;
    if (code === "ENOENT") {
      try {
        if (fs.lstatSync(src).isSymbolicLink()) {
          const target = fs.readlinkSync(src);
          return `broken symbolic link: ${src} points to ${path.resolve(path.dirname(src), target)}, which does not exist`;
        }
      } catch {
        // a missing path, not a link
      }
      return "no such file or directory";
    }
    return `cannot be read: ${(e as Error).message}`;
  }
}

export function discover(sources: string[]): { units: Unit[]; skipped: string[]; missing: string[] } {
  const summaries: Unit[] = [];
  const officialFirst = new Set<string>();
  const runs = new Map<string, { summary: string | null; detail: string | null; client?: string | null }>();
  const systemsFiles: Unit[] = [];
  const skipped: string[] = [];
  const missing: string[] = [];
  const urls: Unit[] = [];
  const curveParts: CurvePart[] = [];
  const curveFiles: string[] = [];
  for (const src of sources) {
    if (/^https?:\/\//i.test(src)) {
      urls.push({ kind: "url", url: src });
      continue;
    }
    if (!fs.existsSync(src)) {
      missing.push(src);
      continue;
    }
    const stat = fs.statSync(src);
    if (!stat.isDirectory() && !stat.isFile()) {
      // a FIFO or a device: never sniffed (a read could block or never end); read once, bounded, as a summary
      summaries.push({ kind: "summary", path: src });
      continue;
    }
    const files: string[] = [];
    if (stat.isDirectory()) walk(src, files);
    else files.push(src);
    const explicit = !stat.isDirectory();
    for (const f of files) {
      // an Endpoints submission's files are placed by the tree (results/<system>/<model>/r<N>/), not sniffed
      const part = curvePart(f);
      if (part) {
        curveParts.push(part);
        curveFiles.push(f);
        continue;
      }
      const kind = sniffKind(sniff(f));
      if (kind === "loadgen-summary" || kind === "loadgen-detail" || kind === "endpoints-client") {
        const dir = path.dirname(f);
        const run = runs.get(dir) ?? { summary: null, detail: null };
        if (kind === "loadgen-summary") run.summary = f;
        else if (kind === "loadgen-detail") run.detail = f;
        else run.client = f;
        runs.set(dir, run);
      } else if (kind === "systems") systemsFiles.push({ kind: "systems", path: f });
      else if (kind === "summary" || explicit) {
        summaries.push({ kind: "summary", path: f });
        if (kind === "summary" && sniff(f).trimStart().startsWith("[")) officialFirst.add(f);
      } else skipped.push(f);
    }
  }
  // official round summaries (JSON arrays) before per-submitter checker files, so the better source lands first
  summaries.sort((a, b) => Number(officialFirst.has(unitPath(b))) - Number(officialFirst.has(unitPath(a))));
  const runUnits: Unit[] = [...runs.entries()].map(([dir, r]) => ({ kind: "loadgen", dir, ...r }));
  // a systems JSON that describes a run in this walk is read as part of that run (one transaction), not alone
  const usedByRuns = new Set(
    [...runs.keys()].map((d) => describeRunPath(d).systemsJson).filter((p): p is string => !!p),
  );
  const orphans = systemsFiles.filter((u) => u.kind === "systems" && !usedByRuns.has(path.resolve(u.path)));
  const curves = groupCurves(curveParts, curveFiles);
  return { units: [...summaries, ...urls, ...runUnits, ...curves, ...orphans], skipped, missing };
}

function unitPath(u: Unit): string {
  return u.kind === "url" ? u.url : u.kind === "loadgen" || u.kind === "curve" ? u.dir : u.path;
}

/** Path facts of a LoadGen run directory laid out as in the results repos. */
export interface RunPath {
  scenarioDir: string;
  scenarioName: string;
  model: string;
  platform: string;
  submitterFromPath: string | null;
  roundFromPath: string | null;
  divisionFromPath: string | null;
  systemsJson: string | null;
}

export function describeRunPath(dir: string): RunPath {
  const abs = path.resolve(dir);
  let scenarioDir = abs;
  if (/^run_\d+$/.test(path.basename(abs)) && path.basename(path.dirname(abs)) === "performance")
    scenarioDir = path.dirname(path.dirname(abs));
  else if (path.basename(abs) === "performance") scenarioDir = path.dirname(abs);
  const modelDir = path.dirname(scenarioDir);
  const platformDir = path.dirname(modelDir);
  const platform = path.basename(platformDir);
  const above = path.dirname(platformDir);
  const candidates = [
    path.join(above, "systems", `${platform}.json`),
    path.join(path.dirname(above), "systems", `${platform}.json`),
  ];
  const systemsJson = candidates.find((c) => fs.existsSync(c)) ?? null;
  const aboveName = path.basename(above);
  const submitterFromPath = aboveName === "results" ? path.basename(path.dirname(above)) : aboveName || null;
  const segments = abs.split(path.sep);
  let roundFromPath: string | null = null;
  for (const s of segments) {
    const m = /^v(\d+\.\d+)$/.exec(s) ?? /inference_results_v(\d+\.\d+)/.exec(s);
    if (m) roundFromPath = `v${m[1]}`;
  }
  const divisionFromPath = segments.includes("open") ? "open" : segments.includes("closed") ? "closed" : null;
  return {
    scenarioDir,
    scenarioName: path.basename(scenarioDir),
    model: path.basename(modelDir),
    platform,
    submitterFromPath,
    roundFromPath,
    divisionFromPath,
    systemsJson,
  };
}
