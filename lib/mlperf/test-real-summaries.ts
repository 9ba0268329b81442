// Test-only helper (imported by *.test.ts, never by app code): reads the real MLPerf summary files in place from
// shared/data and caches their parse. Uses node:fs, which the parser modules themselves never do.
import { readFileSync } from "node:fs";
import { sharedPath } from "@/lib/shared-data";
import type { ResultRecord } from "@/lib/types";
import { parseSummary, type SummaryParseResult } from "./summary";

export const ROUND_FILES = {
  "v4.1": "v4.1.summary_results.json",
  "v5.1": "v5.1.summary_results.json",
  "v6.0": "v6.0.summary_results.json",
} as const;

export const CM4_FILES = [
  "cm4mlperf-inference-scc24.summary.csv",
  "cm4mlperf-inference-scc24.summary.json",
  "cm4mlperf-inference-scc24.summary_results.json",
] as const;

export function readSummaryText(name: string): string {
  return readFileSync(sharedPath("mlperf", "summary", name), "utf8");
}

const cache = new Map<string, SummaryParseResult>();

/** The parse of one real summary file (cached; do not mutate the records). */
export function parsedSummary(name: string): SummaryParseResult {
  let hit = cache.get(name);
  if (!hit) {
    hit = parseSummary(readSummaryText(name), name);
    cache.set(name, hit);
  }
  return hit;
}

/** The raw objects of a real summary_results.json, for distinct-value tables. */
export function rawSummaryRows(name: string): Record<string, unknown>[] {
  return JSON.parse(readSummaryText(name)) as Record<string, unknown>[];
}

export function allRoundRecords(): ResultRecord[] {
  return Object.values(ROUND_FILES).flatMap((f) => parsedSummary(f).records);
}

/** Records matching every given field (ResultRecord or SystemRecord fields). */
export function findRecords(records: ResultRecord[], match: Partial<Record<string, unknown>>): ResultRecord[] {
  return records.filter((r) =>
    Object.entries(match).every(
      ([k, v]) =>
        (k in r
          ? (r as unknown as Record<string, unknown>)[k]
          : (r.system as unknown as Record<string, unknown>)[k]) === v,
    ),
  );
}
