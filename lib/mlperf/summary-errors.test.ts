import { describe, expect, it } from "vitest";
import {
  detectSummaryFormat,
  parseCheckerCsv,
  parseCheckerJson,
  parseSummary,
  parseSummaryResultsJson,
} from "./summary";
import { readSummaryText } from "./test-real-summaries";

const CM4_CSV = readSummaryText("cm4mlperf-inference-scc24.summary.csv");
const CM4_JSON = readSummaryText("cm4mlperf-inference-scc24.summary.json");
const V6_JSON = readSummaryText("v6.0.summary_results.json");
const csvLines = CM4_CSV.split("\n");
const header = csvLines[0] ?? "";
const row = (i: number) => csvLines[i] ?? "";

/** Replaces one CSV column (by header name) in a data line. Real cm4 lines have no quoted commas before Result. */
function setColumn(line: string, column: string, value: string): string {
  const idx = header.split(",").indexOf(column);
  const cells = line.split(",");
  cells[idx] = value;
  return cells.join(",");
}

describe("values no real row has", () => {
  // the cm4 CSV's rows are Offline throughputs (Samples/s); its line 2 is row(1)
  it.each([
    [
      "a latency unit on an Offline row",
      "Units",
      "Latency (ms)",
      /units 'Latency \(ms\)' are a latency, but Offline results are throughputs/,
    ],
    ["a zero result", "Result", "0", /^zero: a result is a positive throughput or latency$/],
    ["a negative node count", "number_of_nodes", "-2", /^not a count \(a whole number from 0 to 10,000,000\): '-2'$/],
    ["a fractional accelerator count", "accelerators_per_node", "8.5", /^not a count .*'8\.5'$/],
  ])("%s → an error on its line, naming the column", (_what, column, value, message) => {
    const res = parseCheckerCsv([header, row(1), setColumn(row(2), column, value)].join("\n"), "bad.csv");
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0]).toMatchObject({ source: "bad.csv", line: 3, field: column });
    expect(res.errors[0]?.message).toMatch(message);
  });

  it("known units in another case are stored in MLCommons' spelling, not as a second unit", () => {
    const units = setColumn(row(1), "Units", "samples/s");
    expect(parseCheckerCsv([header, units].join("\n"), "case.csv").records[0]?.units).toBe("Samples/s");
  });
});

describe("bad inputs produce one pinned error each", () => {
  it.each([
    ["inside a string", 5000],
    ["between tokens", V6_JSON.indexOf('",\n', 2000) + 3],
  ])("truncated JSON (%s) → one 'truncated' error on the last line, field null", (_, at) => {
    const cut = V6_JSON.slice(0, at);
    const res = parseSummary(cut, "cut.json");
    const lastLine = cut.trimEnd().split("\n").length;
    expect(res.format).toBe("summary_results_json");
    expect(res.records).toEqual([]);
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0]).toMatchObject({ source: "cut.json", line: lastLine, field: null });
    expect(res.errors[0]?.message).toMatch(new RegExp(`^invalid JSON: truncated at line ${lastLine} column \\d+: `));
  });

  it("malformed JSON with a position → the line and column of the position", () => {
    const text = '[\n  {"Submitter": "AMD"}\n  {"Submitter": "NVIDIA"}\n]';
    const res = parseSummaryResultsJson(text, "bad.json");
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0]).toMatchObject({ line: 3, field: null });
    expect(res.errors[0]?.message).toMatch(/^invalid JSON at line 3 column 3/);
  });

  it("CSV missing the Result column → error on line 1 naming the column, no records", () => {
    const cols = header.split(",");
    const drop = cols.indexOf("Result");
    const strip = (l: string) =>
      l
        .split(",")
        .filter((_, i) => i !== drop)
        .join(",");
    const text = [strip(header), strip(row(1))].join("\n");
    expect(detectSummaryFormat(text)).toBe("checker_csv");
    const res = parseCheckerCsv(text, "no-result.csv");
    expect(res.records).toEqual([]);
    expect(res.errors).toEqual([
      { source: "no-result.csv", line: 1, field: "Result", message: "missing required column 'Result'" },
    ]);
  });

  it("non-numeric Result → error with that row's physical line and field Result; other rows kept", () => {
    const text = [header, row(1), setColumn(row(2), "Result", "abc"), row(3)].join("\n");
    const res = parseCheckerCsv(text, "nan.csv");
    expect(res.records).toHaveLength(2);
    expect(res.rowCount).toBe(3);
    expect(res.errors).toEqual([{ source: "nan.csv", line: 3, field: "Result", message: "not a number: 'abc'" }]);
  });

  it("counts physical lines across blank lines and quoted newlines", () => {
    const quotedNotes = setColumn(row(2), "notes", '"two\nlines"');
    const text = [header, "", quotedNotes, setColumn(row(3), "Result", "-5")].join("\n");
    const res = parseCheckerCsv(text, "lines.csv");
    expect(res.records.map((r) => r.notesText)).toEqual(["two\nlines"]);
    expect(res.errors).toEqual([{ source: "lines.csv", line: 5, field: "Result", message: "negative value: -5" }]);
  });

  it("non-numeric Performance_Result in summary_results.json → error at the line where that object starts", () => {
    const data = JSON.parse(V6_JSON) as Record<string, unknown>[];
    const broken = data.slice(0, 3).map((r, i) => (i === 1 ? { ...r, Performance_Result: "abc" } : r));
    const text = JSON.stringify(broken, null, 2);
    const res = parseSummaryResultsJson(text, "v6.json");
    expect(res.records).toHaveLength(2);
    // "[" is line 1; the first 35-key object takes lines 2–38; the second starts on line 39.
    expect(text.split("\n")[38]).toBe("  {");
    expect(res.errors).toEqual([
      { source: "v6.json", line: 39, field: "Performance_Result", message: "not a number: 'abc'" },
    ]);
  });

  // issue 15 finding 9: a string "NaN" (what a spreadsheet or a Python script writes for a failed measurement) was
  // reported as "missing value" — the value is there, it is not a number
  it.each([["NaN"], ["nan"], [" NaN "]])(
    'Performance_Result %j (a string) in summary_results.json → "not a number" on that object\'s line, not "missing value"',
    (nan) => {
      const data = JSON.parse(V6_JSON) as Record<string, unknown>[];
      const broken = data.slice(0, 3).map((r, i) => (i === 1 ? { ...r, Performance_Result: nan } : r));
      const res = parseSummaryResultsJson(JSON.stringify(broken, null, 2), "v6.json");
      expect(res.records).toHaveLength(2);
      expect(res.errors).toHaveLength(1);
      expect(res.errors[0]).toMatchObject({ source: "v6.json", line: 39, field: "Performance_Result" });
      expect(res.errors[0]?.message).toBe(`not a number: '${nan}' (a result must be a positive number)`);
    },
  );

  it('Result "NaN" in a checker CSV → "not a number" on its line, not "missing value"', () => {
    const res = parseCheckerCsv([header, row(1), setColumn(row(2), "Result", "NaN")].join("\n"), "nan.csv");
    expect(res.errors).toEqual([
      {
        source: "nan.csv",
        line: 3,
        field: "Result",
        message: "not a number: 'NaN' (a result must be a positive number)",
      },
    ]);
  });

  it("empty text → 'empty file' with line and field null", () => {
    for (const parse of [parseSummary, parseCheckerCsv, parseCheckerJson, parseSummaryResultsJson]) {
      expect(parse("", "empty.csv").errors).toEqual([
        { source: "empty.csv", line: null, field: null, message: "empty file" },
      ]);
    }
  });

  it("binary bytes → 'binary file'", () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0xfe, 0x80, 0x81]);
    const text = new TextDecoder().decode(bytes);
    const res = parseSummary(text, "x.zip");
    expect(res.records).toEqual([]);
    expect(res.errors).toEqual([{ source: "x.zip", line: null, field: null, message: "binary file" }]);
  });

  it("unknown scenario → error on that row naming field Scenario", () => {
    const text = [header, setColumn(row(1), "Scenario", "Batch")].join("\n");
    const res = parseCheckerCsv(text, "scen.csv");
    expect(res.records).toEqual([]);
    expect(res.errors).toEqual([
      { source: "scen.csv", line: 2, field: "Scenario", message: "unknown scenario: 'Batch'" },
    ]);
  });

  it("unknown scenario in checker summary.json → error at the line of that keyed object", () => {
    const text = CM4_JSON.replace('"Scenario":"Offline"', '"Scenario":"Batch"');
    const res = parseCheckerJson(text, "scen.json");
    expect(res.records).toHaveLength(5);
    expect(res.errors).toEqual([
      { source: "scen.json", line: 2, field: "Scenario", message: "unknown scenario: 'Batch'" },
    ]);
  });

  it("empty MlperfModel → field MlperfModel (the checker's name for Model)", () => {
    const text = [header, setColumn(row(1), "MlperfModel", "")].join("\n");
    expect(parseCheckerCsv(text, "m.csv").errors).toEqual([
      { source: "m.csv", line: 2, field: "MlperfModel", message: "empty model" },
    ]);
  });

  it("a row with too few fields is reported, not guessed", () => {
    const text = [header, "MLCommons,available,open"].join("\n");
    const res = parseCheckerCsv(text, "short.csv");
    expect(res.records).toEqual([]);
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0]).toMatchObject({ line: 2, field: null });
    expect(res.errors[0]?.message).toMatch(/^malformed CSV row: Too few fields/);
  });

  it("a header-only CSV (like CoreWeave's) → 0 records and no error", () => {
    const res = parseSummary(`${header}\n`, "coreweave.csv");
    expect(res).toEqual({ records: [], naturalKeys: [], errors: [], format: "checker_csv", rowCount: 0 });
  });

  it("strips a UTF-8 BOM", () => {
    const res = parseSummary(`\uFEFF${CM4_CSV}`, "bom.csv");
    expect(res.errors).toEqual([]);
    expect(res.records).toHaveLength(6);
  });

  it("something else entirely → one 'not a recognised' error", () => {
    expect(detectSummaryFormat("name,value\na,1\n")).toBeNull();
    expect(parseSummary("name,value\na,1\n", "other.csv").errors[0]?.message).toMatch(
      /^not a recognised MLPerf summary/,
    );
  });

  it("a round can come from the option when rows carry neither version nor ID", () => {
    const text = [setColumn(header, "version", "ver"), row(1)].join("\n");
    expect(parseCheckerCsv(text, "r.csv").errors[0]).toMatchObject({ line: 2, field: "version" });
    expect(parseCheckerCsv(text, "r.csv", { round: "4.1" }).records[0]?.round).toBe("v4.1");
  });

  it("a duplicate natural key is rejected with the line of the first", () => {
    const text = [header, row(1), row(1)].join("\n");
    const res = parseCheckerCsv(text, "dup.csv");
    expect(res.records).toHaveLength(1);
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0]).toMatchObject({ line: 3, field: null });
    expect(res.errors[0]?.message).toContain("as line 2");
  });
});
