// Number formatting for the planner's steps: thousands separators, precision by size, never "NaN"/"Infinity". Pure.

const cache = new Map<number, Intl.NumberFormat>();

function nf(digits: number): Intl.NumberFormat {
  let f = cache.get(digits);
  if (!f) {
    f = new Intl.NumberFormat("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });
    cache.set(digits, f);
  }
  return f;
}

/** 100282 → "100,282"; 401.128 → "401.13"; 0.73401 → "0.734"; a non-finite number → "—". */
export function fmt(n: number | null | undefined, digits?: number): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "—";
  const abs = Math.abs(n);
  const d = digits ?? (abs >= 10_000 ? 0 : abs >= 1 ? 2 : 3);
  return nf(d).format(n);
}

/** 0.9 → "90%"; 0.7340 → "73.4%". */
export function pct(fraction: number, digits = 1): string {
  return `${fmt(fraction * 100, digits)}%`;
}

/** 52560 → "$52,560"; 0.16 → "$0.16"; 0.00123 → "$0.0012". */
export function usd(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "—";
  const abs = Math.abs(n);
  return `$${fmt(n, abs >= 100 ? 0 : abs >= 0.1 ? 2 : 4)}`;
}

/** "1 node" / "3 nodes". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${fmt(n, 0)} ${n === 1 ? one : many}`;
}
