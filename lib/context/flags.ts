// computeFlags: every difference MLCommons says must be disclosed, for 2–6 published results plus any
// bake-off runs. Most severe first, de-duplicated, independent of input order. Pure.
import type { BakeoffRun, PublishedResult } from "@/lib/types";
import { type Flag, PAIR_RULES, publishedTwice, type Severity, singleFlags } from "./flag-rules";
import { cmp, distinctLabels, resultLabel } from "./format";

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
  const invalid = b.run.validity === "INVALID";
  const message = `Unverified: ${bakeoffName(b)} is a private bake-off run, not verified by MLCommons.${
    invalid ? " Its own log reports INVALID." : ""
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

/**
 * Flags for a comparison. A result compared with itself gives none. Two rows of one measurement (the -99 and
 * -99.9 rows of one run) skip the pair rules and get a "published-twice" warning instead: count the number once.
 */
export function computeFlags(results: PublishedResult[], bakeoff: BakeoffInput[] = []): Flag[] {
  const byId = new Map<string, PublishedResult>();
  for (const r of [...results].sort((x, y) => cmp(x.id, y.id))) if (!byId.has(r.id)) byId.set(r.id, r);
  const unique = [...byId.values()];
  const runs = new Map<string, BakeoffInput>();
  for (const b of [...bakeoff].sort((x, y) => cmp(x.id, y.id))) if (!runs.has(b.id)) runs.set(b.id, b);
  if (unique.length + runs.size < 2) return [];

  const out: Flag[] = [];
  for (let i = 0; i < unique.length; i++) {
    for (let j = i + 1; j < unique.length; j++) {
      const a = unique[i];
      const b = unique[j];
      if (!a || !b) continue;
      if (a.measurementKey !== "" && a.measurementKey === b.measurementKey) {
        out.push(publishedTwice(a, b));
        continue;
      }
      for (const rule of PAIR_RULES) {
        const f = rule(a, b);
        if (f) out.push(f);
      }
    }
  }
  const labels = distinctLabels(unique);
  for (const r of unique) out.push(...singleFlags(r, (x) => labels.get(x.id) ?? resultLabel(x)));
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
