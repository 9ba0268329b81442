// Sweeps read right: each series of load points (one dataset or request pattern, swept over concurrency or rate) is
// its own labelled line, so two sweeps in one file are never joined into one line with a false dip; the Pareto
// points (output tokens/s per accelerator against output tokens/s per user); and the load point that meets an SLO
// (the best one that does, not the first). Pure.
import { type Capacity, capacityPerSuccessfulRequest, type SloTargets, sloCheck } from "@/lib/bakeoff/slo";
import { ENGINE_UNKNOWN, engineOfRun, invalidReason, judgeValidity } from "@/lib/judge";
import type { BakeoffRun } from "@/lib/types";
import { emptyFacts, type RunFacts } from "./facts";
import { modelKey } from "./params";
import { CACHES, CONDITIONS, SHAPES } from "./roles";
import type { CampaignRun } from "./runs";

export interface Series {
  id: string;
  label: string;
  /** What the points vary: "concurrency", "request rate", or "single point". */
  axis: "concurrency" | "request rate" | "single point";
  runs: CampaignRun[];
}

const level = (r: BakeoffRun) => r.load.concurrency ?? r.load.requestRate ?? null;

function axisOf(runs: CampaignRun[]): Series["axis"] {
  if (runs.length < 2) return "single point";
  if (runs.every((r) => r.run.load.concurrency !== null)) return "concurrency";
  if (runs.every((r) => r.run.load.requestRate !== null)) return "request rate";
  return "single point";
}

/** What tells two sweeps apart: the data (name and lengths), the swept server settings, and the request pattern. */
function sweepIdentity(r: Pick<CampaignRun, "run" | "facts">): { key: string; words: string[] } {
  const f = r.facts;
  const data =
    f.dataset ??
    (r.run.islMean !== null && r.run.oslMean !== null
      ? `~${Math.round(r.run.islMean)}/${Math.round(r.run.oslMean)} tokens`
      : null);
  const kind = r.run.load.kind;
  const pattern =
    kind === "concurrency"
      ? "concurrency"
      : kind === "rate"
        ? "request rate"
        : kind === "burst"
          ? "all at once"
          : kind.replace("mlperf-", "MLPerf ");
  const words = [data, f.setup, pattern].filter((x): x is string => Boolean(x));
  return { key: words.join("|"), words };
}

/**
 * Runs → series: one per (member role, tool, model, dataset, swept settings, request pattern), points ordered by
 * their load. Runs with the same identity in one role but from several uploads (one file per concurrency, as
 * GenAI-Perf writes) join one series; two datasets or two server settings never do.
 */
export function groupSeries(runs: CampaignRun[]): Series[] {
  const map = new Map<string, { runs: CampaignRun[]; words: string[]; role: string; tool: string }>();
  const mixed = mixedEngines(runs.map((r) => r.facts.engine));
  for (const r of runs) {
    const base = sweepIdentity(r);
    // several engines: each is its own series, named (never drawn or summarised as one)
    const id = mixed
      ? {
          key: `${engineOfRun(r.facts.engine).key ?? "?"}|${base.key}`,
          words: [engineWord(r.facts.engine), ...base.words],
        }
      : base;
    const role = `${SHAPES[r.member.shape].short}, ${CACHES[r.member.cache].label.toLowerCase()}, ${CONDITIONS[r.member.condition].label.toLowerCase()}`;
    const key = [role, r.run.tool, r.run.model ? modelKey(r.run.model) : "", id.key].join("\u0000");
    const g = map.get(key) ?? { runs: [], words: id.words, role, tool: r.run.tool };
    g.runs.push(r);
    map.set(key, g);
  }
  const out: Series[] = [];
  for (const g of map.values()) {
    const sorted = [...g.runs].sort((a, b) => (level(a.run) ?? 0) - (level(b.run) ?? 0));
    const axis = axisOf(sorted);
    // a sweep names its axis once: "concurrency sweep (2 points)", not "concurrency · concurrency sweep"
    const words = axis === "single point" ? g.words : g.words.slice(0, -1);
    const sweepWord = axis === "single point" ? "" : `${axis} sweep (${sorted.length} points)`;
    out.push({
      id: `s${out.length + 1}`,
      label: `${[g.tool, ...words, sweepWord].filter(Boolean).join(" · ")} [${g.role}]`,
      axis,
      runs: sorted,
    });
  }
  return out;
}

export interface ParetoPoint {
  series: string;
  runKey: string;
  /** Output tokens/s per user (1000 / TPOT in ms). */
  perUser: number;
  /** Output tokens/s per accelerator. */
  perAccelerator: number;
  /** How per-user speed was obtained. */
  basis: "tpot mean" | "tpot p50" | "itl p50";
  label: string;
}

export interface ParetoData {
  points: ParetoPoint[];
  excluded: { runKey: string; label: string; reason: string }[];
}

/** Per-user output speed: 1000 / mean TPOT (else p50 TPOT, else p50 pooled ITL, said in `basis`). */
export function perUserSpeed(run: BakeoffRun): { value: number; basis: ParetoPoint["basis"] } | null {
  const cands: [number | null | undefined, ParetoPoint["basis"]][] = [
    [run.tpotMs?.mean, "tpot mean"],
    [run.tpotMs?.p50, "tpot p50"],
    [run.itlMs?.p50, "itl p50"],
  ];
  for (const [ms, basis] of cands) if (ms !== null && ms !== undefined && ms > 0) return { value: 1000 / ms, basis };
  return null;
}

export function paretoData(series: Series[]): ParetoData {
  const points: ParetoPoint[] = [];
  const excluded: ParetoData["excluded"] = [];
  for (const s of series) {
    for (const r of s.runs) {
      const speed = perUserSpeed(r.run);
      const out = r.run.outTokPerS;
      // an INVALID point is never a basis (lib/judge): listed with its failed checks, never on the front
      const v = judgeValidity({ validity: r.run.validity, failedChecks: r.run.failedChecks ?? [] });
      const why = !v.basis
        ? invalidReason(v)
        : r.run.numRequests === 0
          ? "no request succeeded"
          : out === null
            ? "the file has no output tokens/s"
            : r.accelerators === null || r.accelerators <= 0
              ? "no accelerator count (set it on the upload)"
              : speed === null
                ? "the file has no TPOT or ITL, so per-user speed is unknown"
                : null;
      if (why || speed === null || out === null || r.accelerators === null) {
        excluded.push({ runKey: r.key, label: r.label, reason: why ?? "missing data" });
        continue;
      }
      points.push({
        series: s.id,
        runKey: r.key,
        perUser: speed.value,
        perAccelerator: out / r.accelerators,
        basis: speed.basis,
        label: r.label,
      });
    }
  }
  return { points, excluded };
}

export interface SloPick {
  run: CampaignRun;
  capacity: Capacity;
  meets: boolean | null;
  /** Why this point: "best of 3 points that meet the SLO", "no point meets the SLO; the highest goodput". */
  why: string;
}

/**
 * The load point a shape's capacity is read at: of the points whose p99s meet the SLO, the one with the most
 * successful requests per second; if none meets it, the one with the highest goodput, said so. With no SLO (batch),
 * the point with the highest successful request rate. Null when no point has a usable rate.
 */
export function pickSloPoint(runs: CampaignRun[], slo: SloTargets): SloPick | null {
  const noSlo = slo.ttftP99Ms === null && slo.tpotP99Ms === null;
  const scored = runs.map((r) => {
    const capacity = noSlo ? batchCapacity(r) : capacityPerSuccessfulRequest(r.run, slo, r.accelerators);
    const meets = noSlo ? r.run.numRequests !== 0 : sloCheck(r.run, slo).pass;
    return { run: r, capacity, meets };
  });
  const usable = scored.filter((s) => s.capacity.goodReqPerS !== null);
  if (usable.length === 0) return null;
  const best = (xs: typeof usable) =>
    xs.reduce((a, b) => ((b.capacity.goodReqPerS ?? 0) > (a.capacity.goodReqPerS ?? 0) ? b : a));
  const meeting = usable.filter((s) => s.meets === true);
  if (meeting.length > 0) {
    const b = best(meeting);
    const why = noSlo
      ? `the highest successful request rate of ${plural(usable.length, "point")} (no latency bound)`
      : `the highest capacity of ${plural(meeting.length, "point")} whose p99s meet the SLO (of ${usable.length})`;
    return { ...b, why };
  }
  const b = best(usable);
  const unknown = usable.every((s) => s.meets === null);
  return {
    ...b,
    why: unknown
      ? `the SLO cannot be checked (the file lacks p99 TTFT or TPOT); the highest estimated goodput of ${plural(usable.length, "point")}`
      : `no point meets the SLO; the highest goodput of ${plural(usable.length, "point")}`,
  };
}

function plural(n: number, w: string): string {
  return `${n} ${w}${n === 1 ? "" : "s"}`;
}

/** Batch: every successful request counts (no latency bound); the rate is completed ÷ duration, else the file's. */
export function batchCapacity(r: CampaignRun): Capacity {
  const run = r.run;
  const counted = run.numRequests !== null && run.durationS ? run.numRequests / run.durationS : null;
  const rate = counted ?? run.reqPerS;
  const acc = r.accelerators;
  if (rate === null)
    return {
      goodReqPerS: null,
      perAccelerator: null,
      method: "unavailable",
      approximation: "No successful-request rate in the file.",
      fractionMeetingSlo: null,
    };
  return {
    goodReqPerS: rate,
    perAccelerator: acc !== null && acc > 0 ? rate / acc : null,
    method: "p99-met",
    approximation: `No latency bound for batch work: all ${rate.toFixed(2)} successful req/s count (${counted !== null ? `${run.numRequests} completed ÷ ${run.durationS?.toFixed(1)} s` : "the file's request throughput"}).${acc ? "" : " Per-accelerator figure needs the accelerator count."}`,
    fractionMeetingSlo: 1,
  };
}

/** Why no load point gives a capacity: the first point's reason (every point of a file shares its gaps). */
export function noCapacityReason(runs: CampaignRun[], slo: SloTargets): string {
  const r = runs[0];
  if (!r) return "no load points";
  const c =
    slo.ttftP99Ms === null && slo.tpotP99Ms === null
      ? batchCapacity(r)
      : capacityPerSuccessfulRequest(r.run, slo, r.accelerators);
  return `no load point gives a capacity: ${c.approximation}`;
}

/**
 * One upload's load points → the series each belongs to, for the bake-off overlay: "vllm · facebook/opt-125m ·
 * random 1024/1024 · max_num_seqs=4 · concurrency". Points of one series share a label; two sweeps in one file (two
 * datasets, two server settings, concurrency and rate) get two. Facts are null for uploads stored before 0009.
 */
export function sweepLabels(runs: BakeoffRun[], facts: RunFacts[] | null): string[] {
  const mixed = mixedEngines(runs.map((_, i) => facts?.[i]?.engine ?? null));
  return runs.map((run, i) => {
    const f = facts?.[i] ?? emptyFacts();
    const id = sweepIdentity({ run, facts: f });
    return [run.tool, run.model, mixed ? engineWord(f.engine) : null, ...id.words].filter(Boolean).join(" · ");
  });
}

/** The engine as the judge names it ("sgl" → SGLang; unknown → "engine not named by the source"). */
function engineWord(engine: string | null): string {
  return engineOfRun(engine).engine ?? `engine ${ENGINE_UNKNOWN}`;
}

/** Runs whose files name more than one serving engine (lib/judge): each engine is then its own series. */
export function mixedEngines(engines: (string | null)[]): boolean {
  return new Set(engines.map((e) => engineOfRun(e).key).filter((k) => k !== null)).size > 1;
}

/**
 * The load point an overlay row should show for a scenario: with targets, the point whose p99s meet them with the
 * most output tokens/s per accelerator; without (Offline), the highest; when none meets them, the highest, said so.
 */
export function pickPointFor(
  runs: BakeoffRun[],
  slo: SloTargets | null,
  accelerators: number | null,
): { index: number; meets: boolean | null; note: string } | null {
  const scored = runs
    .map((run, index) => {
      const acc = run.accelerators ?? accelerators;
      // an INVALID point is never picked (lib/judge): it has no figure to rank
      const basis = judgeValidity({ validity: run.validity, failedChecks: run.failedChecks ?? [] }).basis;
      const perAcc = basis && run.outTokPerS !== null && acc ? run.outTokPerS / acc : null;
      const meets = slo ? sloCheck(run, slo).pass : null;
      return { index, perAcc, meets };
    })
    .filter((x) => x.perAcc !== null);
  if (scored.length === 0) return null;
  const top = (xs: typeof scored) => xs.reduce((a, b) => ((b.perAcc ?? 0) > (a.perAcc ?? 0) ? b : a));
  if (!slo) return { ...top(scored), note: scored.length > 1 ? "highest point" : "" };
  const ok = scored.filter((x) => x.meets === true);
  if (ok.length > 0)
    return { ...top(ok), note: scored.length > 1 ? "best point within the limits" : "within the limits" };
  const best = top(scored);
  return { ...best, note: best.meets === false ? "no point within the limits" : "limits not checkable" };
}
