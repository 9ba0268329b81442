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

export function parseSummaryText(bytes: Uint8Array, source: string, opts: { round?: string }): ParsedSummary {
  if (bytes.length === 0)
    return {
      format: "empty",
      records: [],
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
      format: decoded.line === null ? "binary" : "not-utf8",
      records: [],
      errors: [{ source, line: decoded.line, field: null, message: decoded.message }],
    };
  const text = decoded.text;
  const format = detectSummaryFormat(text);
  const o = { round: opts.round };
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
