// Per traffic shape: each member's capacity per successful request under the shape's SLO (at the load point that
// meets it, lib/campaign/sweeps pickSloPoint), goodput and error rate; the warm-vs-cold delta; the capacity kept
// after a node loss (or on a throttled link) as a share of baseline, and what that means for N+1 sizing; and a
// verdict with its caveats. Pure.
import type { Capacity } from "@/lib/bakeoff/slo";
import { loadText } from "@/lib/bakeoff/slo";
import { formatNumber } from "@/lib/format";
import { checkParams, type Difference } from "./params";
import { CACHES, type CampaignMember, CONDITIONS, SHAPES, type ShapeId, type ShapeSlo, shapeSlo } from "./roles";
import type { CampaignRun } from "./runs";
import { noCapacityReason, pickSloPoint } from "./sweeps";

export interface MemberOutcome {
  memberIndex: number;
  memberId: string;
  label: string;
  role: Pick<CampaignMember, "shape" | "cache" | "condition">;
  /** The load point the capacity is read at (run key), and why that one. */
  pointKey: string | null;
  pointLoad: string | null;
  why: string;
  meetsSlo: boolean | null;
  /** Successful requests per second within the SLO (goodput, system-wide). */
  goodReqPerS: number | null;
  /** The same, per accelerator: capacity per successful request. */
  perAccelerator: number | null;
  /** Output tokens per second of the requests within the SLO (goodput × mean output tokens). */
  goodOutTokPerS: number | null;
  errorRate: number | null;
  method: Capacity["method"];
  approximation: string;
  accelerators: number | null;
  nodes: number | null;
}

export interface Delta {
  from: string;
  to: string;
  /** (to − from) / from, as a fraction. */
  change: number | null;
  text: string;
}

export interface Retention {
  condition: CampaignMember["condition"];
  baseline: string;
  degraded: string;
  /** degraded goodput / baseline goodput (system-wide). */
  retained: number | null;
  text: string;
  /** What the share means for N+1 sizing. */
  sizing: string;
}

export interface ShapeReport {
  shape: ShapeId;
  label: string;
  slo: ShapeSlo;
  outcomes: MemberOutcome[];
  warmCold: Delta | null;
  retention: Retention[];
  verdict: string;
  caveats: string[];
}

const pct = (x: number) => `${formatNumber(x * 100, 1)}%`;
const f2 = (x: number | null) => (x === null ? "—" : formatNumber(x, x >= 100 ? 0 : 2));

function errorRate(pick: CampaignRun | null): number | null {
  const r = pick?.run;
  if (!r || r.numRequests === null || r.numFailed === null) return null;
  const total = r.numRequests + r.numFailed;
  return total > 0 ? r.numFailed / total : null;
}

export function memberOutcome(runs: CampaignRun[], slo: ShapeSlo): MemberOutcome | null {
  const first = runs[0];
  if (!first) return null;
  const pick = pickSloPoint(runs, slo);
  const run = pick?.run ?? null;
  const good = pick?.capacity.goodReqPerS ?? null;
  const osl = run?.run.oslMean ?? null;
  return {
    memberIndex: first.memberIndex,
    memberId: first.source.id,
    label: first.source.label,
    role: { shape: first.member.shape, cache: first.member.cache, condition: first.member.condition },
    pointKey: run?.key ?? null,
    pointLoad: run ? loadText(run.run) : null,
    why: pick?.why ?? noCapacityReason(runs, slo),
    meetsSlo: pick?.meets ?? null,
    goodReqPerS: good,
    perAccelerator: pick?.capacity.perAccelerator ?? null,
    goodOutTokPerS: good !== null && osl !== null ? good * osl : null,
    errorRate: errorRate(run),
    method: pick?.capacity.method ?? "unavailable",
    approximation: pick?.capacity.approximation ?? "no usable load point",
    accelerators: first.accelerators,
    nodes: first.source.nodes,
  };
}

/** The best outcome by capacity (per accelerator where every candidate has it, else system-wide). */
function best(xs: MemberOutcome[]): MemberOutcome | null {
  const usable = xs.filter((x) => x.goodReqPerS !== null);
  if (usable.length === 0) return null;
  const perAcc = usable.every((x) => x.perAccelerator !== null);
  const score = (x: MemberOutcome) => (perAcc ? (x.perAccelerator ?? 0) : (x.goodReqPerS ?? 0));
  const meeting = usable.filter((x) => x.meetsSlo === true);
  const pool = meeting.length > 0 ? meeting : usable;
  return pool.reduce((a, b) => (score(b) > score(a) ? b : a));
}

/** What a share kept after losing one node means for N+1 sizing, given the baseline's node count. */
export function nPlusOne(retained: number, nodes: number | null): string {
  if (nodes === null || nodes < 2) {
    // (n − 1)/n ≤ r  ⟺  n ≤ 1/(1 − r)
    const maxNodes = retained >= 1 ? null : Math.floor(1 / (1 - retained) + 1e-9);
    const reach =
      maxNodes === null
        ? "for any fleet size"
        : maxNodes >= 2
          ? `for fleets of up to ${maxNodes} nodes; a larger fleet loses more than one node's share`
          : "for no fleet of two or more nodes";
    return `N+1 sizing assumes the surviving nodes carry their share: with n nodes, (n − 1)/n of baseline. ${pct(retained)} kept covers a node loss ${reach} (the baseline upload does not state its node count).`;
  }
  const fair = (nodes - 1) / nodes;
  if (retained >= fair - 1e-9)
    return `With ${nodes} nodes, losing one leaves ${pct(fair)} of the hardware and the run kept ${pct(retained)}: N+1 (one spare node) covers a node loss.`;
  const headroom = fair / retained;
  return `With ${nodes} nodes, losing one leaves ${pct(fair)} of the hardware but the run kept only ${pct(retained)}: the loss costs more than its share (rebalancing, cold caches), so N+1 undersizes; plan ${pct(headroom - 1)} more capacity than N+1 gives (or N+${Math.ceil((1 - retained) * nodes)}).`;
}

export function shapeReport(shape: ShapeId, runs: CampaignRun[], blocks: Difference[]): ShapeReport {
  const byMember = new Map<number, CampaignRun[]>();
  for (const r of runs) byMember.set(r.memberIndex, [...(byMember.get(r.memberIndex) ?? []), r]);
  const customIsl = runs.find((r) => r.member.isl != null)?.member.isl ?? null;
  const slo = shapeSlo(shape, customIsl);
  const outcomes = [...byMember.values()]
    .map((rs) => memberOutcome(rs, slo))
    .filter((x): x is MemberOutcome => x !== null);
  const of = (cache: string | null, condition: string) =>
    outcomes.filter((o) => o.role.condition === condition && (cache === null || o.role.cache === cache));

  // a delta or a share across a different model or accelerator type is not a measurement of the condition
  const blockBetween = (a: MemberOutcome, b: MemberOutcome): string | null => {
    const pair = [...(byMember.get(a.memberIndex) ?? []), ...(byMember.get(b.memberIndex) ?? [])];
    const bl = checkParams(pair).differences.filter((d) => d.severity === "block");
    return bl.length ? bl.map((d) => `different ${d.label.toLowerCase()}: ${d.values.join(" vs ")}`).join("; ") : null;
  };

  const warm = best(of("warm", "baseline"));
  const colds = of("cold", "baseline");
  const cold = (warm ? best(colds.filter((c) => blockBetween(warm, c) === null)) : null) ?? best(colds);
  let warmCold: Delta | null = null;
  if (warm && cold) {
    const blocked = blockBetween(warm, cold);
    const change =
      blocked === null && warm.goodReqPerS && cold.goodReqPerS !== null
        ? (cold.goodReqPerS - warm.goodReqPerS) / warm.goodReqPerS
        : null;
    warmCold = {
      from: warm.label,
      to: cold.label,
      change,
      text: blocked
        ? `Warm vs cold: not comparable (${blocked}); run both caches on one setup.`
        : change === null
          ? "Warm vs cold: not computable (a capacity is missing)."
          : `Cold cache ${change >= 0 ? "+" : "−"}${pct(Math.abs(change))} vs warm (${f2(cold.goodReqPerS)} vs ${f2(warm.goodReqPerS)} good req/s).`,
    };
  }

  const retention: Retention[] = [];
  for (const condition of ["node-loss", "throttled-link", "other"] as const) {
    for (const d of of(null, condition)) {
      const sameCache = of(d.role.cache, "baseline");
      const pool = sameCache.length ? sameCache : of(null, "baseline");
      const base = best(pool.filter((b) => blockBetween(b, d) === null)) ?? best(pool);
      if (!base) {
        retention.push({
          condition,
          baseline: "—",
          degraded: d.label,
          retained: null,
          text: `${CONDITIONS[condition].label}: no baseline run in this shape to compare with.`,
          sizing: "",
        });
        continue;
      }
      const blocked = blockBetween(base, d);
      const retained =
        blocked === null && base.goodReqPerS && d.goodReqPerS !== null ? d.goodReqPerS / base.goodReqPerS : null;
      retention.push({
        condition,
        baseline: base.label,
        degraded: d.label,
        retained,
        text: blocked
          ? `${CONDITIONS[condition].label}: not comparable with any baseline (${blocked}); repeat the baseline on the same setup.`
          : retained === null
            ? `${CONDITIONS[condition].label}: not computable (a capacity is missing).`
            : `${CONDITIONS[condition].label}: ${pct(retained)} of baseline capacity kept (${f2(d.goodReqPerS)} vs ${f2(base.goodReqPerS)} good req/s).`,
        sizing: condition === "node-loss" && retained !== null ? nPlusOne(retained, base.nodes) : "",
      });
    }
  }

  const caveats: string[] = ["Every figure comes from uploaded files and is unverified: not an MLCommons result."];
  for (const b of blocks) caveats.push(b.message);
  const blocked = blocks.some((b) => b.severity === "block");
  const top = best(of(null, "baseline")) ?? best(outcomes);
  if (outcomes.some((o) => o.method === "estimated"))
    caveats.push("Some capacities are estimated from percentiles (not counted per request): see each run's method.");
  if (outcomes.some((o) => o.perAccelerator === null && o.goodReqPerS !== null))
    caveats.push("Some runs have no accelerator count, so their capacity is system-wide, not per accelerator.");
  if (outcomes.some((o) => o.errorRate !== null && o.errorRate > 0.01))
    caveats.push("At least one run lost more than 1% of its requests to errors.");
  if (outcomes.some((o) => o.errorRate === null))
    caveats.push("Some files do not count failed requests, so their error rate is unknown.");
  if (!outcomes.some((o) => o.role.cache === "cold"))
    caveats.push("No cold-cache run: the warm-vs-cold delta is untested.");
  if (!outcomes.some((o) => o.role.condition === "node-loss"))
    caveats.push("No node-loss run: N+1 sizing is untested for this shape.");

  let verdict: string;
  if (!top || top.goodReqPerS === null) verdict = `${SHAPES[shape].short}: no run gives a capacity under this SLO.`;
  else {
    const amount =
      top.perAccelerator !== null
        ? `${f2(top.perAccelerator)} good req/s per accelerator (${f2(top.goodReqPerS)} for the system)`
        : `${f2(top.goodReqPerS)} good req/s for the system (no accelerator count)`;
    const unbounded = slo.ttftP99Ms === null && slo.tpotP99Ms === null;
    const state =
      top.meetsSlo === true
        ? unbounded
          ? "with no latency bound"
          : "meeting the SLO"
        : top.meetsSlo === false
          ? "but no load point meets the SLO, so this is goodput past it"
          : "the SLO could not be checked from the file";
    verdict = `${SHAPES[shape].short}: ${amount} from ${top.label} at ${top.pointLoad ?? "?"}, ${state}${blocked ? "; its runs are not comparable (different model or accelerator)" : ""}.`;
  }
  return { shape, label: SHAPES[shape].label, slo, outcomes, warmCold, retention, verdict, caveats };
}

/** One report per shape that has members, in the registry's order. */
/** One report per shape that has members, in the registry's order; caveats name the differences within the shape. */
export function shapeReports(runs: CampaignRun[]): ShapeReport[] {
  const shapes = (Object.keys(SHAPES) as ShapeId[]).filter((s) => runs.some((r) => r.member.shape === s));
  return shapes.map((s) => {
    const mine = runs.filter((r) => r.member.shape === s);
    return shapeReport(
      s,
      mine,
      checkParams(mine).differences.filter((d) => d.severity !== "info"),
    );
  });
}

export const CACHE_LABEL = (c: keyof typeof CACHES) => CACHES[c].label;
