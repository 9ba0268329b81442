// Small text helpers shared by flags, citations, normalization and the checklist. Pure.
import type { PublishedResult } from "@/lib/types";

/** 103480 → "103,480"; 11978.2758 → "11,978.3" (digits = maximum fraction digits). */
export function fmt(n: number, digits = 1): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: digits });
}

/** "Tokens/s" → "tokens/s", "Latency (ms)" → "ms". */
export function unitNoun(units: string): string {
  const u = units.trim();
  const lat = /^latency\s*\((\w+)\)$/i.exec(u);
  if (lat?.[1]) return lat[1].toLowerCase();
  return u.toLowerCase();
}

export function isLatencyUnits(units: string): boolean {
  return /latency/i.test(units);
}

/** A short, stable name for a result in messages: "v6.0 AMD 8xMI355X_2xEPYC_9575F llama2-70b-99 Offline". */
export function resultLabel(r: PublishedResult): string {
  const power = r.hasPower ? " (power run)" : "";
  return `${r.round} ${r.submitter} ${r.platform} ${r.model} ${r.scenario}${power}`;
}

export function divisionName(d: string): string {
  const v = d.trim().toLowerCase();
  if (v === "closed") return "Closed";
  if (v === "open") return "Open";
  if (v === "network") return "Network";
  return d;
}

export function availabilityName(a: string): string {
  const v = a.trim().toLowerCase();
  if (v === "available") return "Available";
  if (v === "preview") return "Preview";
  if (v === "rdi") return "RDI";
  return a;
}

export function suiteName(s: string): string {
  return s
    .split(",")
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p.length > 0)
    .map((p) => (p === "datacenter" ? "Datacenter" : p === "edge" ? "Edge" : p))
    .join(" and ");
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${fmt(n, 0)} ${n === 1 ? one : many}`;
}

/** Stable comparison for sorting strings (not locale dependent). */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
