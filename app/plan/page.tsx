import type { Metadata } from "next";
import Link from "next/link";
import { PlanForm } from "@/components/plan/plan-form";
import { NoteList, PlanResults } from "@/components/plan/plan-results";
import { SensitivityTable } from "@/components/plan/sensitivity-table";
import { ShareActions } from "@/components/plan/share-actions";
import { getDb } from "@/db/client";
import { fmt, NUMERIC_FIELDS, PRESETS, sloText, usd } from "@/lib/plan";
import { loadPlan, type PlanPageData } from "./load";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Capacity plan",
  description:
    "How many accelerators and whole nodes serve a workload under a latency SLO, from an MLPerf result or a bake-off, with every step shown.",
};

type Search = Record<string, string | string[] | undefined>;

const H2 = "text-lg font-semibold";
const NUMERIC = new Set<string>(NUMERIC_FIELDS);

function InputsSummary({ data }: { data: PlanPageData }) {
  const { inputs } = data.parsed;
  const w = inputs.workload;
  const f = inputs.fleet;
  const fieldIssues = data.issues.filter((i) => NUMERIC.has(i.field));
  return (
    <section
      aria-label="Inputs used"
      className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-900"
      data-testid="plan-inputs"
    >
      <p>
        <span className="font-semibold">{inputs.custom ? "Custom workload" : PRESETS[inputs.preset].name}:</span>{" "}
        {fmt(w.rps)} requests/s at peak, {fmt(w.inTok)} input / {fmt(w.outTok)} output tokens per request;{" "}
        {sloText(inputs.slo)}. Fleet: {fmt(f.usablePct)}% usable, {fmt(f.utilPct)}% target utilization, N+
        {fmt(f.k, 0)} nodes;{" "}
        {f.pricePerAccHour === null ? "no price" : `${usd(f.pricePerAccHour)} per accelerator-hour`}; derate{" "}
        {inputs.derate ? "on" : "off"}.
      </p>
      {fieldIssues.length > 0 && (
        <ul className="mt-2 hidden list-disc pl-5 text-red-800 print:block dark:text-red-300">
          {fieldIssues.map((i) => (
            <li key={i.field}>{i.message}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EmptyState({ data }: { data: PlanPageData }) {
  return (
    <section aria-labelledby="start-h" className="max-w-3xl space-y-2 text-slate-700 dark:text-slate-300">
      <h2 id="start-h" className={`${H2} text-slate-900 dark:text-slate-100`}>
        Choose a basis
      </h2>
      <p>
        A basis is the throughput the plan scales from: a published Offline, Server or Interactive result (search above,
        or “Plan with this” on any result page), or one of your bake-off uploads. Add up to three to see them side by
        side.
      </p>
      {data.suggestions.length > 0 && (
        <>
          <p>For example, a latency-bound result from the newest round:</p>
          <ul className="list-disc space-y-1 pl-5">
            {data.suggestions.map((s) => (
              <li key={s.id}>
                <Link
                  href={`/plan?basis=${s.id}`}
                  className="text-sky-700 underline dark:text-sky-400"
                  data-testid="suggested-basis"
                >
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export default async function PlanPage({ searchParams }: { searchParams: Promise<Search> }) {
  const data = loadPlan(getDb(), await searchParams);
  const { form, inputs } = data.parsed;
  const otherIssues = data.issues.filter((i) => !NUMERIC.has(i.field));
  const bases = data.plans.map((p) => ({ id: p.basis.id, kind: p.basis.kind, label: p.basis.label }));
  const perBasis = data.plans.flatMap((p) => p.assumptions.map((a) => `${p.basis.label}: ${a}`));
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-3xl space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight">Capacity plan</h1>
          <p className="text-slate-700 dark:text-slate-300">
            How many accelerators and whole nodes serve your peak under your latency SLO, scaled from a published MLPerf
            result or your own bake-off — with usable capacity, target utilization and spare nodes, and every step
            shown. Capacity figures are derived, not MLPerf metrics.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {data.plans.length > 0 && (
            <a href="#answer-h" className="no-print text-sm text-sky-700 underline dark:text-sky-400">
              Jump to the answer ↓
            </a>
          )}
          <ShareActions />
        </div>
      </header>

      {otherIssues.length > 0 && (
        <ul
          className="space-y-1 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-600 dark:bg-amber-950/50 dark:text-amber-50"
          aria-label="Parts of the address that were not used"
          data-testid="plan-issues"
        >
          {otherIssues.map((i) => (
            <li key={`${i.field}-${i.message}`}>{i.message}</li>
          ))}
        </ul>
      )}

      <PlanForm form={form} bases={bases} custom={inputs.custom} />
      <InputsSummary data={data} />

      {data.plans.length === 0 ? (
        <EmptyState data={data} />
      ) : (
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
            <SensitivityTable rows={data.rows} plans={data.plans} />
          </section>
          <section aria-labelledby="assume-h" className="space-y-2">
            <h2 id="assume-h" className={H2}>
              Assumptions
            </h2>
            <ul
              className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300"
              data-testid="assumptions"
            >
              {[...data.shared, ...perBasis].map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
            <h3 className="pt-2 text-sm font-semibold">Where the “{PRESETS[inputs.preset].name}” preset comes from</h3>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
              {PRESETS[inputs.preset].sources.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="fn-h" className="border-t border-slate-200 pt-4 dark:border-slate-800">
            <h2 id="fn-h" className="text-sm font-semibold">
              Footnotes
            </h2>
            <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-xs leading-relaxed text-slate-700 dark:text-slate-300">
              {data.footnotes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ol>
          </section>
        </>
      )}
    </div>
  );
}
