// Hostile cases about the file as a whole (scripts/make-hostile-corpus.ts): truncated and deeply nested JSON, duplicate
// keys, lone surrogates, UTF-16/UTF-32 and byte-order marks, mixed encodings, one load point over the upload cap.
import fs from "node:fs";
import { sharedPath } from "@/lib/shared-data";
import { csvRow, latin1, type Material, notBakeoffCsv, text } from "./material";
import { type HostileCase, NESTING } from "./types";

export function fileCases({ header, csvRows, base, rows3 }: Material): HostileCase[] {
  const truncatedText = `${JSON.stringify(rows3, null, 2)}`;
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
  ];
}
