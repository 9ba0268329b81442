// data/official/manifest.csv: one line per bundled official round summary (gzip-compressed, byte-identical to the
// published file once decompressed). Pure: text in, entries or errors naming the line and column out.
import Papa from "papaparse";
import type { SourceError } from "@/lib/types";

export const MANIFEST_COLUMNS = ["round", "file", "source_url", "commit", "sha256", "bytes", "rows"] as const;

export interface ManifestEntry {
  round: string;
  /** File name inside data/official/ (`v6.1.summary.csv.gz`). */
  file: string;
  /** The published file at its commit: what the bundled bytes are identical to, and the source rows record. */
  sourceUrl: string;
  commit: string;
  /** sha256 of the uncompressed bytes. */
  sha256: string;
  bytes: number;
  rows: number;
}

const CHECKS: Record<(typeof MANIFEST_COLUMNS)[number], RegExp> = {
  round: /^v\d+\.\d+$/,
  file: /^[\w.-]+\.gz$/,
  source_url: /^https:\/\/raw\.githubusercontent\.com\/[\w.-]+\/[\w.-]+\/[0-9a-f]{40}\/[\w./-]+$/,
  commit: /^[0-9a-f]{40}$/,
  sha256: /^[0-9a-f]{64}$/,
  bytes: /^[1-9]\d*$/,
  rows: /^[1-9]\d*$/,
};

export function parseManifest(text: string, source: string): { entries: ManifestEntry[]; errors: SourceError[] } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: true,
  });
  const errors: SourceError[] = [];
  const header = parsed.meta.fields ?? [];
  for (const col of MANIFEST_COLUMNS)
    if (!header.includes(col)) errors.push({ source, line: 1, field: col, message: `missing column '${col}'` });
  if (errors.length > 0) return { entries: [], errors };
  const entries: ManifestEntry[] = [];
  parsed.data.forEach((row, i) => {
    const line = i + 2;
    let ok = true;
    for (const col of MANIFEST_COLUMNS) {
      const v = (row[col] ?? "").trim();
      if (!CHECKS[col].test(v)) {
        errors.push({ source, line, field: col, message: `not a valid ${col}: '${v}'` });
        ok = false;
      }
    }
    if (!ok) return;
    const e: ManifestEntry = {
      round: (row.round ?? "").trim(),
      file: (row.file ?? "").trim(),
      sourceUrl: (row.source_url ?? "").trim(),
      commit: (row.commit ?? "").trim(),
      sha256: (row.sha256 ?? "").trim(),
      bytes: Number(row.bytes),
      rows: Number(row.rows),
    };
    if (!e.sourceUrl.includes(`/${e.commit}/`))
      errors.push({ source, line, field: "source_url", message: `does not name commit ${e.commit}` });
    else entries.push(e);
  });
  return { entries, errors };
}
