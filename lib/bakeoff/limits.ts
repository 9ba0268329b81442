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
  loadPoints: { key: "loadPoints", limit: 100, what: "load points (runs) in one upload" },
  perRequestSamples: {
    key: "perRequestSamples",
    limit: 200_000,
    what: "per-request samples (all runs of one upload together)",
  },
  stringLength: { key: "stringLength", limit: 256, what: "characters in a model name, tool version or latency note" },
} as const satisfies Record<string, UploadCap>;

/** How many rows a bake-off page lists per table; the rest is counted and left to the CSV download. */
export const PAGE_ROWS = 25;

/**
 * How many load points a campaign page lists per page, and its methodology picker offers (issue 26): 32 members on a
 * 100-point upload are 3,200 runs, whose table and two pickers of every run took the page's render 3.4 s. 25, as the
 * bake-off page's tables (PAGE_ROWS): a page of 100 rows was 186 KB of the page's HTML and as much again in its payload.
 */
export const CAMPAIGN_PAGE_ROWS = 25;

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

// ---- One budget per request (issue 26 finding 2) ----
// The caps above count one upload's parsed runs. What a request may make the server unpack and read is counted here,
// once for everything the request carries: five 200 KB zips of 39 MB each are one request of 196 MB, refused at the
// entry that passes the budget, not after each archive was unpacked whole. POST /api/reproductions (every file and
// every archive entry) and POST /api/bakeoff (every file, every per-request sample) draw on one RequestBudget.
// The numbers: a real LoadGen result folder (../shared/data/mlperf/loadgen: 60 files, 4.1 MB in all, the largest
// detail log under 1 MB) fits many times over; the accuracy log (mlperf_log_accuracy.json), which is kept as
// evidence and never read, is not unpacked from a .zip at all.

export interface RequestCap {
  key: "unpackedBytes" | "entries" | "samples";
  limit: number;
  what: string;
}

export const REQUEST_BUDGET = {
  unpackedBytes: {
    key: "unpackedBytes",
    limit: 64 * 1024 * 1024,
    what: "bytes unpacked from everything one request carries (its files and every archive entry together)",
  },
  entries: { key: "entries", limit: 2000, what: "files and archive entries in one request" },
  samples: { key: "samples", limit: UPLOAD_CAPS.perRequestSamples.limit, what: "per-request samples in one request" },
} as const satisfies Record<string, RequestCap>;

/** A request over its budget: which cap, and where (the file or archive entry that passed it). */
export class BudgetExceeded extends Error {
  override name = "BudgetExceeded";
  constructor(
    readonly cap: RequestCap,
    readonly where: string | null,
    message: string,
  ) {
    super(message);
  }
}

function mb(n: number): string {
  return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
}

/** What one request has used of REQUEST_BUDGET (or smaller limits, for tests); every add throws once it is passed. */
export class RequestBudget {
  bytes = 0;
  entries = 0;
  samples = 0;
  constructor(
    readonly limits: { unpackedBytes: number; entries: number; samples: number } = {
      unpackedBytes: REQUEST_BUDGET.unpackedBytes.limit,
      entries: REQUEST_BUDGET.entries.limit,
      samples: REQUEST_BUDGET.samples.limit,
    },
  ) {}
  /** Bytes still allowed: what an inflater may produce before the budget is passed. */
  remainingBytes(): number {
    return Math.max(0, this.limits.unpackedBytes - this.bytes);
  }
  addBytes(n: number, where: string | null): void {
    this.bytes += n;
    if (this.bytes > this.limits.unpackedBytes)
      throw new BudgetExceeded(
        REQUEST_BUDGET.unpackedBytes,
        where,
        `the request unpacks to more than ${mb(this.limits.unpackedBytes)} (${REQUEST_BUDGET.unpackedBytes.what}); passed at ${where ?? "its files"}`,
      );
  }
  addEntry(where: string | null): void {
    this.entries++;
    if (this.entries > this.limits.entries)
      throw new BudgetExceeded(
        REQUEST_BUDGET.entries,
        where,
        `the request holds more than ${this.limits.entries.toLocaleString("en-US")} ${REQUEST_BUDGET.entries.what}`,
      );
  }
  addSamples(n: number, where: string | null): void {
    this.samples += n;
    if (this.samples > this.limits.samples)
      throw new BudgetExceeded(
        REQUEST_BUDGET.samples,
        where,
        `the request holds more than ${this.limits.samples.toLocaleString("en-US")} ${REQUEST_BUDGET.samples.what} (passed at ${where ?? "its files"}); at most ${this.limits.samples.toLocaleString("en-US")} are accepted`,
      );
  }
}
