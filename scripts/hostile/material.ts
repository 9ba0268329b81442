// The real material the hostile cases are built from: rows of the round summaries in ../shared/data (public MLCommons
// data) and a real vLLM run, so only the trap differs; and the small encoders the cases share.
import fs from "node:fs";
import { sharedPath } from "@/lib/shared-data";
import type { Expect } from "./types";

export type Row = Record<string, unknown>;

export function realRows(n: number): Row[] {
  const rows = JSON.parse(
    fs.readFileSync(sharedPath("mlperf", "summary", "v6.0.summary_results.json"), "utf8"),
  ) as Row[];
  return rows.slice(0, n);
}

function realCsv(): { header: string; rows: string[] } {
  const text = fs.readFileSync(sharedPath("mlperf", "summary", "v5.1.closed-GigaComputing.summary.csv"), "utf8");
  const [header = "", ...rows] = text.split(/\r?\n/).filter((l) => l !== "");
  return { header, rows };
}

/** A v5.1 checker CSV row (the real GigaComputing Offline row) with some cells replaced, by column name. */
export function csvRow(header: string, base: string, cells: Record<string, string>): string {
  const names = header.split(",");
  const values = splitCsvLine(base);
  for (const [k, v] of Object.entries(cells)) {
    const i = names.indexOf(k);
    if (i < 0) throw new Error(`no column ${k}`);
    values[i] = csvCell(v);
  }
  return values.join(",");
}

/** Split one CSV line that may hold quoted cells (no newlines inside quotes in these files). */
function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '""';
        i++;
      } else if (c === '"') {
        quoted = false;
        cur += c;
      } else cur += c;
    } else if (c === '"') {
      quoted = true;
      cur += c;
    } else if (c === ",") {
      out.push(cur);
      cur = "";
    } else cur += c;
  }
  out.push(cur);
  return out;
}

export function csvCell(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export const json = (v: unknown) => Buffer.from(`${JSON.stringify(v, null, 2)}\n`, "utf8");
export const text = (s: string) => Buffer.from(s, "utf8");

export function vllmRun(): Row {
  return JSON.parse(fs.readFileSync(sharedPath("bakeoff", "vllm", "run=0.json"), "utf8")) as Row;
}

// --- the cases ---------------------------------------------------------------------------------------------------
export function latin1(s: string): Buffer {
  return Buffer.from(s, "latin1");
}

export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** What every case builds from: the real v5.1 checker CSV (its header, rows and first row) and three v6.0 rows. */
export interface Material {
  header: string;
  csvRows: string[];
  base: string;
  rows3: Row[];
}

export function material(): Material {
  const { header, rows: csvRows } = realCsv();
  return { header, csvRows, base: csvRows[0] ?? "", rows3: realRows(3) };
}

/** What POST /api/bakeoff says to an MLCommons summary: not a bake-off file. */
export const notBakeoffJson: Expect = { outcome: "rejected", line: 1, field: null, message: /unknown tool|expected/i };
export const notBakeoffCsv: Expect = {
  outcome: "rejected",
  line: 1,
  field: "Organization",
  message: /unrecognised CSV headers/,
};
