// CSV export: formula-injection defusing, RFC 4180 quoting, and the file shape over real v6.0 rows.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { TRADEMARK_LEGEND } from "./context";
import { llama } from "./context/test-fixtures";
import { CSV_COLUMNS, exportFilename, resultsToCsv, resultsToJson, toCsvCell, toCsvLine } from "./csv-export";

describe("toCsvCell", () => {
  it.each<[string, string | number | boolean | null | undefined, string]>([
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
    ["true", true, "true"],
    ["false", false, "false"],
  ])("%s", (_name, input, expected) => {
    expect(toCsvCell(input)).toBe(expected);
  });

  it("joins a line with commas", () => {
    expect(toCsvLine(["a", -1, null, "=x", "b,c"])).toBe(`a,-1,,'=x,"b,c"`);
  });
});

describe("resultsToCsv", () => {
  const amd = { ...llama("v6.0", "AMD", "8xMI355X_2xEPYC_9575F", "Server"), servingEngine: "vLLM" };
  const nvidia = { ...llama("v6.0", "NVIDIA", "B300-SXM-270GBx8_TRT", "Server"), servingEngine: null };
  const csv = resultsToCsv([amd, nvidia], { retrievedAt: "2026-11-29T08:00:00Z" });
  const parsed = Papa.parse<string[]>(csv, { delimiter: ",", skipEmptyLines: false }).data;

  it("uses CRLF line ends and ends with one", () => {
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.replace(/\r\n/g, "").includes("\n")).toBe(false);
  });

  it("has the header and one line per row, every line as wide as the header, nothing after the last row", () => {
    expect(parsed[0]).toEqual([...CSV_COLUMNS]);
    expect(new Set(CSV_COLUMNS).size).toBe(CSV_COLUMNS.length);
    // Papa leaves one empty line for the final CRLF
    expect(parsed.length).toBe(4);
    expect(parsed[3]).toEqual([""]);
    for (const line of parsed.slice(1, 3)) expect(line.length).toBe(CSV_COLUMNS.length);
  });

  it("writes the row's fields under their names, the citation in its own column", () => {
    const header = parsed[0] ?? [];
    const first = parsed[1] ?? [];
    const cell = (name: string) => first[header.indexOf(name)];
    expect(cell("resultId")).toBe("6.0-0002");
    expect(cell("submitter")).toBe("AMD");
    expect(cell("platform")).toBe("8xMI355X_2xEPYC_9575F");
    expect(cell("totalAccelerators")).toBe("8");
    expect(cell("value")).toBe("100282");
    expect(cell("units")).toBe("Tokens/s");
    expect(cell("servingEngine")).toBe("vLLM");
    expect(cell("heterogeneous")).toBe("false");
    expect(cell("validity")).toBe("VALID");
    expect(cell("perAcceleratorBasis")).toContain("derived, not an MLPerf metric");
    expect(cell("citation")).toMatch(
      /^MLPerf® Inference v6\.0 Closed, Datacenter\. Result 6\.0-0002, llama2-70b-99 Server/,
    );
    expect(cell("citation")).toContain("on 2026-11-29.");
    expect(cell("citation")).toContain(TRADEMARK_LEGEND);
  });

  it("defuses hostile text from the data and keeps numbers numeric", () => {
    const hostile = { ...amd, submitter: "=cmd|' /C calc'!A0", system: "@SUM(1)", platform: "+1", value: -2 };
    const text = resultsToCsv([hostile], { retrievedAt: "2026-11-29" });
    const row = Papa.parse<Record<string, string>>(text, { delimiter: ",", header: true, skipEmptyLines: true })
      .data[0];
    expect(row?.submitter).toBe("'=cmd|' /C calc'!A0");
    expect(row?.system).toBe("'@SUM(1)");
    expect(row?.platform).toBe("'+1");
    expect(row?.value).toBe("-2");
    for (const cell of Papa.parse<string[]>(text, { delimiter: "," }).data.flat())
      expect(cell).not.toMatch(/^[=+@\t\r]/);
  });

  it("with no rows writes the header only", () => {
    expect(resultsToCsv([], { retrievedAt: "2026-11-29" })).toBe(`${toCsvLine([...CSV_COLUMNS])}\r\n`);
  });

  it("JSON rows carry the same keys in the same order, typed", () => {
    const [row] = resultsToJson([amd], { retrievedAt: "2026-11-29" });
    expect(Object.keys(row ?? {})).toEqual([...CSV_COLUMNS]);
    expect(row?.value).toBe(100282);
    expect(row?.heterogeneous).toBe(false);
    expect(row?.servingEngine).toBe("vLLM");
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
