// Text people type or files carry (upload labels, model, system and accelerator names, campaign names and notes) ends
// up in page titles, tables, CSV and share links. Control characters break layouts and logs; bidirectional overrides
// and isolates (U+202A–U+202E, U+2066–U+2069) and the invisible direction marks (U+200E, U+200F, U+061C) reorder how
// a label reads ("Trojan Source", CVE-2021-42574), so "8xH100 ‮001B" can pose as another system. The one rule for
// all of it (issue 26 finding 6): refused where a person typed them (labelProblem), stripped where a file carried
// them (stripUnsafe, stripUnsafeDeep). Pure.

const UNSAFE = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
const UNSAFE_ALL = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;
/** The same, sparing tab and line breaks: for multi-line text (notes) taken from files. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose (\p{Cc} less tab, LF, CR)
const UNSAFE_INLINE_ALL = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

/** Why a typed label is refused (naming the character and its position), or null. */
export function labelProblem(field: string, s: string): string | null {
  const m = UNSAFE.exec(s);
  if (!m) return null;
  const cp = (m[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
  const kind = /\p{Cc}/u.test(m[0]) ? "a control character" : "a bidirectional-text control";
  return `${field} contains ${kind} (U+${cp}) at character ${m.index + 1}; remove it`;
}

/** The label with every such character removed (for labels taken from files). */
export function stripUnsafe(s: string): string {
  return UNSAFE.test(s) ? s.replace(UNSAFE_ALL, "") : s;
}

/** The same for text that may span lines (notes, a multi-line cell): tab and line breaks are kept. */
export function stripUnsafeMultiline(s: string): string {
  return UNSAFE.test(s) ? s.replace(UNSAFE_INLINE_ALL, "") : s;
}

/**
 * Every string in a value read from a file (a parsed run, its facts), with bidi controls and control characters
 * removed; tab and line breaks are kept, since notes may span lines. Numbers, booleans and null pass through.
 */
export function stripUnsafeDeep<T>(v: T): T {
  if (typeof v === "string") return stripUnsafeMultiline(v) as T;
  if (Array.isArray(v)) return v.map(stripUnsafeDeep) as T;
  if (v && typeof v === "object") {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) o[k] = stripUnsafeDeep(x);
    return o as T;
  }
  return v;
}
