// The sentences beside the overview's table: what each figure is and what it is not. Pure.
import { MIXED_VERIFICATION } from "@/lib/judge";
import { fmt, usd } from "@/lib/plan/fmt";
import { levelText } from "./evaluate";
import type { OverviewPricing, ServiceLevel } from "./params";

export function overviewNotes(level: ServiceLevel, pricing: OverviewPricing, hasUnverified: boolean): string[] {
  const notes = [
    `Service level: ${levelText(level)}. A published Server or Interactive result meets it when its scenario's p99 limits (MLPerf's one limits table) are at least as strict; an Endpoints curve at its highest-throughput measured step meeting both at P90, never between steps (nothing is interpolated); Offline has no latency limit, so its figure is only a ceiling.`,
    "Tokens per accelerator-hour: the published output tokens/s divided by the system's accelerators (the per-accelerator rule), × 3,600. INVALID, withdrawn, invalidated and no-longer-published results are never a basis.",
    pricing.pricePerAccHour === null
      ? "Cost per million output tokens needs a price per accelerator-hour: enter one."
      : `Cost per million output tokens: ${usd(pricing.pricePerAccHour)} per accelerator-hour ÷ tokens per accelerator-hour × 1,000,000${pricing.pricePerKwh !== null ? `, plus electricity where power exists: kWh per million × PUE ${fmt(pricing.pue, 2)} × ${usd(pricing.pricePerKwh)}/kWh` : ""}. One price applies to every accelerator type: enter the price of the type you are costing.`,
    "Input and output are not priced apart: MLPerf counts output tokens per second, and the prompts were processed in the same accelerator-hours, so the cost of input is inside the cost per million output tokens. No published measurement separates prefill from decode.",
    "Energy per million output tokens only where power exists: MLPerf Power measured the whole system's average wall power (before PUE), or an Endpoints curve's provisioned power, labelled provisioned and never shown as measured.",
  ];
  if (hasUnverified) notes.push(MIXED_VERIFICATION);
  return notes;
}
