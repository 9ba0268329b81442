// The overview's answer: the level and prices in words, how many systems meet it, the rows, and the notes. /overview
// and a frozen overview (/s/<token>) render the same report from the same data. Server component.
import { levelText, type OverviewRow } from "@/lib/overview";
import { fmt, usd } from "@/lib/plan/fmt";
import { OverviewRows } from "./overview-rows";

export interface OverviewReportData {
  benchmark: string;
  presetName: string;
  level: { tpsPerUser: number | null; ttftMs: number | null };
  pricing: {
    pricePerAccHour: number | null;
    pricePerKwh: number | null;
    pue: number;
    inputWeight: number;
    shape: { name: string; inTok: number; outTok: number };
  };
  rows: OverviewRow[];
  notes: string[];
}

export function overviewSummary(d: OverviewReportData): string {
  const meets = d.rows.filter((r) => r.meets).length;
  const price =
    d.pricing.pricePerAccHour === null ? "no price entered" : `${usd(d.pricing.pricePerAccHour)} per accelerator-hour`;
  const power =
    d.pricing.pricePerKwh === null
      ? ""
      : `, electricity ${usd(d.pricing.pricePerKwh)}/kWh at PUE ${fmt(d.pricing.pue, 2)}`;
  const split = d.rows.filter((r) => r.meets && r.split.outputPerM !== null).length;
  const apart =
    d.pricing.pricePerAccHour === null
      ? ""
      : ` Input and output priced apart with one input token at ${fmt(d.pricing.inputWeight, 2)} output tokens, blended for ${d.pricing.shape.name} (${fmt(d.pricing.shape.inTok, 0)} in / ${fmt(d.pricing.shape.outTok, 0)} out), where a row's mix is cited: ${split} of ${meets} meeting rows; the others stay all on output (see the notes).`;
  return `${d.benchmark} at ${levelText(d.level)}: ${meets} of ${d.rows.length} systems meet it (${price}${power}).${apart}`;
}

export function OverviewReport({ data }: { data: OverviewReportData }) {
  return (
    <>
      <section aria-labelledby="ov-answer-h" className="space-y-3">
        <h2 id="ov-answer-h" className="text-lg font-semibold">
          {data.benchmark}: output tokens per accelerator-hour and cost at this level
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="overview-summary">
          {overviewSummary(data)}
        </p>
        <OverviewRows
          rows={data.rows}
          pricePerAccHour={data.pricing.pricePerAccHour}
          pricePerKwh={data.pricing.pricePerKwh}
        />
      </section>
      <section aria-labelledby="ov-notes-h" className="space-y-2 break-inside-avoid">
        <h2 id="ov-notes-h" className="text-base font-semibold">
          What these figures are
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          {data.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
