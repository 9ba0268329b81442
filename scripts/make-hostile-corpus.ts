// The hostile-input corpus (issue 7 item 2): files PerfContext writes itself, each a trap real inputs have set —
// truncated and deeply nested JSON, BOM + CRLF, mixed encodings, NaN/Infinity/negative/huge numbers, duplicate rows,
// 1,000 columns, spreadsheet formulas, markup in names, a 500 MB file. Each case says what must happen when it is
// imported through the CLI and uploaded to POST /api/bakeoff (db/robustness/corpus.test.ts checks exactly that).
//
// `npx tsx scripts/make-hostile-corpus.ts` rewrites the small files in data/hostile/ (committed). The large ones
// (100,000-level nesting, 500 MB) are never written there: tests generate them into os.tmpdir() and delete them.
// Rows are built from the real round summaries in ../shared/data (public MLCommons data), so only the trap differs.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bakeoffCases } from "./hostile/cases-bakeoff";
import { fileCases } from "./hostile/cases-files";
import { valueCases } from "./hostile/cases-values";
import { material, realRows } from "./hostile/material";
import { type Expect, HOSTILE_DIR, type HostileCase, HUGE_BYTES } from "./hostile/types";

export { type Expect, FORMULA, HOSTILE_DIR, type HostileCase, HUGE_BYTES, IMG, NESTING, SCRIPT } from "./hostile/types";

/** Every case, in the order the README lists them: the file as a whole, its values, then bake-off uploads. */
export function hostileCases(): HostileCase[] {
  const m = material();
  return [...fileCases(m), ...valueCases(m), ...bakeoffCases()];
}

/** Stream a `bytes`-long summary_results.json of real rows to `file`, 1 MB at a time (never held in memory). */
export function writeHugeFile(file: string, bytes = HUGE_BYTES): void {
  const rows = realRows(40);
  const unit = Buffer.from(rows.map((r) => `  ${JSON.stringify(r)},\n`).join(""));
  const chunk = Buffer.concat(Array.from({ length: Math.ceil((1 << 20) / unit.length) }, () => unit));
  const fd = fs.openSync(file, "w");
  try {
    let written = fs.writeSync(fd, "[\n");
    const tail = Buffer.from(`  ${JSON.stringify(rows[0])}\n]\n`);
    while (written + chunk.length + tail.length <= bytes) written += fs.writeSync(fd, chunk);
    const rest = bytes - written - tail.length;
    if (rest > 0) written += fs.writeSync(fd, Buffer.alloc(rest, " "));
    fs.writeSync(fd, tail);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Biome must neither lint nor format the corpus: its JSON is broken on purpose, and reformatting would change the
 * bytes under test. A nested Biome config (root: false) excludes the folder without touching the root biome.json.
 */
const BIOME_JSON = `${JSON.stringify(
  {
    $schema: "https://biomejs.dev/schemas/2.6.8/schema.json",
    root: false,
    extends: "//",
    files: { includes: ["!**"] },
  },
  null,
  2,
)}\n`;

/** Write the committed cases into `dir` (default data/hostile), a README listing every case, and biome.json. */
export function writeHostileCorpus(dir: string = HOSTILE_DIR): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const cases = hostileCases();
  for (const c of cases) {
    if (c.kind !== "committed") continue;
    fs.writeFileSync(path.join(dir, c.file), c.build());
    written.push(c.file);
  }
  fs.writeFileSync(path.join(dir, "README.md"), readme(cases));
  fs.writeFileSync(path.join(dir, "biome.json"), BIOME_JSON);
  return written;
}

function describeExpect(e: Expect): string {
  if (e.outcome === "accepted") return `accepted (${e.rows} row${e.rows === 1 ? "" : "s"})`;
  const where = [
    e.line === null ? null : `line ${e.line === "some" ? "named" : e.line}`,
    e.field === null ? null : `field ${e.field === "some" ? "named" : e.field}`,
  ]
    .filter(Boolean)
    .join(", ");
  return `rejected${where ? ` (${where})` : ""}: \`${e.message.source.replace(/\|/g, "\\|")}\``;
}

function readme(cases: HostileCase[]): string {
  const lines = [
    "# Hostile-input corpus",
    "",
    "Written by `npx tsx scripts/make-hostile-corpus.ts` (do not edit by hand); checked by `db/robustness/corpus.test.ts`,",
    "which imports every file through the CLI (`db/import/cli.ts`) and uploads it to `POST /api/bakeoff`, and proves the",
    "database content hash is unchanged after every rejection. Files marked *test-time* are too large to commit: the",
    "tests generate them in the temp directory and delete them. `biome.json` keeps Biome out of this folder (the",
    "JSON is broken on purpose, and formatting would change the bytes under test).",
    "",
    "| file | what | CLI import | upload API |",
    "| --- | --- | --- | --- |",
    ...cases.map(
      (c) =>
        `| \`${c.file}\`${c.kind === "test-time" ? " *(test-time)*" : ""} | ${c.what.replace(/\|/g, "\\|").replace(/</g, "&lt;")} | ${describeExpect(c.cli)} | ${describeExpect(c.api)} |`,
    ),
    "",
    "## Known gaps (safe today, not yet good enough)",
    "",
    ...(cases.some((c) => c.gap)
      ? cases.flatMap((c) => (c.gap ? [`- \`${c.file}\` (${c.gap.path}): ${c.gap.why}.`] : []))
      : ["None open: the gaps this corpus found (Latin-1 bytes, prototype keys, NaN without a line) are fixed."]),
    "",
  ];
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const files = writeHostileCorpus();
  let total = 0;
  for (const f of files) total += fs.statSync(path.join(HOSTILE_DIR, f)).size;
  console.log(`wrote ${files.length} files (${(total / 1024).toFixed(1)} KB) and README.md to ${HOSTILE_DIR}`);
}
