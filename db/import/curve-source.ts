// MLPerf Endpoints submissions found in a walk: each `results/<system>/<model>/` folder with `r<N>/` point folders
// (v1.0, mlcommons/endpoints-submission-cli src/submission_checker/layout.py iter_curves / iter_point_dirs) and each
// `pareto/<system>/<model>/results/point_<N>/run_metadata.json` (v0.7, models/file/run_metadata.py) is one curve,
// read by lib/endpoints/curve.ts and stored by db/curves.ts in one transaction.
import fs from "node:fs";
import path from "node:path";
import type { DbHandle } from "@/db/client";
import { writeCurve } from "@/db/curves";
import { sha256Hex } from "@/db/hash";
import { SourceRejected, type WriteCounts } from "@/db/write";
import { type CurveFile, type CurveInput, CurveRejected, readCurve } from "@/lib/endpoints/curve";
import type { CurveLayout } from "@/lib/endpoints/curve-types";

export interface CurveUnit {
  kind: "curve";
  dir: string;
  layout: CurveLayout;
  /** concurrency → file base name → path */
  points: Map<number, Map<string, string>>;
  systemPower: string | null;
}

/** Files a point folder holds that the curve reads (layout.py; accuracy results are kept with the point, unread). */
const POINT_FILES = new Set(["point.yaml", "result_summary.json", "system_desc.json", "accuracy_results.json"]);

export interface CurvePart {
  dir: string;
  layout: CurveLayout;
  concurrency: number | null;
  name: string;
}

/**
 * Which curve a file belongs to, by its place in the tree: `…/results/<system>/<model>/r<N>/<file>` (v1.0),
 * `…/results/<system>/system_power.json` (every curve of that system), `…/pareto/<system>/<model>/results/point_<N>/
 * run_metadata.json` (v0.7); null for anything else.
 */
export function curvePart(file: string): CurvePart | null {
  const abs = path.resolve(file);
  const name = path.basename(abs);
  const pointDir = path.dirname(abs);
  const modelDir = path.dirname(pointDir);
  const systemDir = path.dirname(modelDir);
  const r = /^r(\d+)$/.exec(path.basename(pointDir));
  if (r && POINT_FILES.has(name) && path.basename(path.dirname(systemDir)) === "results")
    return { dir: modelDir, layout: "v1.0", concurrency: Number(r[1]), name };
  const p = /^point_(\d+)$/.exec(path.basename(pointDir));
  if (p && name === "run_metadata.json" && path.basename(modelDir) === "results") {
    const model = path.dirname(modelDir);
    if (path.basename(path.dirname(path.dirname(model))) === "pareto")
      return { dir: model, layout: "v0.7", concurrency: Number(p[1]), name };
  }
  if (name === "system_power.json" && path.basename(path.dirname(pointDir)) === "results")
    return { dir: pointDir, layout: "v1.0", concurrency: null, name };
  return null;
}

/** Groups the curve files of a walk into curves; system_power.json files attach to their system's curves. */
export function groupCurves(parts: CurvePart[], files: string[]): CurveUnit[] {
  const units = new Map<string, CurveUnit>();
  const power = new Map<string, string>();
  parts.forEach((part, i) => {
    const file = path.resolve(files[i] as string);
    if (part.concurrency === null) {
      power.set(part.dir, file);
      return;
    }
    let u = units.get(part.dir);
    if (!u) {
      u = { kind: "curve", dir: part.dir, layout: part.layout, points: new Map(), systemPower: null };
      units.set(part.dir, u);
    }
    const pt = u.points.get(part.concurrency) ?? new Map<string, string>();
    pt.set(part.name, file);
    u.points.set(part.concurrency, pt);
  });
  for (const u of units.values()) u.systemPower = power.get(path.dirname(u.dir)) ?? null;
  return [...units.values()];
}

function read(file: string, maxBytes: number): CurveFile {
  const size = fs.statSync(file).size;
  if (size > maxBytes)
    throw new SourceRejected([
      { source: file, line: null, field: null, message: `file is ${size} bytes; the limit is ${maxBytes}` },
    ]);
  return { path: file, text: fs.readFileSync(file, "utf8") };
}

/** The curve's input: its files read, its names from the tree. */
export function curveInput(
  u: CurveUnit,
  maxBytes: number,
  sourceUrl: string | null = null,
  sourceName: string | null = null,
): CurveInput {
  const systemDir = path.dirname(u.dir);
  const segments = u.dir.split(path.sep);
  const resultsDir = u.layout === "v1.0" ? path.dirname(systemDir) : path.dirname(path.dirname(systemDir));
  return {
    layout: u.layout,
    source: sourceName ?? u.dir,
    system: path.basename(systemDir),
    model: path.basename(u.dir),
    org: path.basename(path.dirname(path.dirname(resultsDir))) || null,
    // mlcommons/endpoints-submission-cli keeps its synthetic checker fixtures under test_submissions/
    synthetic: segments.includes("test_submissions"),
    systemPower: u.systemPower ? read(u.systemPower, maxBytes) : null,
    points: [...u.points.entries()].map(([concurrency, files]) => ({
      concurrency,
      files: Object.fromEntries([...files.entries()].map(([n, f]) => [n, read(f, maxBytes)])),
    })),
    sourceUrl,
  };
}

/** One curve into the store (one transaction); a curve the checker's rules refuse is rejected with file and field. */
export async function importCurve(
  h: DbHandle,
  u: CurveUnit,
  opts: {
    maxBytes: number;
    sourceUrl?: string | null;
    /** The curve's stable name when its folder is a temporary copy (an official archive: `<url>#<path>`). */
    sourceName?: string | null;
    /** The change log's time and source (a refresh gives one to every curve of a source). */
    at?: string;
    logSource?: string;
  },
): Promise<{ format: string; counts: WriteCounts; id: string }> {
  const input = curveInput(u, opts.maxBytes, opts.sourceUrl ?? null, opts.sourceName ?? null);
  let rec: ReturnType<typeof readCurve>;
  try {
    rec = readCurve(input);
  } catch (e) {
    if (e instanceof CurveRejected) throw new SourceRejected(e.errors);
    throw e;
  }
  const all = [input.systemPower, ...input.points.flatMap((p) => Object.values(p.files))].filter(
    (f): f is CurveFile => f !== null,
  );
  const sha256 = sha256Hex(Buffer.from(all.map((f) => `${f.path}\u0000${f.text}`).join("\u0000")));
  const format = u.layout === "v0.7" ? "endpoints-curve-v0.7" : "endpoints-curve";
  const meta = { source: input.source, format, sha256, at: opts.at, logSource: opts.logSource };
  return { format, counts: await writeCurve(h, rec, meta), id: rec.id };
}
