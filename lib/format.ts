// Number and unit formatting for display. Pure.

const INT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** 1042110 → "1,042,110"; null → "—". */
export function formatInt(n: number | null | undefined): string {
  return n === null || n === undefined || !Number.isFinite(n) ? "—" : INT.format(n);
}

/** Thousands separators with sensible precision: 11978.3 → "11,978.3", 0.01234 → "0.0123". */
export function formatNumber(n: number | null | undefined, digits?: number): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "—";
  const abs = Math.abs(n);
  const d = digits ?? (abs >= 1000 ? 1 : abs >= 100 ? 1 : abs >= 1 ? 2 : 4);
  return numberFormat(d).format(n);
}

// One Intl.NumberFormat per digit count: building one is ~100× the cost of formatting with it, and a page formats
// thousands of numbers (issue 15: the bake-off overlay spent a third of its render building formatters).
const FORMATS = new Map<number, Intl.NumberFormat>();

/** The shared en-US formatter with at most `digits` fraction digits. */
export function numberFormat(digits: number): Intl.NumberFormat {
  let f = FORMATS.get(digits);
  if (!f) {
    f = new Intl.NumberFormat("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });
    FORMATS.set(digits, f);
  }
  return f;
}

/** "Tokens/s" → "tokens/s" for prose. */
export function unitLabel(units: string): string {
  return units
    .replace(/^Tokens\/s$/, "tokens/s")
    .replace(/^Samples\/s$/, "samples/s")
    .replace(/^Queries\/s$/, "queries/s");
}
