// Power in the plan: kW per node (measured by MLPerf Power for the basis system when a power result exists, else as
// entered and labelled an estimate), a rack or site power budget → nodes per rack and racks, and electricity (price
// per kWh × PUE) in the cost per million output tokens. Pure. No TDP or rated power is ever used as a measurement.
import { perWattValue } from "@/lib/context/power";
import type { PublishedResult } from "@/lib/types";
import type { PlanNote } from "./fit";
import { fmt, plural, usd } from "./fmt";

export interface PowerInputs {
  /** kW per node as entered (an estimate); null when not entered. */
  kwPerNode: number | null;
  /** Power budget per rack (or for the site), kW; null: no rack count. */
  rackKw: number | null;
  /** Electricity price, $ per kWh; null: no electricity cost. */
  pricePerKwh: number | null;
  /** Power usage effectiveness of the facility (≥ 1). */
  pue: number;
}

export const NO_POWER: PowerInputs = { kwPerNode: null, rackKw: null, pricePerKwh: null, pue: 1.3 };

export interface MeasuredPower {
  kwPerNode: number;
  /** "MLPerf Power: 10,401 W average for the whole 1-node system (result 5.1-0061, Offline)". */
  how: string;
}

/**
 * The basis system's measured power per node: the result itself when it is a power run measured in watts, else a
 * power run of the same system (same submitter, platform and round: its siblings) for the same benchmark and
 * scenario, else for the same benchmark in any throughput scenario. The MLPerf Power figure is the average wall
 * power of the whole system under test, so per node it is divided by the node count.
 */
export function measuredNodePower(r: PublishedResult, siblings: readonly PublishedResult[]): MeasuredPower | null {
  const measured = (x: PublishedResult) => perWattValue(x) !== null && x.power !== null && (x.nodes ?? 0) > 0;
  const same = (x: PublishedResult) =>
    x.submitter === r.submitter && x.platform === r.platform && x.round === r.round && x.model === r.model;
  const pick =
    [r, ...siblings].find((x) => measured(x) && same(x) && x.scenario === r.scenario) ??
    [r, ...siblings].find((x) => measured(x) && same(x));
  if (!pick || pick.power === null || pick.nodes === null) return null;
  const kw = pick.power / 1000 / pick.nodes;
  const id = pick.resultId ? `result ${pick.resultId}, ` : "";
  return {
    kwPerNode: kw,
    how: `MLPerf Power measurement: ${fmt(pick.power, 0)} W average for the whole ${plural(pick.nodes, "node")} system (${id}${pick.model} ${pick.scenario}) ÷ ${plural(pick.nodes, "node")}`,
  };
}

export interface PowerStep {
  key: string;
  label: string;
  formula: string;
  value: string;
}

export interface PlanPower {
  kwPerNode: number;
  measured: boolean;
  fleetKw: number;
  facilityKw: number;
  nodesPerRack: number | null;
  racks: number | null;
  energyPerHour: number | null;
  energyPerMillionTokens: number | null;
  steps: PowerStep[];
  notes: PlanNote[];
}

/**
 * The power steps for a fleet of `nodes`. `mTokPerHour`: millions of output tokens an hour at peak. Measured power
 * wins over an entered figure (the entered one is then reported as not used); with neither, null.
 * 10.401 kW per node × 3 nodes = 31.2 kW IT; budget 40 kW per rack → 3 nodes per rack → 1 rack; 0.12 $/kWh × PUE 1.3.
 */
export function planPower(
  nodes: number,
  measured: MeasuredPower | null,
  p: PowerInputs,
  mTokPerHour: number,
): PlanPower | null {
  const kw = measured?.kwPerNode ?? p.kwPerNode;
  if (kw === null || !(kw > 0)) return null;
  const steps: PowerStep[] = [];
  const notes: PlanNote[] = [];
  steps.push({
    key: "power-node",
    label: measured ? "Power per node (measured)" : "Power per node (estimate, as entered)",
    formula: measured ? measured.how : "entered on this form; not an MLPerf Power measurement",
    value: `${fmt(kw, 2)} kW`,
  });
  if (measured && p.kwPerNode !== null && Math.abs(p.kwPerNode - measured.kwPerNode) > 1e-9)
    notes.push({
      code: "power-measured",
      severity: "info",
      message: `The basis system has an MLPerf Power measurement (${fmt(measured.kwPerNode, 2)} kW per node), used instead of the ${fmt(p.kwPerNode, 2)} kW entered.`,
    });
  if (!measured)
    notes.push({
      code: "power-estimate",
      severity: "info",
      message:
        "Power per node is an estimate entered on this form, not a measurement: MLPerf Power measured no result of the basis system.",
    });
  const fleetKw = nodes * kw;
  const facilityKw = fleetKw * p.pue;
  steps.push({
    key: "power-fleet",
    label: "Fleet power (IT, then facility)",
    formula: `${plural(nodes, "node")} × ${fmt(kw, 2)} kW = ${fmt(fleetKw, 1)} kW; × PUE ${fmt(p.pue, 2)}`,
    value: `${fmt(facilityKw, 1)} kW at the facility`,
  });
  let nodesPerRack: number | null = null;
  let racks: number | null = null;
  if (p.rackKw !== null) {
    nodesPerRack = Math.floor(p.rackKw / kw + 1e-9);
    if (nodesPerRack < 1) {
      notes.push({
        code: "power-rack",
        severity: "warn",
        message: `One node (${fmt(kw, 2)} kW) needs more than the ${fmt(p.rackKw, 1)} kW power budget: no rack holds it.`,
      });
    } else {
      racks = Math.ceil(nodes / nodesPerRack);
      steps.push({
        key: "power-racks",
        label: "Racks within the power budget",
        formula: `⌊${fmt(p.rackKw, 1)} kW ÷ ${fmt(kw, 2)} kW⌋ = ${plural(nodesPerRack, "node")} per rack; ⌈${fmt(nodes, 0)} ÷ ${fmt(nodesPerRack, 0)}⌉`,
        value: plural(racks, "rack"),
      });
    }
  }
  let energyPerHour: number | null = null;
  let energyPerMillionTokens: number | null = null;
  if (p.pricePerKwh !== null) {
    energyPerHour = facilityKw * p.pricePerKwh;
    energyPerMillionTokens = mTokPerHour > 0 ? energyPerHour / mTokPerHour : null;
    steps.push({
      key: "power-cost",
      label: "Electricity per million output tokens (at peak)",
      formula: `${fmt(facilityKw, 1)} kW × ${usd(p.pricePerKwh)}/kWh = ${usd(energyPerHour)}/h ÷ ${fmt(mTokPerHour)} M tokens/h`,
      value: energyPerMillionTokens === null ? "—" : usd(energyPerMillionTokens),
    });
  }
  return {
    kwPerNode: kw,
    measured: measured !== null,
    fleetKw,
    facilityKw,
    nodesPerRack,
    racks,
    energyPerHour,
    energyPerMillionTokens,
    steps,
    notes,
  };
}
