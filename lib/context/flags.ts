// computeFlags: every difference MLCommons says must be disclosed, for 2–6 published results plus any
// bake-off runs. Most severe first, de-duplicated, independent of input order. Pure.
import { invalidReason, judgeValidity } from "@/lib/judge";
import type { BakeoffRun, PublishedResult } from "@/lib/types";
import { labeller } from "./flag-base";
import { type Flag, PAIR_RULES, publishedTwice, type Severity, singleFlags } from "./flag-rules";
import { cmp, distinctLabels, pairLabels, resultLabel } from "./format";

export type { Flag, Severity } from "./flag-rules";

export interface BakeoffInput {
  id: string;
  run: BakeoffRun;
  label?: string;
}

export const SEVERITY_RANK: Record<Severity, number> = { block: 0, warn: 1, info: 2 };

/** The sentence MLCommons requires beside any comparison of verified with unverified results. */
export const MIXED_VERIFICATION_STATEMENT =
  "Unverified results have not been through an MLPerf® review and may use measurement methodologies and/or workload implementations that are inconsistent with the MLPerf® specification for verified results.";

function bakeoffName(b: BakeoffInput): string {
  const version = b.run.toolVersion ? ` ${b.run.toolVersion}` : "";
  return `${b.label ?? b.id} (${b.run.tool}${version})`;
}

function bakeoffFlags(
  b: BakeoffInput,
  mixed: boolean,
): { code: string; severity: Severity; message: string; ids: string[] }[] {
  const notLoadgen =
    b.run.tool === "mlperf-loadgen"
      ? ""
      : " It was not produced with MLPerf LoadGen under MLPerf rules, so it is not an MLPerf result; MLCommons does not allow MLPerf results to be compared against non-MLPerf results as equals.";
  // validity and its wording are the judge's (lib/judge): the failed checks as LoadGen writes them, never re-worded here
  const v = judgeValidity({ validity: b.run.validity, failedChecks: b.run.failedChecks ?? [] });
  const invalid = !v.basis;
  const message = `Unverified: ${bakeoffName(b)} is a private bake-off run, not verified by MLCommons.${
    invalid ? ` ${invalidReason(v)}` : ""
  }${notLoadgen}${mixed ? ` ${MIXED_VERIFICATION_STATEMENT}` : ""}`;
  return [{ code: "unverified", severity: invalid ? "block" : "warn", message, ids: [b.id] }];
}

function sortFlags(flags: Flag[]): Flag[] {
  return flags.sort(
    (x, y) =>
      SEVERITY_RANK[x.severity] - SEVERITY_RANK[y.severity] ||
      cmp(x.code, y.code) ||
      cmp(x.ids.join(","), y.ids.join(",")) ||
      cmp(x.message, y.message),
  );
}

/** Same code and ids → one flag: the most severe, then the first message in sort order. */
function dedupe(flags: Flag[]): Flag[] {
  const best = new Map<string, Flag>();
  for (const f of sortFlags(flags)) {
    const key = `${f.code}\u0000${f.ids.join(",")}`;
    if (!best.has(key)) best.set(key, f);
  }
  return sortFlags([...best.values()]);
}

/** One pair rule's flag with the two results it compared, in the order the rule saw them. */
interface Raised {
  flag: Flag;
  a: PublishedResult;
  b: PublishedResult;
}

/** Rows of one measurement (a shared `measurementKey`, e.g. the -99 and -99.9 rows of one run), by id. */
function twinGroups(results: PublishedResult[]): Map<string, PublishedResult[]> {
  const byKey = new Map<string, PublishedResult[]>();
  for (const r of results)
    if (r.measurementKey !== "") byKey.set(r.measurementKey, [...(byKey.get(r.measurementKey) ?? []), r]);
  const out = new Map<string, PublishedResult[]>();
  for (const g of byKey.values()) if (g.length > 1) for (const r of g) out.set(r.id, g);
  return out;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The message with both sides' labels and each twin's model name blanked: what the twins of a group share. */
function twinNeutral({ flag, a, b }: Raised, groups: Map<string, PublishedResult[]>): string {
  const [la, lb] = pairLabels(a, b);
  const sides: [PublishedResult, string, string][] = [
    [a, la, "a"],
    [b, lb, "b"],
  ];
  let m = flag.message;
  for (const [, label, tag] of [...sides].sort((x, y) => y[1].length - x[1].length))
    m = m.split(label).join(`\u0001${tag}`);
  for (const [r, , tag] of sides) {
    // "llama2-70b-99" but not the start of "llama2-70b-99.9"
    if (groups.has(r.id)) m = m.replace(new RegExp(`${escapeRe(r.model)}(?!\\.?\\d)`, "g"), `\u0002${tag}`);
  }
  return m;
}

function joinAnd(items: string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * Rows of one measurement each meet a third result with the same flags: a flag the twins raise identically (but
 * for their own names) against the same result becomes one flag naming all of them, shown once.
 */
function mergeTwins(raised: Raised[], groups: Map<string, PublishedResult[]>, label: (r: PublishedResult) => string) {
  const lead = (r: PublishedResult) => groups.get(r.id)?.[0]?.id ?? r.id;
  const out: Flag[] = [];
  const buckets = new Map<string, Raised[]>();
  for (const r of raised) {
    if (!groups.has(r.a.id) && !groups.has(r.b.id)) {
      out.push(r.flag);
      continue;
    }
    const key = [r.flag.code, r.flag.severity, lead(r.a), lead(r.b), twinNeutral(r, groups)].join("\u0000");
    buckets.set(key, [...(buckets.get(key) ?? []), r]);
  }
  for (const [first, ...rest] of buckets.values()) {
    if (!first) continue;
    if (rest.length === 0) {
      out.push(first.flag);
      continue;
    }
    const byId = new Map<string, PublishedResult>();
    for (const r of [first, ...rest]) for (const x of [r.a, r.b]) byId.set(x.id, x);
    const partner = (t: PublishedResult) => [first.a, first.b].find((x) => groups.get(t.id)?.includes(x)) ?? first.a;
    const others = [...byId.values()]
      .filter((t) => t.id !== first.a.id && t.id !== first.b.id)
      .sort((x, y) => cmp(x.id, y.id))
      .map((t) => `${label(t)} (the same measurement as ${label(partner(t))})`);
    out.push({
      ...first.flag,
      message: `${first.flag.message} The same holds for ${joinAnd(others)}.`,
      ids: [...byId.keys()].sort(),
    });
  }
  return out;
}

/**
 * Flags for a comparison. A result compared with itself gives none. Two rows of one measurement (the -99 and
 * -99.9 rows of one run) skip the pair rules and get a "published-twice" warning instead: count the number once.
 * Against a third result, such rows raise each flag once between them (see `mergeTwins`).
 */
export function computeFlags(results: PublishedResult[], bakeoff: BakeoffInput[] = []): Flag[] {
  const byId = new Map<string, PublishedResult>();
  for (const r of [...results].sort((x, y) => cmp(x.id, y.id))) if (!byId.has(r.id)) byId.set(r.id, r);
  const unique = [...byId.values()];
  const runs = new Map<string, BakeoffInput>();
  for (const b of [...bakeoff].sort((x, y) => cmp(x.id, y.id))) if (!runs.has(b.id)) runs.set(b.id, b);
  if (unique.length + runs.size < 2) return [];

  const groups = twinGroups(unique);
  const lead = (r: PublishedResult) => groups.get(r.id)?.[0]?.id ?? r.id;
  const out: Flag[] = [];
  const raised: Raised[] = [];
  for (let i = 0; i < unique.length; i++) {
    for (let j = i + 1; j < unique.length; j++) {
      const a = unique[i];
      const b = unique[j];
      if (!a || !b) continue;
      if (a.measurementKey !== "" && a.measurementKey === b.measurementKey) {
        out.push(publishedTwice(a, b));
        continue;
      }
      // Every row of a measurement meets a third result on the same side, so the twins' messages read alike.
      const [p, q] = cmp(lead(a), lead(b)) <= 0 ? [a, b] : [b, a];
      const pairLabel = labeller(p, q);
      for (const rule of PAIR_RULES) {
        const f = rule(p, q, pairLabel);
        if (f) raised.push({ flag: f, a: p, b: q });
      }
    }
  }
  const labels = distinctLabels(unique);
  const label = (x: PublishedResult) => labels.get(x.id) ?? resultLabel(x);
  out.push(...mergeTwins(raised, groups, label));
  for (const r of unique) out.push(...singleFlags(r, label));
  const mixed = unique.length > 0 && runs.size > 0;
  for (const b of runs.values()) out.push(...bakeoffFlags(b, mixed));
  return dedupe(out);
}

/** Highest severity in a list, or null when empty. */
export function worstSeverity(flags: Flag[]): Severity | null {
  let worst: Severity | null = null;
  for (const f of flags) if (worst === null || SEVERITY_RANK[f.severity] < SEVERITY_RANK[worst]) worst = f.severity;
  return worst;
}
