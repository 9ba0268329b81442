// Decode a summary source's bytes and hand it to the right lib/mlperf parser.
import { decodeUtf8Fast } from "@/db/decode";
import { detectSummaryFormat, parseCheckerCsv, parseCheckerJson, parseSummaryResultsJson } from "@/lib/mlperf/summary";
import type { ResultRecord, SourceError } from "@/lib/types";

export interface ParsedSummary {
  format: string | null;
  records: ResultRecord[];
  /** `resultKey` of each record, when the parser computed them. */
  naturalKeys?: string[];
  errors: SourceError[];
}

/** A summary source's bytes as text, or why they are not (empty, binary, not UTF-8), naming the line. */
export function summaryText(
  bytes: Uint8Array,
  source: string,
): { ok: true; text: string } | { ok: false; errors: SourceError[] } {
  if (bytes.length === 0)
    return {
      ok: false,
      errors: [
        {
          source,
          line: null,
          field: null,
          message:
            "empty file (0 bytes): expected an MLCommons summary (summary_results.json, summary.json or summary.csv)",
        },
      ],
    };
  const decoded = decodeUtf8Fast(bytes);
  if (!decoded.ok)
    return {
      ok: false,
      errors: [{ source, line: decoded.line, field: null, message: decoded.message }],
    };
  return { ok: true, text: decoded.text };
}

/** Decoded summary text → records, by the form its content shows. */
export function parseSummaryString(
  text: string,
  source: string,
  opts: { round?: string; roundFromPath?: boolean },
): ParsedSummary {
  const format = detectSummaryFormat(text);
  const o = { round: opts.round, roundFromPath: opts.roundFromPath };
  switch (format) {
    case "summary_results_json":
      return parseSummaryResultsJson(text, source, o);
    case "checker_json":
      return parseCheckerJson(text, source, o);
    case "checker_csv":
      return parseCheckerCsv(text, source, o);
    default: {
      const t = text.trimStart();
      // a JSON-looking file that no detector accepts: let the JSON parser say where it breaks
      if (t.startsWith("[")) return parseSummaryResultsJson(text, source, o);
      if (t.startsWith("{")) return parseCheckerJson(text, source, o);
      return {
        format: "unknown",
        records: [],
        errors: [
          {
            source,
            line: 1,
            field: null,
            message:
              'not a recognised MLCommons summary: expected summary_results.json (array), checker summary.json (object keyed "0","1",…) or checker summary.csv (header with Organization, …, Result)',
          },
        ],
      };
    }
  }
}
