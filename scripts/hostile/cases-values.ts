// Hostile cases about the values in an MLCommons summary (scripts/make-hostile-corpus.ts): NaN, infinities, negative
// and absurd numbers, duplicate rows, 1,000 columns, spreadsheet formulas, markup in names, prototype keys.
import { csvRow, escapeRe, json, type Material, notBakeoffCsv, notBakeoffJson, text } from "./material";
import { FORMULA, type HostileCase, IMG, SCRIPT } from "./types";

export function valueCases({ header, base, rows3 }: Material): HostileCase[] {
  return [
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
  ];
}
