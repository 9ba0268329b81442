// A bake-off upload as CSV: one row per load point, then the footnotes. Labels, models and names are user text,
// so every text cell goes through lib/csv-export's formula defusing.

import { bakeoffFootnote, UNVERIFIED_LABEL } from "@/lib/context";
import { toCsvLine } from "@/lib/csv-export";
import { DERIVED_LABEL } from "@/lib/judge";
import type { BakeoffUploadView } from "@/lib/types";

const COLUMNS = [
  "Label",
  "Verification",
  "Point",
  "Tool",
  "Tool version",
  "Model",
  "Load kind",
  "Concurrency",
  "Request rate (req/s)",
  "Successful requests",
  "Failed requests",
  "Duration (s)",
  "Requests/s",
  "Output tokens/s",
  "Total tokens/s",
  "TTFT p50 (ms)",
  "TTFT p99 (ms)",
  "TPOT p50 (ms)",
  "TPOT p99 (ms)",
  "ITL p99 (ms)",
  "E2E p99 (ms)",
  "Accelerator",
  "Accelerators",
  `Output tokens/s per accelerator (${DERIVED_LABEL})`,
  "Validity",
  "Source files",
];

export function bakeoffToCsv(u: BakeoffUploadView & { fileName?: string | null }): string {
  const lines = [toCsvLine(COLUMNS)];
  u.runs.forEach((r, i) => {
    const acc = r.accelerators ?? u.accelerators;
    lines.push(
      toCsvLine([
        u.label,
        UNVERIFIED_LABEL,
        i + 1,
        r.tool,
        r.toolVersion,
        r.model,
        r.load.kind,
        r.load.concurrency,
        r.load.requestRate,
        r.numRequests,
        r.numFailed,
        r.durationS,
        r.reqPerS,
        r.outTokPerS,
        r.totalTokPerS,
        r.ttftMs?.p50,
        r.ttftMs?.p99,
        r.tpotMs?.p50,
        r.tpotMs?.p99,
        r.itlMs?.p99,
        r.e2eMs?.p99,
        u.accelerator,
        acc,
        r.outTokPerS !== null && acc ? r.outTokPerS / acc : null,
        r.validity,
        u.fileName ?? null,
      ]),
    );
  });
  lines.push("");
  const seen = new Set<string>();
  for (const r of u.runs) {
    const f = bakeoffFootnote(r, u.label);
    if (!seen.has(f)) lines.push(toCsvLine([f]));
    seen.add(f);
  }
  return `${lines.join("\r\n")}\r\n`;
}
