// What moves the answer: the plan re-run with output length +50%, the next tighter MLPerf SLO (Interactive limits
// where they exist), and one more node lost. A case the data cannot answer says "unknown" and why. Pure.
import type { BasisSource, Slo } from "./basis";
import { type PlanCalcInputs, type PlanOutcome, planCapacity } from "./compute";
import { requiredLevel, sloText } from "./fit";
import { fmt } from "./fmt";

export interface SensitivityCell {
  nodes: number | null;
  accelerators: number | null;
  perMonth: number | null;
  deltaNodes: number | null;
  /** Why the cell is unknown, or what it assumed. */
  note: string | null;
}

export interface SensitivityRow {
  key: "base" | "output-plus-50" | "slo-tighter" | "node-lost";
  label: string;
  cells: SensitivityCell[];
}

type Tighter = { ok: true; slo: Slo; text: string } | { ok: false; why: string };

/** The next tighter MLPerf bound for this family: none → Server limits → Interactive limits → unknown. */
export function tighterSlo(family: string | null, slo: Slo): Tighter {
  if (!family) return { ok: false, why: "The basis names no MLPerf benchmark, so there are no limits to tighten to." };
  const req = requiredLevel(family, slo);
  if (req.level === null) return { ok: false, why: `MLPerf sets no p99 TTFT/TPOT limits for ${family}.` };
  const lim = (l: { ttftMs: number; tpotMs: number }, name: string): Tighter => ({
    ok: true,
    slo: { ttftMs: l.ttftMs, tpotMs: l.tpotMs },
    text: `${sloText({ ttftMs: l.ttftMs, tpotMs: l.tpotMs })} (${family} ${name} limits)`,
  });
  if (req.level === 0 && req.server) return lim(req.server, "Server");
  if (req.level <= 1 && req.interactive) return lim(req.interactive, "Interactive");
  if (req.level <= 1)
    return { ok: false, why: `${family} has no Interactive scenario, so no tighter MLPerf limit exists.` };
  return {
    ok: false,
    why: "Your SLO is already at or past the Interactive limits; MLPerf measures nothing tighter, so capacity there is unknown.",
  };
}

function cell(o: PlanOutcome, base: PlanOutcome, note: string | null = null): SensitivityCell {
  if (!o.numbers) return { nodes: null, accelerators: null, perMonth: null, deltaNodes: null, note: o.error ?? note };
  return {
    nodes: o.numbers.nodes,
    accelerators: o.numbers.accelerators,
    perMonth: o.cost?.perMonth ?? null,
    deltaNodes: base.numbers ? o.numbers.nodes - base.numbers.nodes : null,
    note,
  };
}

const unknown = (why: string): SensitivityCell => ({
  nodes: null,
  accelerators: null,
  perMonth: null,
  deltaNodes: null,
  note: why,
});

function tighterCell(src: BasisSource, inputs: PlanCalcInputs, base: PlanOutcome): SensitivityCell {
  if (!base.numbers) return unknown(base.error ?? "No base plan.");
  const t = tighterSlo(base.basis.modelFamily, inputs.slo);
  if (!t.ok) return unknown(t.why);
  const o = planCapacity(src, { ...inputs, slo: t.slo, derate: true });
  const status = o.fit?.status;
  if (status === "overstated" || status === "unknown") {
    const why =
      o.fit?.notes.find((n) => n.code === "no-derate" || n.code === "slo-missed" || n.code === "beyond-mlperf")
        ?.message ?? `Capacity at ${t.text} is not measured for this basis.`;
    return unknown(`At ${t.text}: unknown. ${why}`);
  }
  const how = o.fit?.derate?.applied
    ? `${o.fit.derate.to} result of the same system (× ${fmt(o.fit.derate.ratio, 3)})`
    : o.basis.run && o.basis.run.of > 1
      ? `load point ${o.basis.run.index + 1} of ${o.basis.run.of}`
      : "the basis already meets it";
  return cell(o, base, `At ${t.text}: ${how}.`);
}

/** Rows × bases. `bases[i]` is the plan of `sources[i]` under `inputs`. */
export function sensitivity(sources: BasisSource[], inputs: PlanCalcInputs, bases: PlanOutcome[]): SensitivityRow[] {
  const out = inputs.workload.outTok * 1.5;
  const rows: SensitivityRow[] = [
    { key: "base", label: "As planned", cells: bases.map((b) => cell(b, b)) },
    {
      key: "output-plus-50",
      label: `Output length +50% (${fmt(inputs.workload.outTok)} → ${fmt(out)} tokens)`,
      cells: sources.map((s, i) => {
        const b = bases[i];
        if (!b?.numbers) return unknown(b?.error ?? "No base plan.");
        return cell(planCapacity(s, { ...inputs, workload: { ...inputs.workload, outTok: out } }), b);
      }),
    },
    {
      key: "slo-tighter",
      label: "SLO tighter (next MLPerf limits: Interactive where it exists)",
      cells: sources.map((s, i) => {
        const b = bases[i];
        return b ? tighterCell(s, inputs, b) : unknown("No base plan.");
      }),
    },
    {
      key: "node-lost",
      label: `One more node lost (N+${fmt(inputs.fleet.k, 0)} → N+${fmt(inputs.fleet.k + 1, 0)})`,
      cells: sources.map((s, i) => {
        const b = bases[i];
        if (!b?.numbers) return unknown(b?.error ?? "No base plan.");
        return cell(planCapacity(s, { ...inputs, fleet: { ...inputs.fleet, k: inputs.fleet.k + 1 } }), b);
      }),
    },
  ];
  return rows;
}
