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
import { sharedPath } from "@/lib/shared-data";

export const HOSTILE_DIR = path.resolve("data", "hostile");

/** What one import path must do with a file. */
export type Expect =
  | {
      outcome: "rejected";
      /** A number: exactly that line; "some": a line ≥ 1 must be named; null: a whole-file problem (no line). */
      line: number | "some" | null;
      /** The field named, or null for a whole-file problem; "some": any non-empty field. */
      field: string | "some" | null;
      message: RegExp;
    }
  | {
      outcome: "accepted";
      /** Published results the import adds (CLI), or load points stored (upload). */
      rows: number;
      /** Strings that must be stored byte for byte (as text, never interpreted). */
      verbatim: string[];
    };

export interface HostileCase {
  file: string;
  what: string;
  /** "committed": written to data/hostile/; "test-time": too big for the repository, made in a temp dir. */
  kind: "committed" | "test-time";
  build: () => Buffer;
  /** What the importer CLI does today (asserted). */
  cli: Expect;
  /** What POST /api/bakeoff does today (asserted). */
  api: Expect;
  /**
   * Where today's behaviour is safe (nothing half-written, the hash unchanged on rejection) but falls short of the
   * goal: the better outcome, and why. The tests assert the gap is still there, so closing it means updating this.
   */
  gap?: { path: "cli" | "api"; ideal: Expect; why: string };
}

export const FORMULA = "=cmd|' /C calc'!A0";
export const SCRIPT = "<script>alert('pc')</script>";
export const IMG = '"><img src=x onerror=alert(1)>';
export const NESTING = 100_000;
export const HUGE_BYTES = 500 * 1024 * 1024;

// --- real material ---------------------------------------------------------------------------------------------

type Row = Record<string, unknown>;

function realRows(n: number): Row[] {
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
function csvRow(header: string, base: string, cells: Record<string, string>): string {
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

function csvCell(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

const json = (v: unknown) => Buffer.from(`${JSON.stringify(v, null, 2)}\n`, "utf8");
const text = (s: string) => Buffer.from(s, "utf8");

function vllmRun(): Row {
  return JSON.parse(fs.readFileSync(sharedPath("bakeoff", "vllm", "run=0.json"), "utf8")) as Row;
}

// --- the cases ---------------------------------------------------------------------------------------------------

export function hostileCases(): HostileCase[] {
  const { header, rows: csvRows } = realCsv();
  const base = csvRows[0] ?? "";
  const rows3 = realRows(3);
  const truncatedText = `${JSON.stringify(rows3, null, 2)}`;
  const notBakeoffJson: Expect = { outcome: "rejected", line: 1, field: null, message: /unknown tool|expected/i };
  const notBakeoffCsv: Expect = {
    outcome: "rejected",
    line: 1,
    field: "Organization",
    message: /unrecognised CSV headers/,
  };
  return [
    {
      file: "truncated.summary_results.json",
      what: "the v6.0 summary cut off in the middle of its third row",
      kind: "committed",
      build: () => text(truncatedText.slice(0, Math.floor(truncatedText.length * 0.8))),
      cli: { outcome: "rejected", line: 92, field: null, message: /invalid JSON: truncated at line 92/ },
      api: { outcome: "rejected", line: 92, field: null, message: /truncated/ },
    },
    {
      file: "deeply-nested.json",
      what: `${NESTING.toLocaleString("en-US")} levels of nested arrays (generated: 200 KB of brackets)`,
      kind: "test-time",
      build: () => Buffer.concat([Buffer.alloc(NESTING, "["), Buffer.alloc(NESTING, "]")]),
      cli: { outcome: "rejected", line: 1, field: null, message: /nested deeper than 64 levels/ },
      api: { outcome: "rejected", line: 1, field: null, message: /nested deeper than 64 levels/ },
    },
    {
      file: "deeply-nested-objects.json",
      what: `${NESTING.toLocaleString("en-US")} levels of nested objects {"a":{"a":…}} (generated)`,
      kind: "test-time",
      build: () => Buffer.concat([Buffer.from('{"a":'.repeat(NESTING)), Buffer.from("1"), Buffer.alloc(NESTING, "}")]),
      cli: { outcome: "rejected", line: 1, field: null, message: /nested deeper than 64 levels/ },
      api: { outcome: "rejected", line: 1, field: null, message: /nested deeper than 64 levels/ },
    },
    {
      file: "duplicate-key.summary_results.json",
      what: "a real v6.0 row whose Performance_Result appears twice with different values (JSON.parse keeps the last)",
      kind: "committed",
      build: () =>
        text(
          JSON.stringify([{ ...rows3[0], Platform: "json-dup-key" }], null, 2).replace(
            /("Performance_Result": [^,\n]+,)/,
            '$1\n    "Performance_Result": 1,',
          ),
        ),
      cli: { outcome: "rejected", line: "some", field: "Performance_Result", message: /appears twice in one object/ },
      api: { outcome: "rejected", line: "some", field: "Performance_Result", message: /appears twice in one object/ },
    },
    {
      file: "lone-surrogate.summary_results.json",
      what: 'a real v6.0 row whose Platform holds the escape "\\ud800" (half a UTF-16 pair: not storable as UTF-8)',
      kind: "committed",
      build: () =>
        text(JSON.stringify([{ ...rows3[0], Platform: "json-surrogate-@" }], null, 2).replace("@", "\\ud800")),
      cli: { outcome: "rejected", line: "some", field: "Platform", message: /lone surrogate/ },
      api: { outcome: "rejected", line: "some", field: "Platform", message: /lone surrogate/ },
    },
    {
      file: "utf16-bom.summary.csv",
      what: 'the real checker CSV saved as UTF-16LE with a byte-order mark (Excel\'s "Unicode text"): decoded',
      kind: "committed",
      build: () =>
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${[header, ...csvRows].join("\r\n")}\r\n`, "utf16le")]),
      cli: { outcome: "accepted", rows: csvRows.length, verbatim: ["G894-SD1_B200-SXM-180GBx8_TRT"] },
      api: notBakeoffCsv,
    },
    {
      file: "utf16-no-bom.summary.csv",
      what: "the real checker CSV as UTF-16LE without a byte-order mark",
      kind: "committed",
      build: () => Buffer.from(`${[header, ...csvRows].join("\r\n")}\r\n`, "utf16le"),
      cli: { outcome: "rejected", line: null, field: null, message: /looks like UTF-16 \(little-endian\) text/ },
      api: { outcome: "rejected", line: null, field: null, message: /looks like UTF-16 \(little-endian\) text/ },
    },
    {
      file: "utf32-bom.summary.csv",
      what: "the real checker CSV as UTF-32LE with a byte-order mark",
      kind: "committed",
      build: () => {
        const t = `${[header, ...csvRows.slice(0, 1)].join("\r\n")}\r\n`;
        const out = Buffer.alloc(4 + t.length * 4);
        out.writeUInt32LE(0xfeff, 0);
        for (let i = 0; i < t.length; i++) out.writeUInt32LE(t.charCodeAt(i), 4 + i * 4);
        return out;
      },
      cli: { outcome: "rejected", line: null, field: null, message: /UTF-32 \(little-endian\) text/ },
      api: { outcome: "rejected", line: null, field: null, message: /UTF-32 \(little-endian\) text/ },
    },
    {
      file: "sglang-101-points.jsonl",
      what: "a real SGLang bench_serving line repeated 101 times: one load point over the per-upload cap (generated: 130 KB)",
      kind: "test-time",
      build: () =>
        text(
          `${Array(101)
            .fill(
              fs
                .readFileSync(sharedPath("bakeoff", "sglang", "llama_3_3_70b_offline_output.jsonl"), "utf8")
                .split("\n")[0],
            )
            .join("\n")}\n`,
        ),
      cli: { outcome: "rejected", line: "some", field: null, message: /not a recognised MLCommons summary|expected/ },
      api: { outcome: "rejected", line: null, field: "file", message: /101 load points; at most 100/ },
    },
    {
      file: "bom-crlf.summary.csv",
      what: "a real checker CSV saved by Excel on Windows: UTF-8 BOM and CRLF line ends (valid)",
      kind: "committed",
      build: () => text(`\uFEFF${[header, ...csvRows].join("\r\n")}\r\n`),
      cli: { outcome: "accepted", rows: csvRows.length, verbatim: ["G894-SD1_B200-SXM-180GBx8_TRT"] },
      api: notBakeoffCsv,
    },
    {
      file: "mixed-encoding-header.summary.csv",
      what: "a checker CSV whose first row has a Latin-1 byte (0xE9, é) in a UTF-8 file",
      kind: "committed",
      build: () =>
        Buffer.concat([
          text(`${header}\n`),
          latin1(`${csvRow(header, base, { SystemName: "Syst\u00e8me G\u00e9ant", Platform: "latin1-early" })}\n`),
        ]),
      cli: { outcome: "rejected", line: 2, field: null, message: /not UTF-8 text: byte 0xE8 on line 2/ },
      api: { outcome: "rejected", line: 2, field: null, message: /not UTF-8 text: byte 0xE8 on line 2/ },
    },
    {
      file: "mixed-encoding-late.summary.csv",
      what: "a checker CSV that is UTF-8 for its first 8 KB, then has a Latin-1 byte (0xE9) in a later row",
      kind: "committed",
      build: () => {
        const good = csvRows.map((r) => `${r}\n`).join("");
        const pad = [] as string[];
        let size = header.length + good.length;
        let i = 0;
        while (size < 9000) {
          const r = `${csvRow(header, base, { Platform: `utf8-padding-${i++}` })}\n`;
          pad.push(r);
          size += r.length;
        }
        return Buffer.concat([
          text(`${header}\n${good}${pad.join("")}`),
          latin1(`${csvRow(header, base, { SystemName: "Syst\u00e8me", Platform: "latin1-late" })}\n`),
        ]);
      },
      cli: { outcome: "rejected", line: 22, field: null, message: /not UTF-8 text: byte 0xE8 on line 22/ },
      api: { outcome: "rejected", line: 22, field: null, message: /not UTF-8 text/ },
    },
    ...(
      [
        ["nan", "NaN"],
        ["infinity", "Infinity"],
        ["negative", "-5"],
        ["overflow-1e400", "1e400"],
      ] as const
    ).map(
      ([name, value]): HostileCase => ({
        file: `numbers-${name}.summary.csv`,
        what: `a checker CSV whose Result is ${value}`,
        kind: "committed",
        build: () => text(`${header}\n${csvRow(header, base, { Result: value, Platform: `numbers-${name}` })}\n`),
        cli: {
          outcome: "rejected",
          line: 2,
          field: "Result",
          message: value === "NaN" ? /^not a number: 'NaN'/ : new RegExp(escapeRe(value)),
        },
        api: notBakeoffCsv,
      }),
    ),
    {
      file: "numbers-huge-1e308.summary.csv",
      what: "a checker CSV whose Result is 1e308 (finite, so stored as published; absurd)",
      kind: "committed",
      build: () => text(`${header}\n${csvRow(header, base, { Result: "1e308", Platform: "numbers-1e308" })}\n`),
      cli: { outcome: "accepted", rows: 1, verbatim: ["numbers-1e308"] },
      api: notBakeoffCsv,
    },
    {
      file: "numbers-1e400.summary_results.json",
      what: "a summary_results.json whose Performance_Result is the JSON number 1e400 (parses to Infinity)",
      kind: "committed",
      build: () =>
        text(
          JSON.stringify([{ ...rows3[0], Platform: "json-1e400" }], null, 2).replace(
            /"Performance_Result": [^,\n]+/,
            '"Performance_Result": 1e400',
          ),
        ),
      cli: { outcome: "rejected", line: 2, field: "Performance_Result", message: /not a number: 'Infinity'/ },
      api: notBakeoffJson,
    },
    {
      file: "numbers-nan-string.summary_results.json",
      what: 'a summary_results.json whose Performance_Result is the string "NaN" (was reported as "missing value")',
      kind: "committed",
      build: () =>
        text(JSON.stringify([{ ...rows3[0], Platform: "json-nan-string", Performance_Result: "NaN" }], null, 2)),
      cli: { outcome: "rejected", line: 2, field: "Performance_Result", message: /^not a number: 'NaN'/ },
      api: notBakeoffJson,
    },
    {
      file: "numbers-nan-literal.summary_results.json",
      what: "a summary_results.json with a bare NaN (what Python's json.dump writes), which is not JSON",
      kind: "committed",
      build: () =>
        text(
          JSON.stringify([{ ...rows3[0], Platform: "json-nan" }], null, 2).replace(
            /"Performance_Result": [^,\n]+/,
            '"Performance_Result": NaN',
          ),
        ),
      cli: { outcome: "rejected", line: 36, field: null, message: /invalid JSON at line 36/ },
      api: notBakeoffJson,
    },
    {
      file: "duplicate-rows.summary.csv",
      what: "a checker CSV with the same result row twice",
      kind: "committed",
      build: () => text(`${header}\n${base}\n${base}\n`),
      cli: { outcome: "rejected", line: 3, field: null, message: /duplicate result: .* as line 2/ },
      api: notBakeoffCsv,
    },
    {
      file: "wide-1000-columns.summary.csv",
      what: "a checker CSV with 1,000 columns (the 28 real ones and 972 extra)",
      kind: "committed",
      build: () => {
        const extra = Array.from({ length: 1000 - header.split(",").length }, (_, i) => `extra_${i + 1}`);
        const h = [header, ...extra].join(",");
        const r = [csvRow(header, base, { Platform: "wide-1000" }), ...extra.map((_, i) => String(i))].join(",");
        return text(`${h}\n${r}\n`);
      },
      cli: { outcome: "accepted", rows: 1, verbatim: ["wide-1000"] },
      api: notBakeoffCsv,
    },
    {
      file: "formula-injection.summary.csv",
      what: "a checker CSV with spreadsheet formulas in its text cells (stored as text, never evaluated)",
      kind: "committed",
      build: () =>
        text(
          `${header}\n${csvRow(header, base, {
            SystemName: FORMULA,
            Platform: "formula-injection",
            notes: "+SUM(1+1)*cmd|' /C calc'!A0",
            framework: '@HYPERLINK("http://example.invalid","x")',
          })}\n`,
        ),
      cli: {
        outcome: "accepted",
        rows: 1,
        verbatim: [FORMULA, "+SUM(1+1)*cmd|' /C calc'!A0", '@HYPERLINK("http://example.invalid","x")'],
      },
      api: notBakeoffCsv,
    },
    {
      file: "script-in-names.summary_results.json",
      what: "a summary_results.json with <script> and an attribute breakout in submitter, system and platform names",
      kind: "committed",
      build: () =>
        json([
          {
            ...rows3[0],
            Submitter: `Acme ${SCRIPT}`,
            System: `System ${IMG}`,
            Platform: `plat-${SCRIPT}`,
          },
        ]),
      cli: { outcome: "accepted", rows: 1, verbatim: [`Acme ${SCRIPT}`, `System ${IMG}`, `plat-${SCRIPT}`] },
      api: notBakeoffJson,
    },
    {
      file: "prototype-keys.summary.csv",
      what: 'a checker CSV whose Scenario is "constructor" (a key every plain JS object has)',
      kind: "committed",
      build: () => text(`${header}\n${csvRow(header, base, { Scenario: "constructor", Platform: "proto-keys" })}\n`),
      cli: { outcome: "rejected", line: 2, field: "Scenario", message: /constructor/ },
      api: notBakeoffCsv,
    },
    {
      file: "proto-division.summary.csv",
      what: 'a checker CSV whose Division is "__proto__"',
      kind: "committed",
      build: () => text(`${header}\n${csvRow(header, base, { Division: "__proto__", Platform: "proto-division" })}\n`),
      cli: { outcome: "rejected", line: 2, field: "Division", message: /unknown division: '__proto__'/ },
      api: notBakeoffCsv,
    },
    {
      file: "vllm-script-in-model.json",
      what: "a real vLLM bench serve JSON with <script> in model_id and a formula in label",
      kind: "committed",
      build: () => json({ ...vllmRun(), model_id: `facebook/${SCRIPT}`, label: FORMULA }),
      cli: { outcome: "rejected", line: null, field: null, message: /entry "date" is not an object/ },
      api: { outcome: "accepted", rows: 1, verbatim: [`facebook/${SCRIPT}`] },
    },
    {
      file: "vllm-latin1.json",
      what: "a real vLLM JSON with a Latin-1 byte (0xE9) in model_id",
      kind: "committed",
      build: () => {
        const [a = "", b = ""] = JSON.stringify({ ...vllmRun(), model_id: "facebook/opt-caf@" }, null, 4).split("@");
        return Buffer.concat([text(a), latin1("\u00e9"), text(b)]);
      },
      cli: { outcome: "rejected", line: 6, field: null, message: /not UTF-8 text: byte 0xE9 on line 6/ },
      api: { outcome: "rejected", line: 6, field: null, message: /not UTF-8 text: byte 0xE9 on line 6/ },
    },
    {
      file: "vllm-nan-infinity.json",
      what: "a real vLLM JSON as Python writes it with NaN and Infinity literals (not strict JSON)",
      kind: "committed",
      build: () =>
        text(
          JSON.stringify({ ...vllmRun(), model_id: "facebook/opt-125m" }, null, 4)
            .replace(/"p99_ttft_ms": [^,\n]+/, '"p99_ttft_ms": NaN')
            .replace(/"output_throughput": [^,\n]+/, '"output_throughput": Infinity')
            .replace(/"mean_tpot_ms": [^,\n]+/, '"mean_tpot_ms": -Infinity'),
        ),
      cli: { outcome: "rejected", line: 19, field: null, message: /invalid JSON at line 19/ },
      // NaN reads as missing; an infinite throughput is no measurement (a run of zero duration)
      api: {
        outcome: "rejected",
        line: 19,
        field: "output_throughput",
        message: /output_throughput: expected a finite number, found Infinity/,
      },
    },
    {
      file: "template-formula.csv",
      what: "the bake-off CSV template with formulas and markup in its model cells",
      kind: "committed",
      build: () =>
        text(
          "model,load_kind,concurrency,num_requests,req_per_s,output_tok_per_s,ttft_p99_ms,tpot_p99_ms\n" +
            `${csvCell(FORMULA)},concurrency,8,100,4.5,900,250,20\n` +
            `${csvCell(`llama ${SCRIPT}`)},concurrency,16,100,8.1,1700,300,25\n`,
        ),
      cli: { outcome: "rejected", line: 1, field: null, message: /not a recognised MLCommons summary/ },
      api: { outcome: "accepted", rows: 2, verbatim: [FORMULA, `llama ${SCRIPT}`] },
    },
    {
      file: "template-bom-crlf.csv",
      what: "the bake-off CSV template saved by Excel: BOM and CRLF (valid)",
      kind: "committed",
      build: () =>
        text(
          "\uFEFFmodel,load_kind,concurrency,num_requests,req_per_s,output_tok_per_s,ttft_p99_ms,tpot_p99_ms\r\n" +
            "llama2-70b,concurrency,8,100,4.5,900,250,20\r\nllama2-70b,concurrency,16,100,8.1,1700,300,25\r\n",
        ),
      cli: { outcome: "rejected", line: 1, field: null, message: /not a recognised MLCommons summary/ },
      api: { outcome: "accepted", rows: 2, verbatim: ["llama2-70b"] },
    },
    {
      file: "template-1000-columns.csv",
      what: "the bake-off CSV template with 992 extra columns (1,000 in all)",
      kind: "committed",
      build: () => {
        const cols = [
          "model",
          "load_kind",
          "concurrency",
          "num_requests",
          "req_per_s",
          "output_tok_per_s",
          "ttft_p99_ms",
          "tpot_p99_ms",
        ];
        const extra = Array.from({ length: 1000 - cols.length }, (_, i) => `x${i + 1}`);
        return text(
          `${[...cols, ...extra].join(",")}\n${["llama2-70b", "concurrency", "8", "100", "4.5", "900", "250", "20", ...extra.map(() => "1")].join(",")}\n`,
        );
      },
      cli: { outcome: "rejected", line: 1, field: null, message: /not a recognised MLCommons summary/ },
      api: { outcome: "accepted", rows: 1, verbatim: ["llama2-70b"] },
    },
    {
      file: "huge-500mb.summary_results.json",
      what:
        "a 500 MB summary_results.json (real rows repeated), generated at test time in the temp dir; the import side " +
        "goes through runImport({maxBytes: 64 MiB}) because the CLI has no --max-bytes flag (its limit is 1 GiB)",
      kind: "test-time",
      build: () => {
        throw new Error("the 500 MB file is streamed to disk by writeHugeFile(), never built in memory");
      },
      cli: { outcome: "rejected", line: null, field: null, message: /bytes; the limit is/ },
      api: { outcome: "rejected", line: null, field: "file", message: /over the .* limit/ },
    },
  ];
}

function latin1(s: string): Buffer {
  return Buffer.from(s, "latin1");
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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
