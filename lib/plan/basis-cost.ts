// The basis's own cost per million tokens, one judgment with /overview (issue 30): the price of an accelerator-hour
// over the output tokens one accelerator produced in that hour at the basis's measured rate (no headroom, no
// utilization target: what the measured point costs), then split into input and output by lib/plan/split.ts on the
// mix the hours were spent on (lib/plan/basis-mix.ts, the verdicts /overview reads). A basis without a mix keeps the
// figure all on output, with the same reason /overview gives. Accelerator-hours only (no electricity). Pure.

import type { Basis } from "./basis";
import { fmt, usd } from "./fmt";
import { accCostPerMillion, blendedPerMillion, splitPerMillion, tokensPerAccHour } from "./split";

export interface BasisCost {
  /** $ per million output tokens with all cost on output (H ÷ T × 1e6): /overview's costPerMTokens without energy. */
  allOnOutput: number;
  /** The mix split on, and where it is stated; null when not split. */
  mix: { inTok: number; outTok: number; source: string } | null;
  inputPerM: number | null;
  outputPerM: number | null;
  /** Over the workload's own input and output tokens per request. */
  blendedPerM: number | null;
  weight: number;
  /** Why it is all on output; null when split. */
  why: string | null;
}

interface Step {
  key: string;
  label: string;
  formula: string;
  value: string;
}

const usd4 = (n: number) => (n >= 0.1 ? usd(n) : `$${Number(n.toPrecision(3))}`);

export function basisCost(
  basis: Basis,
  price: number,
  weight: number,
  workload: { inTok: number; outTok: number },
): { cost: BasisCost; steps: Step[] } | null {
  const acc = basis.accelerators;
  const perS = basis.throughput.outTokPerS;
  if (acc === null || !(acc > 0) || perS === null || !(perS > 0)) return null;
  const perAccHour = tokensPerAccHour(perS / acc);
  const allOnOutput = accCostPerMillion(price, perS / acc);
  if (allOnOutput === null) return null;
  const steps: Step[] = [
    {
      key: "cost-mtok-basis",
      label: "Basis cost per million output tokens (all on output, accelerator-hours only)",
      formula: `${usd(price)}/h × 1,000,000 ÷ (${fmt(perS)} tokens/s ÷ ${fmt(acc, 0)} accelerators × 3,600 s = ${fmt(perAccHour, 0)} tokens per accelerator-hour)`,
      value: usd4(allOnOutput),
    },
  ];
  const v = basis.mix;
  if (!v?.split) {
    const why = `Not priced apart: ${v?.why ?? "the basis states no mix of input and output tokens"}.`;
    return {
      cost: { allOnOutput, mix: null, inputPerM: null, outputPerM: null, blendedPerM: null, weight, why },
      steps,
    };
  }
  const mix = { inTok: v.inTok, outTok: v.outTok, source: v.source };
  const split = splitPerMillion(allOnOutput, mix, weight);
  if (!split) return null;
  const blended = blendedPerMillion(split, workload);
  const d = 1 + (weight * mix.inTok) / mix.outTok;
  steps.push(
    {
      key: "cost-mtok-split",
      label: "Basis cost per million output and input tokens (priced apart)",
      formula: `output = ${usd4(allOnOutput)} ÷ (1 + ${fmt(weight)} × ${fmt(mix.inTok)} ÷ ${fmt(mix.outTok)} = ${fmt(d, 4)}); input = ${fmt(weight)} × output; mix ${mix.source}`,
      value: `output ${usd4(split.output)} · input ${usd4(split.input)} per million`,
    },
    {
      key: "cost-mtok-blended",
      label: "Basis cost per million tokens, blended over your workload",
      formula: `(${fmt(workload.inTok)} × input + ${fmt(workload.outTok)} × output) ÷ ${fmt(workload.inTok + workload.outTok)} tokens`,
      value: blended === null ? "—" : usd4(blended),
    },
  );
  return {
    cost: {
      allOnOutput,
      mix,
      inputPerM: split.input,
      outputPerM: split.output,
      blendedPerM: blended,
      weight,
      why: null,
    },
    steps,
  };
}
