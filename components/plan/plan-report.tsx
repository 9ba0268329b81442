// A plan's answer and everything behind it: the flags between bases, one card per basis, the sensitivity table,
// the assumptions in words, where the preset comes from, and the footnotes. The live /plan page and a frozen
// /s/<token> plan render the same report from the same data. Server component.
import { withoutLegend } from "@/lib/context/citations";
import type { PlanNote, SensitivityRow } from "@/lib/plan";
import { NoteList, type PlanCardData, PlanResults } from "./plan-results";
import { SensitivityTable } from "./sensitivity-table";

const H2 = "text-lg font-semibold";

export interface PlanReportData {
  flags: PlanNote[];
  plans: PlanCardData[];
  sensitivity: SensitivityRow[];
  /** The assumptions every basis shares; each plan adds its own. */
  assumptions: string[];
  preset: { name: string; sources: readonly string[] };
  footnotes: string[];
}

export function PlanReport({ data }: { data: PlanReportData }) {
  const perBasis = data.plans.flatMap((p) => p.assumptions.map((a) => `${p.basis.label}: ${a}`));
  return (
    <>
      {data.flags.length > 0 && (
        <section aria-labelledby="flags-h" className="space-y-2">
          <h2 id="flags-h" className={H2}>
            Between these bases
          </h2>
          <NoteList notes={data.flags} label="Flags between the bases, most severe first" />
        </section>
      )}
      <section aria-labelledby="answer-h" className="space-y-2">
        <h2 id="answer-h" className={H2}>
          Accelerators and nodes
        </h2>
        <PlanResults plans={data.plans} />
      </section>
      <section aria-labelledby="sens-h" className="space-y-2 break-inside-avoid">
        <h2 id="sens-h" className={H2}>
          What moves the answer
        </h2>
        <SensitivityTable rows={data.sensitivity} plans={data.plans} />
      </section>
      <section aria-labelledby="assume-h" className="space-y-2">
        <h2 id="assume-h" className={H2}>
          Assumptions
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300" data-testid="assumptions">
          {[...data.assumptions, ...perBasis].map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
        <h3 className="pt-2 text-sm font-semibold">Where the “{data.preset.name}” preset comes from</h3>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          {data.preset.sources.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="fn-h" className="border-t border-slate-200 pt-4 dark:border-slate-800">
        <h2 id="fn-h" className="text-sm font-semibold">
          Footnotes
        </h2>
        <ol
          className="mt-2 list-decimal space-y-1.5 pl-5 text-xs leading-relaxed [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300"
          data-testid="plan-footnotes"
        >
          {[...new Set(data.footnotes.map(withoutLegend))].map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ol>
      </section>
    </>
  );
}
