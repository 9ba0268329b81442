// The real files the fuzzers mutate, read in place from ../shared/data (and the project's own sample CSV).
// Large files are cut down to real excerpts so a case stays fast (a mutation touches a few places; more rows of the
// same shape only cost time): round summaries and CSVs to their first rows, LoadGen detail logs to their lines under
// 2 KB (the long git-log/settings lines are dropped).
import fs from "node:fs";
import path from "node:path";
import { sharedPath } from "@/lib/shared-data";
import type { FuzzSeeds } from "./properties";

function read(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

const present = (xs: (string | null)[]): string[] => xs.filter((x): x is string => x !== null);

/** The first `n` rows of a round summary, in the file's own layout (2-space indented array). */
function firstRows(text: string | null, n: number): string | null {
  if (text === null) return null;
  const rows = JSON.parse(text) as unknown[];
  return `${JSON.stringify(rows.slice(0, n), null, 2)}\n`;
}

/** The first `n` lines of a text (a CSV's header, comments and first rows; line endings kept). */
function firstLines(text: string | null, n: number): string | null {
  if (text === null) return null;
  let at = 0;
  for (let i = 0; i < n && at >= 0; i++) at = text.indexOf("\n", at + 1);
  return at < 0 ? text : text.slice(0, at + 1);
}

export function loadFuzzSeeds(): FuzzSeeds {
  const summary = (f: string) => read(sharedPath("mlperf", "summary", f));
  const loadgen = walk(sharedPath("mlperf", "loadgen"));
  const bakeoffFiles = walk(sharedPath("bakeoff")).filter((f) => fs.statSync(f).size <= 64 * 1024);
  return {
    summaryResultsJson: present([
      summary("cm4mlperf-inference-scc24.summary_results.json"),
      firstRows(summary("v6.0.summary_results.json"), 4),
      firstRows(summary("v4.1.summary_results.json"), 4),
    ]),
    checkerJson: present([summary("cm4mlperf-inference-scc24.summary.json")]),
    checkerCsv: present([
      summary("cm4mlperf-inference-scc24.summary.csv"),
      firstLines(summary("v5.1.closed-GigaComputing.summary.csv"), 6),
      firstLines(summary("v4.1.closed-GigaComputing.summary.csv"), 6),
    ]),
    loadgenSummary: present(loadgen.filter((f) => f.endsWith("mlperf_log_summary.txt")).map(read)),
    loadgenDetail: present(
      loadgen
        .filter((f) => f.endsWith("mlperf_log_detail.txt"))
        .slice(0, 4)
        .map(read)
        .map((t) =>
          t === null
            ? null
            : t
                .split("\n")
                .filter((l) => l.length < 2048)
                .join("\n"),
        ),
    ),
    systemsJson: present(loadgen.filter((f) => /[\\/]systems[\\/][^\\/]+\.json$/.test(f)).map(read)),
    bakeoff: bakeoffFiles.flatMap((f) => {
      const text = read(f);
      return text === null ? [] : [{ name: path.relative(sharedPath("bakeoff"), f), text }];
    }),
  };
}
