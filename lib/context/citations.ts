// Footnotes in the form the MLPerf Results Messaging Guidelines require (mlcommons/policies
// MLPerf_Results_Messaging_Guidelines.adoc @ c0d89de: "Required Footnote" and "Attribution"). Pure.
import type { BakeoffRun, PublishedResult } from "@/lib/types";
import type { BakeoffInput } from "./flags";
import { MIXED_VERIFICATION_STATEMENT } from "./flags";
import { availabilityName, divisionName, fmt, suiteName } from "./format";
import { DERIVED_LABEL, RULE_METHOD } from "./per-accelerator";

/** The attribution legend, verbatim from the guidelines' "Attribution" section. */
export const TRADEMARK_LEGEND =
  "The MLPerf name and logo are registered and unregistered trademarks of MLCommons Association in the United States and other countries. All rights reserved. Unauthorized use strictly prohibited. See www.mlcommons.org for more information.";

/**
 * A footnote as a page lists it: without the attribution legend, which the page footer (app/layout.tsx) carries once
 * for the whole page. Exports, the API and citations keep it. "… on 2026-11-29. The MLPerf name …" → "… on 2026-11-29."
 */
export function withoutLegend(note: string): string {
  return note.replace(` ${TRADEMARK_LEGEND}`, "").replace(TRADEMARK_LEGEND, "").trimEnd();
}

/** Required in the footnote of any unverified result (guidelines §1 and "Required Footnote"). */
export const NOT_VERIFIED = "Result not verified by MLCommons Association.";

export const UNVERIFIED_LABEL = "Unverified: not verified by MLCommons";

export interface FootnoteOptions {
  retrievedAt: string; // ISO date or date-time
  sourceUrl?: string | null;
}

/** "2026-11-29T10:00:00Z" → "2026-11-29"; anything else is kept as given. */
export function retrievalDate(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(iso.trim());
  return m?.[1] ?? iso.trim();
}

function roundLabel(round: string): string {
  return round.startsWith("v") ? round : `v${round}`;
}

/**
 * "MLPerf® Inference v6.0 Closed, Datacenter. Result 6.0-0002, llama2-70b-99 Offline, Available.
 *  Retrieved from https://… on 2026-11-29. <legend>"
 */
export function footnote(result: PublishedResult, opts: FootnoteOptions): string {
  const url = opts.sourceUrl ?? result.sourceUrl;
  // summaries without IDs (v6.1's root summary.csv, checker files): say where the ID is missing, not that none exists
  const id = result.resultId ? `Result ${result.resultId}` : "Result ID not in the source summary";
  const from = url
    ? `Retrieved from ${url} on ${retrievalDate(opts.retrievedAt)}.`
    : `Retrieved on ${retrievalDate(opts.retrievedAt)} (source URL not recorded).`;
  const invalid = result.validity === "INVALID" || result.latency?.validity === "INVALID";
  const unverified = invalid
    ? ` Unverified: the LoadGen log imported for this result reports INVALID, so PerfContext shows the number as unverified. ${NOT_VERIFIED}`
    : "";
  return `MLPerf® Inference ${roundLabel(result.round)} ${divisionName(result.division)}, ${suiteName(result.suite)}. ${id}, ${result.model} ${result.scenario}, ${availabilityName(result.availability)}. ${from}${unverified} ${TRADEMARK_LEGEND}`;
}

function loadText(run: BakeoffRun): string {
  const { kind, concurrency, requestRate } = run.load;
  const parts: string[] = [kind];
  if (concurrency !== null) parts.push(`concurrency ${fmt(concurrency, 0)}`);
  if (requestRate !== null) parts.push(`${fmt(requestRate, 2)} req/s`);
  return parts.join(", ");
}

/** The footnote for a user's own run: always unverified, never an MLPerf result unless LoadGen produced it. */
export function bakeoffFootnote(run: BakeoffRun, label: string): string {
  const tool = run.toolVersion ? `${run.tool} ${run.toolVersion}` : run.tool;
  const model = run.model ? `, model ${run.model}` : "";
  const what =
    run.tool === "mlperf-loadgen"
      ? "Unverified MLPerf® Inference run made with MLPerf LoadGen outside MLCommons review"
      : "Private benchmark run, not an MLPerf® result";
  return `${UNVERIFIED_LABEL}. ${label}: ${what} (${tool}${model}; load ${loadText(run)}). ${NOT_VERIFIED} ${TRADEMARK_LEGEND}`;
}

/** The extra footnote MLCommons requires when verified and unverified results appear together. */
export function mixedFootnote(): string {
  return MIXED_VERIFICATION_STATEMENT;
}

/** For any per-accelerator or per-node figure shown. */
export function derivedFootnote(): string {
  return `Per-accelerator and per-node figures are ${DERIVED_LABEL}: ${RULE_METHOD} They are not official or verified MLPerf® results; the MLPerf® metric is the system result. ${NOT_VERIFIED} ${TRADEMARK_LEGEND}`;
}

/** All footnotes for a view: one per result, one per bake-off run, the mixed statement, the derived label. */
export function footnotes(
  results: PublishedResult[],
  bakeoff: BakeoffInput[],
  opts: { retrievedAt: string; derived?: boolean },
): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (s: string) => {
    if (!seen.has(s)) {
      seen.add(s);
      out.push(s);
    }
  };
  for (const r of [...results].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    add(footnote(r, { retrievedAt: opts.retrievedAt, sourceUrl: r.sourceUrl }));
  for (const b of [...bakeoff].sort((a, c) => (a.id < c.id ? -1 : a.id > c.id ? 1 : 0)))
    add(bakeoffFootnote(b.run, b.label ?? b.id));
  const unverifiedPublished = results.some((r) => r.validity === "INVALID" || r.latency?.validity === "INVALID");
  const verifiedPublished = results.some((r) => r.validity !== "INVALID" && r.latency?.validity !== "INVALID");
  if (verifiedPublished && (bakeoff.length > 0 || unverifiedPublished)) add(mixedFootnote());
  if (opts.derived) add(derivedFootnote());
  return out;
}
