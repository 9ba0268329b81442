// How the overview writes its figures: short enough to read at a glance, exact enough to check. Pure.
import { fmt, usd } from "@/lib/plan/fmt";

/** 53,612,500 → "53.6 M"; 406,971.9 → "407 K"; null → "—". */
export function perHourText(n: number | null): string {
  if (n === null || !Number.isFinite(n)) return "—";
  if (n >= 1e6) return `${Number((n / 1e6).toPrecision(3)).toLocaleString("en-US")} M`;
  if (n >= 1e3) return `${Number((n / 1e3).toPrecision(3)).toLocaleString("en-US")} K`;
  return fmt(n, 0);
}

/** $ per million tokens: 0.0559571 → "$0.056"; 1.234 → "$1.23"; null → "—". */
export function costText(n: number | null): string {
  if (n === null || !Number.isFinite(n)) return "—";
  return n >= 0.1 ? usd(n) : `$${Number(n.toPrecision(2))}`;
}

/** kWh per million tokens, three significant digits: 0.0292522 → "0.0293". */
export function kwhText(n: number | null): string {
  if (n === null || !Number.isFinite(n)) return "—";
  return String(Number(n.toPrecision(3)));
}
