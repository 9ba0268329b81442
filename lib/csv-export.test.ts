// CSV export: formula-injection defusing, RFC 4180 quoting, and the file shape over real v6.0 rows.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { TRADEMARK_LEGEND } from "./context";
import { llama } from "./context/test-fixtures";
import { CSV_COLUMNS, exportFilename, resultsToCsv, toCsvCell, toCsvLine } from "./csv-export";

describe("toCsvCell", () => {
  it.each<[string, string | number | null | undefined, string]>([
    ["plain text", "AMD", "AMD"],
    ["DDE payload", "=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ["leading plus", "+1", "'+1"],
    ["leading minus in text", "-2", "'-2"],
    ["at-function", "@SUM(1)", "'@SUM(1)"],
    ["leading tab", "\tx", "'\tx"],
    ["leading CR (quoted too)", "\rx", `"'\rx"`],
    ["equals inside is fine", "a=b", "a=b"],
    ["blanks before a formula", "  =cmd()", "'  =cmd()"],
    ["leading LF (quoted too)", "\n=cmd()", `"'\n=cmd()"`],
    ["semicolon: one cell where ';' separates lists", "a;=cmd()", `"a;=cmd()"`],
    ["a blank before text is fine", " AMD", " AMD"],
    ["hyphen inside is fine", "llama2-70b-99", "llama2-70b-99"],
    ["comma", "a,b", `"a,b"`],
    ["quote", 'say "hi"', `"say ""hi"""`],
    ["newline", "line1\nline2", `"line1\nline2"`],
    ["CRLF", "a\r\nb", `"a\r\nb"`],
    ["formula and comma", "=1,2", `"'=1,2"`],
    ["formula and quote", '=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ["empty string", "", ""],
    ["null", null, ""],
    ["undefined", undefined, ""],
    ["negative number stays a number", -2, "-2"],
    ["negative decimal", -12.5, "-12.5"],
    ["large number, no separators", 100282, "100282"],
    ["decimal", 12535.25, "12535.25"],
    ["NaN is empty", Number.NaN, ""],
    ["Infinity is empty", Number.POSITIVE_INFINITY, ""],
  ])("%s", (_name, input, expected) => {
    expect(toCsvCell(input)).toBe(expected);
  });

  it("joins a line with commas", () => {
    expect(toCsvLine(["a", -1, null, "=x", "b,c"])).toBe(`a,-1,,'=x,"b,c"`);
  });
});

describe("resultsToCsv", () => {
  const amd = llama("v6.0", "AMD", "8xMI355X_2xEPYC_9575F", "Server");
  const rows = [{ ...amd, servingEngine: "vLLM" }, llama("v6.0", "NVIDIA", "B300-SXM-270GBx8_TRT", "Server")];
  const csv = resultsToCsv(rows, { retrievedAt: "2026-11-29T08:00:00Z" });
  const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: false }).data;

  it("uses CRLF line ends and ends with one", () => {
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.replace(/\r\n/g, "").includes("\n")).toBe(false);
  });

  it("has the header, one line per row, a blank line, footnotes and the derived label", () => {
    expect(parsed[0]).toEqual([...CSV_COLUMNS]);
    const header = parsed[0] ?? [];
    const col = (name: string) => header.indexOf(name);
    const first = parsed[1] ?? [];
    expect(first[col("MLCommons result ID")]).toBe("6.0-0002");
    expect(first[col("Submitter")]).toBe("AMD");
    expect(first[col("Platform")]).toBe("8xMI355X_2xEPYC_9575F");
    expect(first[col("Total accelerators")]).toBe("8");
    expect(first[col("Value")]).toBe("100282");
    expect(first[col("Units")]).toBe("Tokens/s");
    expect(Number(first[col("Per accelerator (derived, not an MLPerf metric)")])).toBeCloseTo(12535.25, 2);
    expect(first[col("Serving engine")]).toBe("vLLM");
    expect(first[col("Footnote")]).toBe("[1]");
    expect(parsed[3]).toEqual([""]);
    expect(parsed[4]?.[0]).toMatch(
      /^\[1\] MLPerf® Inference v6\.0 Closed, Datacenter\. Result 6\.0-0002, llama2-70b-99 Server/,
    );
    expect(parsed[4]?.[0]).toContain("on 2026-11-29.");
    expect(parsed[4]?.[0]).toContain(TRADEMARK_LEGEND);
    expect(parsed[5]?.[0]).toMatch(/^\[2\] MLPerf® Inference v6\.0/);
    expect(parsed[6]?.[0]).toMatch(/^Per-accelerator and per-node figures are derived, not an MLPerf metric/);
  });

  it("defuses hostile text from the data and keeps numbers numeric", () => {
    const hostile = { ...amd, submitter: "=cmd|' /C calc'!A0", system: "@SUM(1)", platform: "+1", value: -2 };
    const text = resultsToCsv([hostile], { retrievedAt: "2026-11-29" });
    const line = text.split("\r\n")[1] ?? "";
    expect(line.startsWith("6.0-0002,v6.0,'=cmd|' /C calc'!A0,'@SUM(1),'+1,")).toBe(true);
    expect(line).toContain(",-2,Tokens/s,");
    for (const cell of Papa.parse<string[]>(text).data.flat()) expect(cell).not.toMatch(/^[=+@\t\r]/);
  });

  it("says when the view was capped", () => {
    const text = resultsToCsv([amd], { retrievedAt: "2026-11-29", total: 25_000 });
    expect(text).toContain("This file holds the first 1 of 25000 results in the view.");
  });

  it("with no rows still writes the header and the derived label", () => {
    const lines = resultsToCsv([], { retrievedAt: "2026-11-29" }).split("\r\n");
    expect(lines[0]).toBe(toCsvLine([...CSV_COLUMNS]));
    expect(lines[1]).toBe("");
    expect(lines[2]).toMatch(/^"Per-accelerator and per-node figures/);
  });
});

describe("exportFilename", () => {
  it.each<[string[], string, string]>([
    [["v6.0", "llama2-70b-99", "Server"], "2026-11-29", "perfcontext-results-v6.0-llama2-70b-99-Server-2026-11-29.csv"],
    [["a/b\\c", 'x"y', "\r\n"], "2026-11-29", "perfcontext-results-a-b-c-x-y-2026-11-29.csv"],
    [[], "2026-11-29", "perfcontext-results-2026-11-29.csv"],
  ])("%j", (parts, date, expected) => {
    expect(exportFilename(parts, date)).toBe(expected);
  });
});
