// Per system: the best point that meets the service level, its output tokens per accelerator-hour, cost per million
// output tokens and energy, or why none does (issue 30, /overview). Pure.
//
// Arithmetic (the brief and lib/plan's fields): tokens per accelerator-hour = the judge's per-accelerator figure
// (output tokens/s per accelerator) × 3600; accelerator cost per million output tokens = $/accelerator-hour ÷ tokens
// per accelerator-hour × 1e6; energy cost per million = kWh per million × PUE × $/kWh, only where power exists
// (measured by MLPerf Power, or an Endpoints curve's provisioned power, labelled so). One price for every accelerator.
// Input and output priced apart (lib/plan/split.ts) on the mix the hours were spent on: a published result or curve on
// its benchmark's cited dataset mix (lib/judge tokenMixOf), an Endpoints curve on the mix its system_desc.json states
// (curveTokenMix), a bake-off run on the means its own file measured (runTokenMix).
import type { Curve } from "@/lib/endpoints/curve-types";
import { curveTokenMix, familyOfName, type MixVerdict, runTokenMix, tokenMixOf } from "@/lib/judge";
import { accCostPerMillion, blendedPerMillion, splitPerMillion, tokensPerAccHour } from "@/lib/plan/split";
import type { BakeoffRun, PublishedResult } from "@/lib/types";
import { type Candidate, evaluateCurve, evaluateResult, evaluateRun, levelText } from "./evaluate";
import type { OverviewPricing, ServiceLevel } from "./params";

export interface OverviewBasis {
  kind: "result" | "curve" | "bakeoff";
  id: string;
  point: string | null;
  href: string;
  /** The evidence in words: "v6.0 Interactive 6.0-0002", "Endpoints step r128", "bake-off run 3 (concurrency 16)". */
  label: string;
}

export interface OverviewRow {
  system: string;
  submitter: string;
  /** published: an MLPerf Inference result; curve: an MLPerf Endpoints curve; bakeoff: the team's own, unverified. */
  source: "published" | "curve" | "bakeoff";
  verified: boolean;
  accelerator: string | null;
  totalAccelerators: number | null;
  division: string | null;
  round: string | null;
  tokensPerAccHour: number | null;
  costPerMTokens: number | null;
  /** The cost's two parts ($ per million output tokens): accelerator-hours, electricity (null when not priced). */
  cost: { accelerator: number | null; energy: number | null };
  energyPerMTokensKWh: number | null;
  /** Input and output priced apart, or why this row is not (then the cost above is all on output tokens). */
  split: OverviewSplit;
  /** measured (MLPerf Power), provisioned (Endpoints system_power.json), or null with the reason in energyWhy. */
  energyKind: "measured" | "provisioned" | null;
  energyWhy: string;
  basis: OverviewBasis;
  meets: boolean;
  why: string;
  /** An Offline throughput ceiling of the system (not a figure at the level), labelled so when shown. */
  ceiling: { tokensPerAccHour: number; href: string; label: string } | null;
}

export interface OverviewSplit {
  /** The mean input and output tokens per request the accelerator-hours were spent on, and where they come from. */
  mix: { inTok: number; outTok: number; source: string } | null;
  /** Why there is no split (no cited mix, no cost); null when split. */
  why: string | null;
  /** $ per million input tokens, output tokens, and tokens of the traffic shape (both kinds); null without a split. */
  inputPerM: number | null;
  outputPerM: number | null;
  blendedPerM: number | null;
  /** kWh per million input and output tokens by the same rule (measured or provisioned as energyKind says). */
  energyInputKWh: number | null;
  energyOutputKWh: number | null;
}

export interface BakeoffUploadIn {
  id: string;
  label: string;
  accelerator: string | null;
  accelerators: number | null;
  modelFamily: string | null;
  runs: BakeoffRun[];
}

/** The better of two candidates: meeting first, then the larger figure, then the newer round. */
function better(a: Candidate, b: Candidate): Candidate {
  if (a.meets !== b.meets) return a.meets ? a : b;
  if (a.meets) {
    const d = (a.perAccPerS ?? -1) - (b.perAccPerS ?? -1);
    if (d !== 0) return d > 0 ? a : b;
    return (a.round ?? "") >= (b.round ?? "") ? a : b;
  }
  // neither meets: the nearest usable miss (a latency-bound result before an Offline ceiling)
  if (a.usable !== b.usable) return a.usable ? a : b;
  if (a.miss !== b.miss) return a.miss < b.miss ? a : b;
  return (a.round ?? "") >= (b.round ?? "") ? a : b;
}

function pick(cs: readonly Candidate[]): Candidate {
  return cs.reduce((best, c) => better(best, c));
}

function costOf(
  perAccPerS: number | null,
  energy: Candidate["energy"],
  p: OverviewPricing,
): { total: number | null; accelerator: number | null; energy: number | null } {
  const acc =
    perAccPerS !== null && p.pricePerAccHour !== null ? accCostPerMillion(p.pricePerAccHour, perAccPerS) : null;
  const en = energy && p.pricePerKwh !== null ? energy.kWhPerMTokens * p.pue * p.pricePerKwh : null;
  return { total: acc === null ? null : acc + (en ?? 0), accelerator: acc, energy: en };
}

function energyWhy(c: Candidate, source: OverviewRow["source"]): string {
  if (c.energy) return c.energy.how;
  if (source === "bakeoff") return "the bake-off file states no power";
  if (source === "curve") return "the curve states no provisioned power";
  return "no MLPerf Power measurement for this result (power is never estimated from TDP or rated power)";
}

/** The row's split: the cost and energy per million output tokens (all on output) divided by 1 + w·I/O. */
function splitOf(
  mix: MixVerdict,
  cost: number | null,
  kWh: number | null,
  p: OverviewPricing,
  meets: boolean,
): OverviewSplit {
  const none = { inputPerM: null, outputPerM: null, blendedPerM: null, energyInputKWh: null, energyOutputKWh: null };
  if (!mix.split) return { mix: null, why: `Not priced apart: ${mix.why}.`, ...none };
  const m = { inTok: mix.inTok, outTok: mix.outTok, source: mix.source };
  if (!meets) return { mix: m, why: "no point meets the level", ...none };
  const c = cost === null ? null : splitPerMillion(cost, m, p.inputWeight);
  const e = kWh === null ? null : splitPerMillion(kWh, m, p.inputWeight);
  return {
    mix: m,
    why: c === null ? "no price per accelerator-hour entered" : null,
    inputPerM: c?.input ?? null,
    outputPerM: c?.output ?? null,
    blendedPerM: c === null ? null : blendedPerMillion(c, p.shape),
    energyInputKWh: e?.input ?? null,
    energyOutputKWh: e?.output ?? null,
  };
}

function row(
  c: Candidate,
  head: Pick<
    OverviewRow,
    "system" | "submitter" | "source" | "verified" | "accelerator" | "totalAccelerators" | "division"
  >,
  p: OverviewPricing,
  why: string,
  ceiling: OverviewRow["ceiling"],
  mix: MixVerdict,
): OverviewRow {
  const meets = c.meets;
  const perS = meets ? c.perAccPerS : null;
  const cost = costOf(perS, meets ? c.energy : null, p);
  const energy = meets ? c.energy : null;
  return {
    ...head,
    round: c.round,
    tokensPerAccHour: perS === null ? null : tokensPerAccHour(perS),
    costPerMTokens: cost.total,
    cost: { accelerator: cost.accelerator, energy: cost.energy },
    energyPerMTokensKWh: energy?.kWhPerMTokens ?? null,
    split: splitOf(mix, cost.total, energy?.kWhPerMTokens ?? null, p, meets),
    energyKind: energy?.kind ?? null,
    energyWhy: meets ? energyWhy(c, head.source) : "no point meets the level",
    basis: { kind: c.kind, id: c.id, point: c.point, href: c.href, label: c.label },
    meets,
    why,
    ceiling,
  };
}

/** Published results of one benchmark → one row per system (submitter, system, division). */
export function publishedRows(
  results: readonly PublishedResult[],
  level: ServiceLevel,
  pricing: OverviewPricing,
): OverviewRow[] {
  const groups = new Map<string, PublishedResult[]>();
  for (const r of results) {
    const k = `${r.submitter}\u0000${r.system}\u0000${r.division}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const rows: OverviewRow[] = [];
  for (const rs of groups.values()) {
    const first = rs[0] as PublishedResult;
    const cands = rs.map((r) => evaluateResult(r, level));
    const best = pick(cands);
    const of = rs[cands.indexOf(best)] as PublishedResult;
    const ceilings = cands.filter((c) => c.ceiling && c.usable && c.perAccPerS !== null);
    const top = ceilings.length
      ? ceilings.reduce((a, b) => ((a.perAccPerS ?? 0) >= (b.perAccPerS ?? 0) ? a : b))
      : null;
    const ceiling = top
      ? {
          tokensPerAccHour: tokensPerAccHour(top.perAccPerS ?? 0),
          href: top.href,
          label: `Offline ceiling (${top.round}), no latency bound: not a figure at this level`,
        }
      : null;
    const why = best.meets ? best.why : `No published point meets this level. Nearest: ${best.why}`;
    rows.push(
      row(
        best,
        {
          system: first.system,
          submitter: first.submitter,
          source: "published",
          verified: true,
          accelerator: of.accelerator,
          totalAccelerators: of.totalAccelerators,
          division: of.division,
        },
        pricing,
        why,
        ceiling,
        tokenMixOf(of.benchmark || of.model),
      ),
    );
  }
  return rows;
}

/** Endpoints curves of the benchmark → one row per curve (one system each). */
export function curveRows(curves: readonly Curve[], level: ServiceLevel, pricing: OverviewPricing): OverviewRow[] {
  return curves.map((c) => {
    const e = evaluateCurve(c, level);
    return row(
      e,
      {
        system: c.system,
        submitter: c.submitter,
        source: "curve",
        verified: c.status === "finalized",
        accelerator: c.accelerator,
        totalAccelerators: c.totalAccelerators,
        division: c.division,
      },
      pricing,
      e.why,
      null,
      curveTokenMix(c),
    );
  });
}

/** The team's bake-off uploads → one row each, unverified, by the same rule (their p99 TTFT/TPOT). */
export function bakeoffRows(
  uploads: readonly BakeoffUploadIn[],
  benchmark: string,
  level: ServiceLevel,
  pricing: OverviewPricing,
): OverviewRow[] {
  return uploads.map((u) => {
    const head = {
      system: u.label,
      submitter: "your team (unverified)",
      source: "bakeoff" as const,
      verified: false,
      accelerator: u.accelerator,
      totalAccelerators: u.accelerators,
      division: null,
    };
    const model = u.modelFamily ?? u.runs[0]?.model ?? null;
    if (model === null || familyOfName(model) !== familyOfName(benchmark)) {
      const c = evaluateRunless(u.id);
      const why =
        model === null
          ? `The upload does not name its model, so it is not shown as ${benchmark}.`
          : `The upload measured ${model}, not ${benchmark}: not this benchmark.`;
      return row(c, head, pricing, why, null, NO_RUN_MIX);
    }
    if (u.runs.length === 0) {
      const c = evaluateRunless(u.id);
      return row(c, head, pricing, "The upload holds no load point.", null, NO_RUN_MIX);
    }
    const cands = u.runs.map((r, i) => evaluateRun(u.id, i, r, u.accelerators, level));
    const best = pick(cands);
    const why = best.meets
      ? `Unverified (the team's own run): ${best.why}`
      : `Unverified (the team's own run). No run meets ${levelText(level)}. Nearest: ${best.why}`;
    return row(best, head, pricing, why, null, runTokenMix(u.runs[cands.indexOf(best)]));
  });
}

const NO_RUN_MIX: MixVerdict = runTokenMix(undefined);

function evaluateRunless(id: string): Candidate {
  return {
    kind: "bakeoff",
    id,
    point: null,
    href: `/bakeoff/${id}`,
    label: "bake-off upload",
    usable: false,
    meets: false,
    perAccPerS: null,
    energy: null,
    ceiling: false,
    miss: Number.POSITIVE_INFINITY,
    why: "",
    round: null,
  };
}

/** Meeting rows first, by tokens per accelerator-hour (most first); then the rest by name. */
export function sortRows(rows: readonly OverviewRow[]): OverviewRow[] {
  return [...rows].sort((a, b) => {
    if (a.meets !== b.meets) return a.meets ? -1 : 1;
    const d = (b.tokensPerAccHour ?? -1) - (a.tokensPerAccHour ?? -1);
    if (d !== 0) return d;
    return `${a.submitter} ${a.system}`.localeCompare(`${b.submitter} ${b.system}`);
  });
}

export interface OverviewInput {
  benchmark: string;
  level: ServiceLevel;
  pricing: OverviewPricing;
  results: readonly PublishedResult[];
  curves: readonly Curve[];
  uploads: readonly BakeoffUploadIn[];
}

/** Every row for a benchmark and level: published systems, Endpoints curves and the team's bake-offs, sorted. */
export function overviewRows(i: OverviewInput): OverviewRow[] {
  return sortRows([
    ...publishedRows(i.results, i.level, i.pricing),
    ...curveRows(i.curves, i.level, i.pricing),
    ...bakeoffRows(i.uploads, i.benchmark, i.level, i.pricing),
  ]);
}
