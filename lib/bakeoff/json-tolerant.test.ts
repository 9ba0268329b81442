import { describe, expect, it } from "vitest";
import { JsonSyntaxError, parseJsonDocuments, parseTolerantJson, sharingParse } from "./json-tolerant";

function syntaxError(fn: () => unknown): JsonSyntaxError {
  try {
    fn();
  } catch (e) {
    if (e instanceof JsonSyntaxError) return e;
    throw e;
  }
  throw new Error("expected a JsonSyntaxError");
}

describe("parseTolerantJson", () => {
  it.each([
    ['{"request_rate": Infinity}', { request_rate: Number.POSITIVE_INFINITY }],
    ['{"a": -Infinity, "b": NaN}', { a: Number.NEGATIVE_INFINITY, b: null }],
    ['{"s": "Infinity NaN", "t": "a\\"b"}', { s: "Infinity NaN", t: 'a"b' }],
    ["[1, -2.5e3, 0, true, false, null]", [1, -2500, 0, true, false, null]],
    ['{"request_goodput:": null}', { "request_goodput:": null }],
    ['\ufeff{"x": "\\u00e9"}', { x: "é" }],
  ])("%s", (text, expected) => {
    expect(parseTolerantJson(text)).toEqual(expected);
  });

  it("reads Infinity as null when asked", () => {
    expect(parseTolerantJson("[Infinity]", { infinity: "null" })).toEqual([null]);
  });

  it("keeps a __proto__ key as data", () => {
    const v = parseTolerantJson('{"__proto__": {"polluted": 1}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(v, "__proto__")?.value).toEqual({ polluted: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("rejects two documents where one is expected, naming the second one's line", () => {
    const e = syntaxError(() => parseTolerantJson('{"a": 1}\n{"a": 2}'));
    expect(e.line).toBe(2);
    expect(e.message).toMatch(/second JSON document/);
  });
});

describe("parseJsonDocuments", () => {
  it("splits JSON Lines, skipping blank lines", () => {
    const docs = parseJsonDocuments('{"n": 1}\n\n{"n": 2, "r": Infinity}\r\n{"n": 3}\n');
    expect(docs.map((d) => d.line)).toEqual([1, 3, 4]);
    expect(docs.map((d) => (d.value as { n: number }).n)).toEqual([1, 2, 3]);
  });

  it("splits pretty-printed objects back to back", () => {
    const text = '{\n  "n": 1,\n  "x": [1,\n 2]\n}{\n  "n": 2\n}\n{"n": 3}';
    const docs = parseJsonDocuments(text);
    expect(docs.map((d) => d.line)).toEqual([1, 5, 8]);
  });

  it.each([
    ['{"a": 1,\n "b": [1, 2', 2, /not closed.*truncated/],
    ['{"a": 1}\n{"b": 2\n', 3, /object opened on line 2 is not closed/],
    ['{"a": 1}\n{"b": }', 2, /expected a JSON value but found '}'/],
    ['{"a": 1 "b": 2}', 1, /expected ',' or '}'/],
    ["{\n\n  a: 1}", 3, /expected a quoted key/],
    ['{"a": "unterminated\n}', 1, /unterminated string/],
    ['{"a": Infinit}', 1, /expected a JSON value/],
    ['{"a": 1}x', 1, /unexpected 'x'/],
  ])("%j fails on line %i", (text, line, msg) => {
    const e = syntaxError(() => parseJsonDocuments(text));
    expect(e.line).toBe(line);
    expect(e.message).toMatch(msg);
    expect(e.message).toMatch(new RegExp(`^line ${line}, column \\d+`));
  });
});

describe("sharingParse", () => {
  it("parses a text once for every reader inside it, afresh outside, and never with other options", () => {
    const text = '{"request_rate": Infinity}\n{"completed": 2}';
    const [a, b, c] = sharingParse(text, () => [
      parseJsonDocuments(text),
      parseJsonDocuments(text),
      parseJsonDocuments(text, { infinity: "null" }),
    ]);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(c?.[0]?.value).toEqual({ request_rate: null });
    expect(a?.map((d) => d.line)).toEqual([1, 2]);
    expect(parseJsonDocuments(text)).not.toBe(a);
    expect(parseJsonDocuments(text)).toEqual(a);
  });
});
