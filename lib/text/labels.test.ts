import { describe, expect, it } from "vitest";
import { labelProblem, stripUnsafe, stripUnsafeDeep } from "./labels";

describe("labelProblem: refused where typed", () => {
  it.each([
    ["8xH100 \u202E001B", "a bidirectional-text control (U+202E) at character 8"],
    ["\u2066isolate", "a bidirectional-text control (U+2066) at character 1"],
    ["a\u2069", "a bidirectional-text control (U+2069) at character 2"],
    ["mark\u200F", "a bidirectional-text control (U+200F) at character 5"],
    ["tab\there", "a control character (U+0009) at character 4"],
    ["c1\u0085", "a control character (U+0085) at character 3"],
  ])("%j", (s, why) => {
    expect(labelProblem("name", s)).toBe(`name contains ${why}; remove it`);
  });
  it.each(["8xH100-SXM", "Système µ", "نظام عربي", "שם"])("%j passes (right-to-left script itself is fine)", (s) => {
    expect(labelProblem("name", s)).toBeNull();
  });
});

describe("stripped where a file carried them", () => {
  it("stripUnsafe removes every control", () => {
    expect(stripUnsafe("Llama\u202E-3.1\u202C 70B\n")).toBe("Llama-3.1 70B");
    expect(stripUnsafe("plain")).toBe("plain");
  });
  it("stripUnsafeDeep cleans every string of a record, keeping tabs and line breaks", () => {
    const run = { model: "meta/\u202Ellama", points: [{ note: "a\u2066b\nc\td\u0007" }], n: 3, x: null, ok: true };
    expect(stripUnsafeDeep(run)).toEqual({
      model: "meta/llama",
      points: [{ note: "ab\nc\td" }],
      n: 3,
      x: null,
      ok: true,
    });
  });
});
