// Source precedence: which source wins when two state one result. A lesser source never overwrites a better one, and
// a format without IDs/links never erases them.
import type { ResultRecord } from "@/lib/types";
import type { Existing } from "./change";

/**
 * Which source wins when two disagree about one result: the official round summary over a per-submitter
 * checker file, any summary over a value read from a LoadGen log.
 */
export const ORIGIN_RANK: Record<string, number> = {
  summary_results_json: 4,
  checker_json: 3,
  checker_csv: 3,
  loadgen: 1,
};

export function rankOf(origin: string): number {
  return ORIGIN_RANK[origin] ?? 2;
}

/** Does the new record bring an ID or link the stored row lacks (or differs on)? */
export function bringsLinks(r: ResultRecord, prev: Existing): boolean {
  return (
    (r.resultId !== null && r.resultId !== prev.resultId) ||
    (r.detailsUrl !== null && r.detailsUrl !== prev.detailsUrl) ||
    (r.codeUrl !== null && r.codeUrl !== prev.codeUrl)
  );
}
