// What one bake-off upload may hold, as one registry: each cap's value, what it counts, and the 400 a file over it
// gets. The upload route, the CLI (both through db/bakeoff.ts prepareBakeoffUpload), the README and the upload
// form's hint read these, so the documented numbers are the enforced ones. Pure.
import type { BakeoffRun } from "@/lib/types";

export interface UploadCap {
  key: "loadPoints" | "perRequestSamples" | "stringLength" | "files";
  limit: number;
  /** What is counted, for the README and messages. */
  what: string;
}

export const UPLOAD_CAPS = {
  files: { key: "files", limit: 50, what: "files in one upload" },
  loadPoints: { key: "loadPoints", limit: 500, what: "load points (runs) in one upload" },
  perRequestSamples: {
    key: "perRequestSamples",
    limit: 200_000,
    what: "per-request samples (all runs of one upload together)",
  },
  stringLength: { key: "stringLength", limit: 256, what: "characters in a model name, tool version or latency note" },
} as const satisfies Record<string, UploadCap>;

/** How many rows a bake-off page lists per table; the rest is counted and left to the CSV download. */
export const PAGE_ROWS = 100;

export type CapProblem = { cap: UploadCap; message: string; field: string };

/** The first cap the runs pass, or null. */
export function checkUploadCaps(runs: readonly BakeoffRun[]): CapProblem | null {
  const lp = UPLOAD_CAPS.loadPoints;
  if (runs.length > lp.limit)
    return {
      cap: lp,
      field: "file",
      message: `the upload holds ${runs.length.toLocaleString("en-US")} load points; at most ${lp.limit} ${lp.what} are accepted (split the sweep into several uploads)`,
    };
  const pr = UPLOAD_CAPS.perRequestSamples;
  let samples = 0;
  for (const r of runs) samples += r.perRequest?.length ?? 0;
  if (samples > pr.limit)
    return {
      cap: pr,
      field: "file",
      message: `the upload holds ${samples.toLocaleString("en-US")} per-request samples; at most ${pr.limit.toLocaleString("en-US")} ${pr.what} are accepted`,
    };
  const sl = UPLOAD_CAPS.stringLength;
  for (const r of runs)
    for (const [field, v] of [
      ["model", r.model],
      ["toolVersion", r.toolVersion],
      ...r.latencyNotes.map((n) => ["latencyNotes", n] as const),
    ] as const)
      if (v !== null && v.length > sl.limit)
        return {
          cap: sl,
          field,
          message: `${field} is ${v.length.toLocaleString("en-US")} characters long; at most ${sl.limit} ${sl.what} are accepted`,
        };
  return null;
}
