// Decode a summary source's bytes and hand it to the right lib/mlperf parser.
import { detectSummaryFormat, parseCheckerCsv, parseCheckerJson, parseSummaryResultsJson } from "@/lib/mlperf/summary";
import type { ResultRecord, SourceError } from "@/lib/types";

export interface ParsedSummary {
  format: string | null;
  records: ResultRecord[];
  errors: SourceError[];
}

/** True when the bytes are not text we can read (NUL bytes, or not UTF-8). */
export function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return true;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(
      head.length < bytes.length ? bytes.subarray(0, lastCharBoundary(head)) : head,
    );
    return false;
  } catch {
    return true;
  }
}

function lastCharBoundary(head: Uint8Array): number {
  // do not cut a multi-byte UTF-8 sequence in two when sniffing a prefix
  let end = head.length;
  while (end > 0 && ((head[end - 1] ?? 0) & 0xc0) === 0x80) end--;
  return end > 0 && ((head[end - 1] ?? 0) & 0x80) !== 0 ? end - 1 : end;
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
  if (looksBinary(bytes))
    return {
      format: "binary",
      records: [],
      errors: [
        {
          source,
          line: null,
          field: null,
          message: "binary file: expected a text MLCommons summary (JSON or CSV) or a LoadGen log",
        },
      ],
    };
  const text = new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
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
