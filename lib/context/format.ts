// Small text helpers shared by flags, citations, normalization and the checklist. Pure.
import { numberFormat } from "@/lib/format";
import type { PublishedResult } from "@/lib/types";

/** 103480 → "103,480"; 11978.2758 → "11,978.3" (digits = maximum fraction digits). */
export function fmt(n: number, digits = 1): string {
  return numberFormat(digits).format(n);
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

/** The attributes that tell apart results whose `resultLabel` is the same, in the order they are shown. */
const DISTINGUISHERS: ((r: PublishedResult) => string)[] = [
  (r) => divisionName(r.division),
  (r) => `ran ${r.usedModel}`,
  (r) => r.precision ?? "precision not published",
  (r) => availabilityName(r.availability),
];

/**
 * `resultLabel` for each result, made unique within the set: results that share a label get the attributes that
 * differ among them, then the MLCommons result ID, then our id. The NeuralMagic v4.1 L40S llama2-70b-99 Offline
 * pair → "… Offline [Open, fp32, ID 4.1-0113]" and "… Offline [Closed, fp8, ID 4.1-0052]". Others keep their label.
 */
export function distinctLabels(results: PublishedResult[]): Map<string, string> {
  const groups = new Map<string, PublishedResult[]>();
  for (const r of results) {
    const label = resultLabel(r);
    const g = groups.get(label);
    if (g) {
      if (!g.some((x) => x.id === r.id)) g.push(r);
    } else groups.set(label, [r]);
  }
  const out = new Map<string, string>();
  for (const [label, group] of groups) {
    if (group.length === 1) {
      for (const r of group) out.set(r.id, label);
      continue;
    }
    const differing = DISTINGUISHERS.filter((d) => new Set(group.map(d)).size > 1);
    const ids = new Set(group.map((r) => r.resultId ?? ""));
    const byId = ids.size === group.length && !ids.has("");
    const parts = (r: PublishedResult) => differing.map((d) => d(r));
    const tails = group.map(parts).map((p) => p.join(", "));
    const unique = new Set(tails).size === group.length;
    for (const r of group) {
      const p = parts(r);
      if (byId) p.push(`ID ${r.resultId}`);
      else if (!unique) p.push(`id ${r.id}`);
      out.set(r.id, `${label} [${p.join(", ")}]`);
    }
  }
  return out;
}

/** `distinctLabels` for a pair: the two labels a pairwise flag message uses. */
export function pairLabels(a: PublishedResult, b: PublishedResult): [string, string] {
  const m = distinctLabels([a, b]);
  return [m.get(a.id) ?? resultLabel(a), m.get(b.id) ?? resultLabel(b)];
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
