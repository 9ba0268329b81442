// How the reproduction report writes its figures: percentages to two places, latencies in ms, counts with separators.
import { formatNumber } from "@/lib/format";

export const PCT_LABEL: Record<string, string> = {
  p50: "p50",
  p90: "p90",
  p95: "p95",
  p97: "p97",
  p99: "p99",
  p999: "p99.9",
};

export function pct(p: number | null): string {
  return p === null ? "—" : `${(Math.round(p * 100) / 100).toFixed(2)} %`;
}

export function ms(v: number | null): string {
  if (v === null) return "—";
  return `${v >= 100 ? formatNumber(Math.round(v)) : v.toPrecision(3)} ms`;
}

export function num(v: number | null): string {
  return v === null ? "—" : formatNumber(v);
}
