// The capacity arithmetic: basis throughput → requests/s at the workload's output length → per accelerator →
// usable capacity and target utilization → accelerators → whole nodes → N+k → cost. Every step is recorded as
// {label, formula, value}. Pure; never returns NaN or Infinity (a case that cannot be computed has `error`).
import { P99_RULE } from "@/lib/bakeoff/slo";
import { divisorText, perGivenAccelerators } from "@/lib/judge";
import { type Basis, type BasisSource, type Slo, toBasis } from "./basis";
import { type BasisCost, basisCost } from "./basis-cost";
import { type Fit, hasSlo, type PlanNote, scenarioFit } from "./fit";
import { fmt, pct, plural, usd } from "./fmt";
import { type PowerInputs, type PlanPower as PowerPlan, planPower } from "./power";
import { DEFAULT_INPUT_WEIGHT } from "./split";

export const HOURS_PER_MONTH = 730; // 8,760 h a year ÷ 12

/** The footnote a plan carries (MLCommons messaging guidelines: derived metrics must say their basis). */
export const PLAN_FOOTNOTE =
  "Requests/s, accelerator, node and cost figures on this page are derived by PerfContext from the results cited, under the assumptions listed; they are not MLPerf® metrics and are not verified by MLCommons Association.";
/** Output length differences above this share of the basis's own length get a warning. */
export const LENGTH_WARN_SHARE = 0.25;

export interface PlanCalcInputs {
  workload: { rps: number; inTok: number; outTok: number };
  slo: Slo;
  /** inputWeight: one input token's cost against one output token's (lib/plan/split.ts; default 0.25). */
  fleet: { usablePct: number; utilPct: number; k: number; pricePerAccHour: number | null; inputWeight?: number };
  derate: boolean;
  /** kW per node, rack budget, electricity price and PUE; absent: no power steps. */
  power?: PowerInputs;
}

export interface PlanStep {
  key: string;
  label: string;
  formula: string;
  value: string;
}

export interface PlanNumbers {
  reqPerSPerSystem: number;
  reqPerSPerAccelerator: number;
  plannedPerAccelerator: number;
  acceleratorsExact: number;
  acceleratorsNeeded: number;
  acceleratorsPerNode: number;
  nodesNeeded: number;
  spareNodes: number;
  nodes: number;
  accelerators: number;
  peakLoad: number;
}

export interface PlanCost {
  perHour: number;
  perMonth: number;
  perMillionOutputTokens: number;
  /** The basis's own cost per million tokens at its measured rate, priced as /overview prices it (basis-cost.ts). */
  basis?: BasisCost | null;
}

export interface PlanOutcome {
  basis: Basis;
  fit: Fit | null;
  numbers: PlanNumbers | null;
  cost: PlanCost | null;
  /** Power, racks and electricity, when the basis has a measured power or a kW per node was entered. */
  power?: PowerPlan | null;
  steps: PlanStep[];
  notes: PlanNote[];
  assumptions: string[];
  error: string | null;
}

const finite = (...xs: number[]) => xs.every((x) => Number.isFinite(x));

/**
 * Plan one basis. Issue 6's case: 100,282 tokens/s on 8 accelerators (Server), 500 req/s at 250 output tokens,
 * 90% usable, 100% utilization, N+1 → 100,282 ÷ 250 = 401.13 req/s per system; ÷ 8 = 50.14 per accelerator;
 * × 0.9 × 1.0 = 45.13; 500 ÷ 45.13 = 11.08 → 12 accelerators → 2 nodes of 8 → + 1 = 3 nodes (24 accelerators).
 */
export function planCapacity(source: BasisSource, inputs: PlanCalcInputs): PlanOutcome {
  return planFromBasis(toBasis(source, inputs.slo), inputs);
}

export function planFromBasis(basis: Basis, inputs: PlanCalcInputs): PlanOutcome {
  const { workload: w, slo, fleet } = inputs;
  const steps: PlanStep[] = [];
  const notes: PlanNote[] = [];
  const assumptions: string[] = [];
  const fail = (error: string, fit: Fit | null = null): PlanOutcome => ({
    basis,
    fit,
    numbers: null,
    cost: null,
    steps,
    notes,
    assumptions,
    error,
  });
  if (basis.unusable) return fail(basis.unusable);
  const acc = basis.accelerators;
  const tp = basis.throughput;
  const accText = acc === null ? "" : ` on ${plural(acc, "accelerator")}`;
  const tpValue = tp.outTokPerS !== null ? `${fmt(tp.outTokPerS)} output tokens/s` : `${fmt(tp.reqPerS)} req/s`;
  steps.push({ key: "basis", label: "Basis throughput", formula: tp.how, value: `${tpValue}${accText}` });
  if (acc === null || acc <= 0)
    return fail("The basis does not state how many accelerators it ran on, so nothing can be sized per accelerator.");
  const perNode = basis.acceleratorsPerNode;
  if (perNode === null || perNode <= 0) return fail("The basis has no accelerators-per-node count.");

  const tps = basis.tokensPerSample;
  if (tp.outTokPerS !== null && tps !== null && tps > 0) {
    steps.push({
      key: "bench-rps",
      label: "Requests/s at the benchmark's own length",
      formula: `${fmt(tp.outTokPerS)} tokens/s ÷ ${fmt(tps)} tokens per request (${basis.tokensPerSampleSource})`,
      value: `${fmt(tp.outTokPerS / tps)} req/s`,
    });
    const diff = Math.abs(w.outTok - tps) / tps;
    const way = w.outTok < tps ? "shorter" : "longer";
    const msg = `Your outputs (${fmt(w.outTok)} tokens) are ${pct(diff)} ${way} than the basis's ${fmt(tps)} tokens per request.`;
    if (diff > LENGTH_WARN_SHARE)
      notes.push({
        code: "length-mismatch",
        severity: "warn",
        message: `${msg} Tokens/s shifts with length (prefill share, KV cache, batch shape), so requests/s at your length is less certain.`,
      });
    else if (diff > 0.005)
      notes.push({
        code: "length-differs",
        severity: "info",
        message: `${msg} Capacity is taken as tokens/s ÷ your output length, not the benchmark's requests/s.`,
      });
  } else if (tp.outTokPerS !== null) {
    notes.push({
      code: "length-unknown",
      severity: "warn",
      message: `The basis's own output length is ${basis.tokensPerSampleSource}, so whether your ${fmt(w.outTok)}-token outputs match it cannot be checked.`,
    });
  }

  const fit = scenarioFit(basis, slo, inputs.derate);
  notes.push(...fit.notes);
  let tokPerS = tp.outTokPerS;
  let reqPerS = tp.reqPerS;
  if (fit.derate?.applied) {
    const r = fit.derate.ratio;
    steps.push({
      key: "derate",
      label: `Scenario derate (${fit.derate.from} → ${fit.derate.to})`,
      formula: `× ${fit.derate.formula}`,
      value: tokPerS !== null ? `${fmt(tokPerS * r)} tokens/s` : `${fmt((reqPerS ?? 0) * r)} req/s`,
    });
    tokPerS = tokPerS === null ? null : tokPerS * r;
    reqPerS = reqPerS === null ? null : reqPerS * r;
  }
  if (basis.goodput) {
    const g = basis.goodput.fraction;
    steps.push({
      key: "goodput",
      label: "Goodput: requests within your SLO",
      formula: `× ${fmt(g, 3)} (${basis.goodput.how})`,
      value: tokPerS !== null ? `${fmt(tokPerS * g)} tokens/s` : `${fmt((reqPerS ?? 0) * g)} req/s`,
    });
    tokPerS = tokPerS === null ? null : tokPerS * g;
    reqPerS = reqPerS === null ? null : reqPerS * g;
  }

  let perSystem: number;
  if (tokPerS !== null) {
    perSystem = tokPerS / w.outTok;
    steps.push({
      key: "rps",
      label: "Requests/s per basis system at your output length",
      formula: `${fmt(tokPerS)} output tokens/s ÷ ${fmt(w.outTok)} output tokens per request`,
      value: `${fmt(perSystem)} req/s`,
    });
  } else if (reqPerS !== null) {
    perSystem = reqPerS;
    steps.push({
      key: "rps",
      label: "Requests/s per basis system",
      formula: "taken as published: no token count to rescale it to your output length",
      value: `${fmt(perSystem)} req/s`,
    });
    notes.push({
      code: "no-rescale",
      severity: "warn",
      message:
        "The basis gives requests/s without a tokens-per-request figure, so it cannot be rescaled to your output length.",
    });
  } else return fail("The basis has no throughput to plan from.", fit);
  if (!(perSystem > 0))
    return fail("The basis throughput is zero after the derate, so no fleet size serves the load.", fit);

  const perAcc = perGivenAccelerators(perSystem, acc) ?? 0;
  steps.push({
    key: "per-acc",
    label: "Per accelerator",
    formula: `${fmt(perSystem)} req/s ÷ ${divisorText(acc)}`,
    value: `${fmt(perAcc)} req/s`,
  });
  const usable = fleet.usablePct / 100;
  const util = fleet.utilPct / 100;
  const afterUsable = perAcc * usable;
  steps.push({
    key: "usable",
    label: "Usable capacity (fleet health, maintenance)",
    formula: `${fmt(perAcc)} × ${fmt(fleet.usablePct)}%`,
    value: `${fmt(afterUsable)} req/s`,
  });
  const planned = afterUsable * util;
  steps.push({
    key: "util",
    label: "Target utilization",
    formula: `${fmt(afterUsable)} × ${fmt(fleet.utilPct)}%`,
    value: `${fmt(planned)} req/s planned per accelerator`,
  });
  const exact = w.rps / planned;
  const needed = Math.max(1, Math.ceil(exact - 1e-9));
  steps.push({
    key: "accelerators",
    label: "Accelerators for the peak",
    formula: `${fmt(w.rps)} req/s ÷ ${fmt(planned)} req/s = ${fmt(exact)}, rounded up`,
    value: plural(needed, "accelerator"),
  });
  const nodesNeeded = Math.ceil(needed / perNode);
  steps.push({
    key: "nodes",
    label: "Whole nodes",
    formula: `⌈${fmt(needed, 0)} ÷ ${fmt(perNode, 0)} accelerators per node⌉ (${basis.acceleratorsPerNodeSource})`,
    value: `${plural(nodesNeeded, "node")} (${fmt(nodesNeeded * perNode, 0)} accelerators)`,
  });
  const nodes = nodesNeeded + fleet.k;
  const accelerators = nodes * perNode;
  steps.push({
    key: "headroom",
    label: `Node-loss headroom (N+${fmt(fleet.k, 0)})`,
    formula: `${fmt(nodesNeeded, 0)} + ${fmt(fleet.k, 0)} spare`,
    value: `${plural(nodes, "node")} = ${plural(accelerators, "accelerator")}`,
  });
  const peakLoad = w.rps / (accelerators * afterUsable);
  steps.push({
    key: "peak-load",
    label: "Peak load on the whole fleet (check)",
    formula: `${fmt(w.rps)} ÷ (${fmt(accelerators, 0)} × ${fmt(afterUsable)} req/s usable)`,
    value: `${pct(peakLoad)} of usable capacity with all nodes up`,
  });
  let cost: PlanCost | null = null;
  const price = fleet.pricePerAccHour;
  if (price !== null) {
    const perHour = accelerators * price;
    const perMonth = perHour * HOURS_PER_MONTH;
    const mTokPerHour = (w.rps * w.outTok * 3600) / 1e6;
    const perMillion = perHour / mTokPerHour;
    steps.push({
      key: "cost-month",
      label: "Cost per month",
      formula: `${fmt(accelerators, 0)} accelerators × ${usd(price)}/h × ${HOURS_PER_MONTH} h`,
      value: usd(perMonth),
    });
    steps.push({
      key: "cost-mtok",
      label: "Cost per million output tokens (at peak)",
      formula: `${usd(perHour)}/h ÷ (${fmt(w.rps)} req/s × ${fmt(w.outTok)} tokens × 3,600 s ÷ 1,000,000 = ${fmt(mTokPerHour)} M tokens/h)`,
      value: usd(perMillion),
    });
    const own = basisCost(basis, price, fleet.inputWeight ?? DEFAULT_INPUT_WEIGHT, w);
    if (own) steps.push(...own.steps);
    if (finite(perHour, perMonth, perMillion))
      cost = { perHour, perMonth, perMillionOutputTokens: perMillion, basis: own?.cost ?? null };
  }
  let power: PowerPlan | null = null;
  if (inputs.power) {
    power = planPower(nodes, basis.measuredPower, inputs.power, (w.rps * w.outTok * 3600) / 1e6);
    if (power) {
      steps.push(...power.steps);
      notes.push(...power.notes);
      if (cost && power.energyPerMillionTokens !== null) {
        const total = cost.perMillionOutputTokens + power.energyPerMillionTokens;
        steps.push({
          key: "cost-mtok-total",
          label: "Cost per million output tokens, accelerators and electricity",
          formula: `${usd(cost.perMillionOutputTokens)} + ${usd(power.energyPerMillionTokens)}`,
          value: usd(total),
        });
      }
    }
  }
  const numbers: PlanNumbers = {
    reqPerSPerSystem: perSystem,
    reqPerSPerAccelerator: perAcc,
    plannedPerAccelerator: planned,
    acceleratorsExact: exact,
    acceleratorsNeeded: needed,
    acceleratorsPerNode: perNode,
    nodesNeeded,
    spareNodes: fleet.k,
    nodes,
    accelerators,
    peakLoad,
  };
  if (!finite(...Object.values(numbers)))
    return fail("These inputs give no finite answer; check for zero or extreme values.", fit);
  if (accelerators > 1_000_000)
    notes.push({
      code: "absurd-size",
      severity: "warn",
      message: `The plan needs ${fmt(accelerators, 0)} accelerators, beyond any deployment; check the peak rate and lengths.`,
    });
  if (basis.nodes !== null && basis.nodes > 1)
    assumptions.push(
      `The basis ran on ${plural(basis.nodes, "node")}; its per-accelerator rate includes multi-node interconnect and scheduling effects that a fleet of ${plural(nodesNeeded, "node")} may not reproduce.`,
    );
  if (basis.run && basis.run.of > 1)
    assumptions.push(`Load point ${basis.run.index + 1} of ${basis.run.of}: ${basis.run.reason}.`);
  if (basis.kind === "bakeoff" && hasSlo(slo))
    assumptions.push(`SLO rule, the same as the bake-off overlay's capacity within the SLO: ${P99_RULE}`);
  if (fit.derate?.applied)
    assumptions.push(
      `The ${fit.derate.from}→${fit.derate.to} ratio of this system (${fmt(fit.derate.ratio, 3)}) is taken to hold at your lengths.`,
    );
  assumptions.push(`Accelerators per node: ${fmt(perNode, 0)} (${basis.acceleratorsPerNodeSource}).`);
  return { basis, fit, numbers, cost, power, steps, notes, assumptions, error: null };
}
