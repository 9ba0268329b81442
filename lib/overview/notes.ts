// The sentences beside the overview's table: what each figure is and what it is not. Pure.
import { MIXED_VERIFICATION, tokenMixOf } from "@/lib/judge";
import { fmt, usd } from "@/lib/plan/fmt";
import { DEFAULT_INPUT_WEIGHT, INPUT_WEIGHT_REASON } from "@/lib/plan/split";
import { levelText } from "./evaluate";
import type { OverviewPricing, ServiceLevel } from "./params";

/** How input and output are priced apart, and for this benchmark whether they are and why not. */
export function splitNotes(benchmark: string, pricing: OverviewPricing): string[] {
  const w = pricing.inputWeight;
  const mix = tokenMixOf(benchmark);
  const s = pricing.shape;
  return [
    `Input and output priced apart: the accelerator-hours a result measured were spent on its benchmark's requests, I input and O output tokens each on average (the benchmark's dataset mix cited from MLCommons' files; for a bake-off run, the means its own file measured). With one input token costing w = ${fmt(w, 2)} output tokens: $ per million output tokens = the cost with everything on output ÷ (1 + w × I ÷ O), $ per million input tokens = w × that, and blended = the ${s.name} shape's ${fmt(s.inTok, 0)} input and ${fmt(s.outTok, 0)} output tokens per request at those prices ÷ its ${fmt(s.inTok + s.outTok, 0)} tokens. Energy per million tokens splits by the same rule. ${w === DEFAULT_INPUT_WEIGHT ? INPUT_WEIGHT_REASON : "0 puts all cost on output tokens."}`,
    mix.split
      ? `${benchmark}'s mix: ${fmt(mix.inTok, 2)} input and ${fmt(mix.outTok, 2)} output tokens per sample (${mix.source}).`
      : `${benchmark} is not priced apart: ${mix.why}${mix.outTok !== null ? ` (its mean output is ${fmt(mix.outTok, 2)} tokens per sample)` : ""}; without the input mean the ratio the hours were spent on is unknown, so its cost stays all on output tokens, input not separated.`,
  ];
}

export function overviewNotes(
  benchmark: string,
  level: ServiceLevel,
  pricing: OverviewPricing,
  hasUnverified: boolean,
): string[] {
  const notes = [
    `Service level: ${levelText(level)}. A published Server or Interactive result meets it when its scenario's p99 limits (MLPerf's one limits table) are at least as strict; an Endpoints curve at its highest-throughput measured step meeting both at P90, never between steps (nothing is interpolated); Offline has no latency limit, so its figure is only a ceiling.`,
    "Tokens per accelerator-hour: the published output tokens/s divided by the system's accelerators (the per-accelerator rule), × 3,600. INVALID, withdrawn, invalidated and no-longer-published results are never a basis.",
    pricing.pricePerAccHour === null
      ? "Cost per million output tokens needs a price per accelerator-hour: enter one."
      : `Cost per million output tokens: ${usd(pricing.pricePerAccHour)} per accelerator-hour ÷ tokens per accelerator-hour × 1,000,000${pricing.pricePerKwh !== null ? `, plus electricity where power exists: kWh per million × PUE ${fmt(pricing.pue, 2)} × ${usd(pricing.pricePerKwh)}/kWh` : ""}. One price applies to every accelerator type: enter the price of the type you are costing.`,
    ...splitNotes(benchmark, pricing),
    "Energy per million output tokens only where power exists: MLPerf Power measured the whole system's average wall power (before PUE), or an Endpoints curve's provisioned power, labelled provisioned and never shown as measured.",
  ];
  if (hasUnverified) notes.push(MIXED_VERIFICATION);
  return notes;
}
