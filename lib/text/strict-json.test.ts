// Issue 15 findings 5 and 9: what JSON.parse lets through (duplicate keys, lone surrogates) or dies on (deep
// nesting) is refused with its line; the real inputs all pass.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import { checkJsonText, MAX_JSON_DEPTH, parseStrictJson } from "./strict-json";

describe("checkJsonText", () => {
  it.each([
    ['{"a": 1,\n "b": 2,\n "a": 3}', 3, "a", /key "a" appears twice/],
    ['[{"x": 1}, {"x": 2},\n{"y": {"z": 1, "z": 1}}]', 2, "z", /key "z" appears twice/],
    // the same key spelled with an escape is the same key
    ['{"ab": 1, "\\u0061b": 2}', 1, "ab", /key "ab" appears twice/],
    ['{"name": "\\ud800"}', 1, "name", /lone surrogate/],
    ['{"name":\n "ok \\udc00 tail"}', 2, "name", /\\udc00 is a lone surrogate/],
    ['["\\ud83d\\ude00", "\\ud83d x"]', 1, null, /\\ud83d is a lone surrogate/],
  ])("%j → line %i, field %s", (text, line, field, message) => {
    const p = checkJsonText(text);
    expect(p).toMatchObject({ line, field });
    expect(p?.message).toMatch(message);
  });

  it.each([
    ['{"a": "\\\\ud800"}'], // an escaped backslash: the text \ud800, not an escape
    ['{"a": "\\ud83d\\ude00"}'], // a proper pair (😀)
    ['[{"a": 1}, {"a": 2}]'], // the same key in two objects
    ['{"a": {"a": 1}}'],
    ['{"a": "x\\"a\\"", "b": 1}'],
  ])("accepts %j", (text) => {
    expect(checkJsonText(text)).toBeNull();
    expect(() => JSON.parse(text)).not.toThrow();
  });

  it("refuses 100,000 levels of nesting with the limit, not a stack overflow", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const p = checkJsonText(deep);
    expect(p?.message).toMatch(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(p?.line).toBe(1);
    const r = parseStrictJson(deep);
    expect(r.ok).toBe(false);
  });

  it("passes every real JSON input in ../shared/data", () => {
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.jsonl?$/.test(e.name)) files.push(p);
      }
    };
    walk(sharedPath());
    expect(files.length).toBeGreaterThan(15);
    for (const f of files) expect([f, checkJsonText(fs.readFileSync(f, "utf8"))]).toEqual([f, null]);
  });
});

describe("parseStrictJson", () => {
  it("refuses a syntax error as not valid JSON", () => {
    const r = parseStrictJson('{"a": 1,\n"b": }', "the body");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^the body is not valid JSON/);
  });
  it("parses good JSON from bytes", () => {
    expect(parseStrictJson(new TextEncoder().encode('{"kind":"compare"}'))).toEqual({
      ok: true,
      value: { kind: "compare" },
    });
  });
});
