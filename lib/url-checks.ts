// The checks the explorer's URL keys need, as plain functions. lib/filters.ts and lib/url-state.ts reach the browser
// (the filters panel, the table and the cards write URLs with them), and zod's core is ~38 KB gzipped there even
// through zod/mini (measured, issue 30: /results JavaScript ≤ 200 KB); a URL key only ever needs "one of these
// words", "a whole number in a range" or "text matching a pattern". Each returns the value, or undefined. Pure.
// Semantics follow the zod schemas they replace: numbers are read with Number() (zod's coerce), so "1e3" is 1000 and
// " 5 " is 5; text items are trimmed first.

/** `raw` when it is one of `values` (exact, case-sensitive), else undefined. */
export function oneOf<T extends string>(values: readonly T[], raw: string): T | undefined {
  return (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

/** Number(raw) when it is a whole number in [min, max], else undefined ("" is not a number here). */
export function wholeIn(raw: string, min: number, max: number): number | undefined {
  if (raw.trim() === "") return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/** Every item passes `item` and there are at most `max`: the checked items, else undefined. */
export function listOf<T>(items: readonly string[], max: number, item: (s: string) => T | undefined): T[] | undefined {
  if (items.length > max) return undefined;
  const out: T[] = [];
  for (const s of items) {
    const v = item(s);
    if (v === undefined) return undefined;
    out.push(v);
  }
  return out;
}

/** Printable text: trimmed, 1–200 characters, no control characters (published names hold anything else). */
export function textItem(raw: string): string | undefined {
  const t = raw.trim();
  return t.length >= 1 && t.length <= 200 && /^\P{Cc}+$/u.test(t) ? t : undefined;
}

/** `raw` when the pattern matches it, else undefined. */
export const matching =
  (re: RegExp) =>
  (raw: string): string | undefined =>
    re.test(raw) ? raw : undefined;
