// The fuzz input generators (see properties.ts): real files mutated, spliced and edited field by field, and
// synthetic text and JSON. Pure.
import fc from "fast-check";
import Papa from "papaparse";
import { type FuzzInput, show } from "./invariants";

// ---------------------------------------------------------------------------------------------------------------
// Generators

/** Values that have broken parsers elsewhere: special numbers, formulas, markup, encodings, control characters. */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "NaN",
  "nan",
  "Infinity",
  "-Infinity",
  "inf",
  "1e308",
  "1e400",
  "-1e400",
  "1e-400",
  "-5",
  "-0",
  "0",
  "0x1F",
  "1,234.5",
  "1_000",
  "9".repeat(400),
  "=cmd|' /C calc'!A0",
  "+SUM(A1:A9)",
  '@HYPERLINK("http://x")',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "\u0000",
  "\uFEFF",
  "\uFFFD",
  "caf\u00e9",
  "\u00c3\u00a9",
  "\r",
  "\r\n",
  "\t",
  "\u2028",
  "null",
  "true",
  "[]",
  "{}",
  '"',
  ",",
  "\\",
  "__proto__",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
];

export const HOSTILE_JSON_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  -5,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
  0.1,
  [],
  {},
  [null],
  { "": null },
  ...HOSTILE_STRINGS,
];

// Inputs are well-formed Unicode everywhere they come from (TextDecoder output, File.text(); URL search params are
// USVStrings), so the URL-state generators make no lone UTF-16 surrogates (serializing one would turn it into U+FFFD).
// The text mutations below may split a surrogate pair: harmless, a parser must survive any string.

export const pos = fc.nat({ max: 1 << 24 });

export type Mutation =
  | { kind: "cut"; at: number }
  | { kind: "char"; at: number; s: string }
  | { kind: "insert"; at: number; s: string }
  | { kind: "delete"; at: number; len: number }
  | { kind: "dup"; at: number; len: number }
  | { kind: "byte"; at: number; byte: number }
  | { kind: "crlf" }
  | { kind: "bom" };

export const snippet = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.constantFrom("{", "}", "[", "]", '"', ",", ":", "\n", "\r\n", ":::MLLOG ", "Result is : ", "==="),
);

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("cut" as const), at: pos }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant("char" as const),
      at: pos,
      s: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant("insert" as const), at: pos, s: snippet }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("delete" as const), at: pos, len: fc.nat({ max: 400 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("dup" as const), at: pos, len: fc.nat({ max: 400 }) }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant("byte" as const), at: pos, byte: fc.integer({ min: 0, max: 255 }) }),
    weight: 3,
  },
  { arbitrary: fc.constant({ kind: "crlf" as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: "bom" as const }), weight: 1 },
);

const utf8 = new TextEncoder();
export const lenient = new TextDecoder("utf-8");

/** Apply one mutation. Byte mutations go through UTF-8 and back (a lenient decode, as a file read would). */
export function mutate(text: string, m: Mutation): string {
  const at = (n: number) => (text.length === 0 ? 0 : n % (text.length + 1));
  switch (m.kind) {
    case "cut":
      return text.slice(0, at(m.at));
    case "char": {
      const i = at(m.at);
      return text.slice(0, i) + m.s + text.slice(i + 1);
    }
    case "insert": {
      const i = at(m.at);
      return text.slice(0, i) + m.s + text.slice(i);
    }
    case "delete": {
      const i = at(m.at);
      return text.slice(0, i) + text.slice(i + m.len);
    }
    case "dup": {
      const i = at(m.at);
      return text.slice(0, i + m.len) + text.slice(i, i + m.len) + text.slice(i + m.len);
    }
    case "byte": {
      const bytes = utf8.encode(text);
      if (bytes.length === 0) return String.fromCharCode(m.byte);
      bytes[m.at % bytes.length] = m.byte;
      return lenient.decode(bytes);
    }
    case "crlf":
      return text.replace(/\r?\n/g, "\r\n");
    case "bom":
      return `\uFEFF${text}`;
  }
}

/** A real file, cut/flipped/inserted into (1–4 mutations). */
export function mutatedFile(seeds: string[]): fc.Arbitrary<FuzzInput> {
  return fc
    .tuple(fc.nat({ max: seeds.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }))
    .map(([i, ms]) => ({
      how: `mutated seed ${i}: ${ms.map((m) => m.kind).join(",")}`,
      text: ms.reduce(mutate, seeds[i] ?? ""),
      filename: null,
    }));
}

/** Lines of the seeds shuffled together: reaches line-oriented parsers' later states. */
export function splicedLines(seeds: string[]): fc.Arbitrary<FuzzInput> {
  const lines = [...new Set(seeds.flatMap((s) => s.split(/\r?\n/)))].filter((l) => l.length < 4000);
  if (lines.length === 0) return fc.constant({ how: "spliced (no seeds)", text: "", filename: null });
  return fc
    .tuple(
      fc.array(fc.oneof({ arbitrary: fc.constantFrom(...lines), weight: 9 }, { arbitrary: snippet, weight: 1 }), {
        maxLength: 60,
      }),
      fc.constantFrom("\n", "\r\n"),
    )
    .map(([ls, eol]) => ({ how: "spliced lines", text: ls.join(eol), filename: null }));
}

export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_JSON_VALUES), weight: 4 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.string(), weight: 1 },
);

/** A real JSON file with one value replaced (structure-aware: reaches row normalisation). */
export function jsonFieldEdits(seeds: string[]): fc.Arbitrary<FuzzInput> {
  const docs = seeds.flatMap((s) => {
    try {
      return [JSON.parse(s) as unknown];
    } catch {
      return [];
    }
  });
  const keys = [...new Set(docs.flatMap((d) => keysOf(d)))];
  if (docs.length === 0 || keys.length === 0)
    return fc.constant({ how: "json edit (no seeds)", text: "[]", filename: null });
  const edit = fc.record({
    elem: fc.nat(),
    key: fc.oneof(
      { arbitrary: fc.constantFrom(...keys), weight: 6 },
      { arbitrary: fc.string({ maxLength: 8 }), weight: 1 },
    ),
    value: hostileJson,
    drop: fc.boolean(),
  });
  return fc
    .tuple(fc.nat({ max: docs.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 4 }), fc.boolean())
    .map(([d, edits, pretty]) => {
      const doc = structuredClone(docs[d]);
      for (const e of edits) {
        const target = pickElement(doc, e.elem);
        if (!target) continue;
        if (e.drop) delete target[e.key];
        else target[e.key] = structuredClone(e.value); // never share (or let a later edit mutate) a constant
      }
      return {
        how: `json edits ${edits.map((e) => `${e.drop ? "-" : ""}${e.key}=${show(e.value).slice(0, 30)}`).join("; ")}`,
        text: JSON.stringify(doc, null, pretty ? 2 : undefined),
        filename: null,
      };
    });
}

export function keysOf(doc: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown, depth: number) => {
    if (depth > 3 || typeof v !== "object" || v === null) return;
    for (const [k, x] of Object.entries(v)) {
      if (!Array.isArray(v)) out.push(k);
      visit(x, depth + 1);
    }
  };
  visit(doc, 0);
  return out;
}

/** An object inside the document: an element of a top-level array/object, or the document itself. */
export function pickElement(doc: unknown, n: number): Record<string, unknown> | null {
  if (typeof doc !== "object" || doc === null) return null;
  const children = Object.values(doc).filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null);
  const all = Array.isArray(doc) ? children : [doc as Record<string, unknown>, ...children];
  return all.length > 0 ? (all[n % all.length] ?? null) : null;
}

/** A real CSV with cells replaced (quoted properly, or raw so quoting breaks). */
export function csvCellEdits(seeds: string[]): fc.Arbitrary<FuzzInput> {
  const tables = seeds.map((s) => Papa.parse<string[]>(s.replace(/^\uFEFF/, ""), { header: false }).data);
  if (tables.length === 0) return fc.constant({ how: "csv edit (no seeds)", text: "", filename: null });
  const edit = fc.record({
    row: fc.nat(),
    col: fc.nat(),
    value: fc.oneof(
      { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
      { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
    ),
  });
  return fc
    .tuple(fc.nat({ max: tables.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 4 }), fc.boolean())
    .map(([t, edits, raw]) => {
      const rows = (tables[t] ?? []).map((r) => [...r]);
      for (const e of edits) {
        const row = rows.length > 0 ? rows[e.row % rows.length] : undefined;
        if (row && row.length > 0) row[e.col % row.length] = e.value;
      }
      const text = raw ? rows.map((r) => r.join(",")).join("\n") : Papa.unparse(rows);
      return {
        how: `csv edits (${raw ? "raw" : "quoted"}) ${edits.map((e) => show(e.value).slice(0, 20)).join("; ")}`,
        text,
        filename: null,
      };
    });
}

export const anyString: fc.Arbitrary<FuzzInput> = fc
  .oneof(
    fc.string({ unit: "binary", maxLength: 200 }),
    fc.string({ unit: "grapheme", maxLength: 200 }),
    fc.string({ maxLength: 200 }),
    fc.array(snippet, { maxLength: 30 }).map((a) => a.join("")),
  )
  .map((text) => ({ how: "arbitrary string", text, filename: null }));

export const anyJson: fc.Arbitrary<FuzzInput> = fc
  .tuple(fc.jsonValue({ maxDepth: 4 }), fc.boolean())
  .map(([v, pretty]) => ({
    how: "arbitrary JSON",
    text: JSON.stringify(v, null, pretty ? 2 : undefined),
    filename: null,
  }));

/** The three input families, weighted toward the real files when there are any. */
export function inputs(seeds: string[], structured: fc.Arbitrary<FuzzInput>[] = []): fc.Arbitrary<FuzzInput> {
  const real = seeds.length > 0;
  return fc.oneof(
    { arbitrary: anyString, weight: 2 },
    { arbitrary: anyJson, weight: 2 },
    ...(real
      ? [
          { arbitrary: mutatedFile(seeds), weight: 4 },
          { arbitrary: splicedLines(seeds), weight: 1 },
          ...structured.map((arbitrary) => ({ arbitrary, weight: 2 })),
        ]
      : []),
  );
}
