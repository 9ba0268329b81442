import { describe, expect, it } from "vitest";
import { jsonErrorLine, jsonErrorOffset } from "./json-position";
import { findSystemJsons, readText } from "./real-logs.testkit";

describe("jsonErrorOffset", () => {
  it.each(findSystemJsons().map((f) => [f.id, f.file] as const))("%s is valid JSON", (_id, file) => {
    expect(jsonErrorOffset(readText(file))).toBe(-1);
  });

  it.each([
    ['{"a": oops}', 6],
    ['{"a": 1,}', 8],
    ['{"a" 1}', 5],
    ["[1, 2", 5],
    ['{"a": "b}', 9],
    ['{"a": 1} x', 9],
    ["", 0],
    ['{"a": "tab\there"}', 10],
  ])("%j breaks at %i", (text, at) => {
    expect(jsonErrorOffset(text)).toBe(at);
    expect(() => JSON.parse(text)).toThrow();
  });

  it.each(['{"a": [1, -2.5e3, true, null, {"b": "\\"q\\""}]}', "[]", "{}", ' "x" '])("%j is valid", (text) => {
    expect(jsonErrorOffset(text)).toBe(-1);
    expect(() => JSON.parse(text)).not.toThrow();
  });

  it("gives the 1-based line", () => {
    expect(jsonErrorLine('{\n  "submitter": "AMD",\n  "system_name": oops\n}')).toBe(3);
    expect(jsonErrorLine("{}")).toBeNull();
  });
});
