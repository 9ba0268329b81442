// Scenario fit: does the basis's throughput hold under the user's SLO? An Offline basis under a latency SLO is
// flagged, and where the same system has the latency-bound result the SLO needs, their ratio is the derate. Pure.
import { scenarioInfo } from "@/lib/judge";
import { type Basis, type PlanScenario, SCENARIO_LEVEL, type Slo } from "./basis";
import { curveFit } from "./curve-basis";
import { fmt } from "./fmt";

export type Severity = "block" | "warn" | "info";
export interface PlanNote {
  code: string;
  severity: Severity;
  message: string;
}

export type FitStatus = "fits" | "conservative" | "derated" | "overstated" | "unknown";

interface Limits {
  ttftMs: number;
  tpotMs: number;
}

/** 0 = no SLO (any throughput), 1 = Server limits meet it, 2 = only Interactive limits do, 3 = tighter than both. */
export interface Required {
  level: 0 | 1 | 2 | 3 | null;
  server: Limits | null;
  interactive: Limits | null;
  text: string;
}

export interface Derate {
  ratio: number;
  from: PlanScenario;
  to: PlanScenario;
  toId: string;
  applied: boolean;
  formula: string;
}

export interface Fit {
  status: FitStatus;
  required: Required;
  derate: Derate | null;
  notes: PlanNote[];
}

export const hasSlo = (slo: Slo): boolean => slo.ttftMs !== null || slo.tpotMs !== null;

export function sloText(slo: Slo): string {
  if (!hasSlo(slo)) return "no latency SLO";
  const parts: string[] = [];
  if (slo.ttftMs !== null) parts.push(`p99 TTFT ≤ ${fmt(slo.ttftMs)} ms`);
  if (slo.tpotMs !== null) parts.push(`p99 TPOT ≤ ${fmt(slo.tpotMs)} ms`);
  return parts.join(", ");
}

const limText = (l: Limits) => `${fmt(l.ttftMs)} ms TTFT / ${fmt(l.tpotMs)} ms TPOT`;

function limitsFor(family: string | null, scenario: "Server" | "Interactive"): Limits | null {
  if (!family) return null;
  const i = scenarioInfo(family, scenario);
  return i.known && i.ttftMs !== null && i.tpotMs !== null ? { ttftMs: i.ttftMs, tpotMs: i.tpotMs } : null;
}

/** Which MLPerf scenario's p99 bounds satisfy the SLO for this benchmark family. */
export function requiredLevel(family: string | null, slo: Slo): Required {
  const server = limitsFor(family, "Server");
  const interactive = limitsFor(family, "Interactive");
  if (!hasSlo(slo))
    return { level: 0, server, interactive, text: "No latency SLO: any scenario's throughput applies." };
  if (!server && !interactive)
    return {
      level: null,
      server,
      interactive,
      text: `MLPerf sets no p99 TTFT/TPOT limits for ${family ?? "this benchmark"}, so your SLO cannot be matched to a scenario.`,
    };
  const meets = (l: Limits) =>
    (slo.ttftMs === null || l.ttftMs <= slo.ttftMs) && (slo.tpotMs === null || l.tpotMs <= slo.tpotMs);
  if (server && meets(server))
    return { level: 1, server, interactive, text: `${family} Server limits (${limText(server)}) are within your SLO.` };
  if (interactive && meets(interactive))
    return {
      level: 2,
      server,
      interactive,
      text: `Only ${family} Interactive limits (${limText(interactive)}) meet your SLO${server ? `; Server's (${limText(server)}) do not` : ""}.`,
    };
  return {
    level: 3,
    server,
    interactive,
    text: `Your SLO is tighter than every MLPerf limit for ${family}${interactive ? ` (Interactive: ${limText(interactive)})` : server ? ` (Server: ${limText(server)})` : ""}.`,
  };
}

function ratioOf(basis: Basis, to: Basis["siblings"][number]): { ratio: number; formula: string } | null {
  const a = basis.throughput;
  const b = to.throughput;
  const [num, den, unit] =
    a.outTokPerS !== null && b.outTokPerS !== null
      ? [b.outTokPerS, a.outTokPerS, "tokens/s"]
      : a.reqPerS !== null && b.reqPerS !== null
        ? [b.reqPerS, a.reqPerS, "req/s"]
        : [null, null, ""];
  if (num === null || den === null || den <= 0) return null;
  const raw = num / den;
  const ratio = Math.min(1, raw);
  const capped = raw > 1 ? ` (${fmt(raw, 3)} capped at 1: a derate never adds capacity)` : "";
  return {
    ratio,
    formula: `${to.scenario} ÷ ${basis.scenario} of the same system = ${fmt(num)} ÷ ${fmt(den)} ${unit} = ${fmt(ratio, 3)}${capped}`,
  };
}

function bakeoffFit(basis: Basis, slo: Slo, required: Required): Fit {
  const notes: PlanNote[] = [];
  if (!hasSlo(slo)) return { status: "fits", required, derate: null, notes };
  if (basis.scenario === "Offline") {
    notes.push({
      code: "offline-under-slo",
      severity: "warn",
      message:
        "This run is an offline (all-at-once) load with no latency bound; its throughput overstates what the system serves within a p99 latency SLO, and a bake-off has no same-system Server result to derate it.",
    });
    return { status: "overstated", required, derate: null, notes };
  }
  const r = basis.run;
  // a line that passes is information even beside one that fails; a failed or uncheckable line is a warning
  for (const d of r?.sloDetails ?? [])
    notes.push({ code: "slo-check", severity: d.pass === true ? "info" : "warn", message: d.message });
  if (r?.sloPass === true) return { status: "fits", required, derate: null, notes };
  if (r?.sloPass === false) {
    notes.push({
      code: "slo-missed",
      severity: "warn",
      message: basis.goodput
        ? `At this load the run's p99 misses your SLO, so capacity at the SLO is unknown. Only the ${fmt(basis.goodput.fraction * 100, 1)}% of requests within it are counted (goodput); a lower load would likely keep more within it, so read this plan as a rough bound and run a lower-load point.`
        : "At this load the run's p99 misses your SLO and the share of requests within it cannot be estimated; the plan counts every request, so it overstates capacity at the SLO.",
    });
    return { status: basis.goodput ? "unknown" : "overstated", required, derate: null, notes };
  }
  notes.push({
    code: "slo-unknown",
    severity: "warn",
    message: basis.goodput
      ? `The file has no p99 TTFT/TPOT to check against your SLO, so only the ${fmt(basis.goodput.fraction * 100, 1)}% of requests estimated within it from the percentiles it has are counted (goodput); whether this capacity holds at your SLO is unknown.`
      : "The file has no p99 TTFT/TPOT to check against your SLO; whether this capacity holds at it is unknown.",
  });
  return { status: "unknown", required, derate: null, notes };
}

/** How the basis's scenario fits the SLO, and the derate offered (applied when `derateOn`). */
export function scenarioFit(basis: Basis, slo: Slo, derateOn: boolean): Fit {
  const required = requiredLevel(basis.modelFamily, slo);
  if (basis.kind === "bakeoff") return bakeoffFit(basis, slo, required);
  if (basis.kind === "curve") return curveFit(basis, slo, required);
  const notes: PlanNote[] = [];
  const scen = basis.scenario;
  if (scen === null) return { status: "unknown", required, derate: null, notes };
  const level = SCENARIO_LEVEL[scen];
  if (required.level === null) {
    notes.push({
      code: "slo-unmatched",
      severity: "warn",
      message: `${required.text} Whether this ${scen} throughput holds at ${sloText(slo)} is unknown.`,
    });
    return { status: scen === "Offline" ? "overstated" : "unknown", required, derate: null, notes };
  }
  if (level >= required.level) {
    if (level > required.level)
      notes.push({
        code: "conservative",
        severity: "info",
        message: `The basis was measured under ${scen} limits, tighter than you need (${sloText(slo)}); capacity at your SLO is likely higher, so this plan is conservative.`,
      });
    return { status: level > required.level ? "conservative" : "fits", required, derate: null, notes };
  }
  const target: PlanScenario = required.level >= 2 && required.interactive ? "Interactive" : "Server";
  if (scen === "Offline")
    notes.push({
      code: "offline-under-slo",
      severity: "warn",
      message: `Offline basis under a latency SLO: Offline issues every query at once with no latency bound, so its throughput overstates what the system serves at ${sloText(slo)}. ${required.text}`,
    });
  else
    notes.push({
      code: "slo-tighter-than-basis",
      severity: "warn",
      message: `Your SLO is tighter than the ${scen} limits this result was measured under. ${required.text}`,
    });
  if (level === SCENARIO_LEVEL[target]) {
    notes.push({
      code: "beyond-mlperf",
      severity: "warn",
      message: `No MLPerf scenario measures capacity at ${sloText(slo)} for ${basis.modelFamily}; the plan is a lower bound on nodes.`,
    });
    return { status: "overstated", required, derate: null, notes };
  }
  const sib = basis.siblings.find((s) => s.scenario === target) ?? null;
  const r = sib ? ratioOf(basis, sib) : null;
  if (!sib || !r) {
    notes.push({
      code: "no-derate",
      severity: "warn",
      message: `This system has no ${target} result for ${basis.modelFamily} in the same round, so there is no derate; the plan undercounts nodes by an unknown amount.`,
    });
    return { status: "overstated", required, derate: null, notes };
  }
  const derate: Derate = {
    ratio: r.ratio,
    from: scen,
    to: target,
    toId: sib.id,
    applied: derateOn,
    formula: r.formula,
  };
  if (!derateOn)
    notes.push({
      code: "derate-off",
      severity: "warn",
      message: `A ${scen}→${target} derate of ${fmt(r.ratio, 3)} is available from the same system but switched off; capacity is overstated.`,
    });
  if (required.level === 3)
    notes.push({
      code: "beyond-mlperf",
      severity: "warn",
      message: `Even the ${target} limits are looser than your SLO; after the derate the plan is still a lower bound on nodes.`,
    });
  const status: FitStatus = !derateOn || required.level === 3 ? "overstated" : "derated";
  return { status, required, derate, notes };
}
