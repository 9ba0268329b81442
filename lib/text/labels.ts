// Labels people type or files carry (upload labels, accelerator names) end up in page titles, tables and share
// links. Control characters break layouts and logs; bidirectional overrides and isolates (U+202A–U+202E,
// U+2066–U+2069) and the invisible direction marks (U+200E, U+200F, U+061C) reorder how a label reads ("Trojan
// Source", CVE-2021-42574), so "8xH100 ‮001B" can pose as another system. Refused where a person typed them,
// stripped where a file carried them. Pure.

const UNSAFE = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
const UNSAFE_ALL = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

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
  return s.replace(UNSAFE_ALL, "");
}
