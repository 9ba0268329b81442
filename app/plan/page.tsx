import type { Metadata } from "next";
import Link from "next/link";
import { InputsSummary } from "@/components/plan/inputs-summary";
import { PlanForm } from "@/components/plan/plan-form";
import { PlanReport } from "@/components/plan/plan-report";
import { ShareActions } from "@/components/plan/share-actions";
import { getStore } from "@/db/client";
import { NUMERIC_FIELDS, PRESETS, planQuery } from "@/lib/plan";
import { loadPlan, type PlanPageData, planSnapshotPayload } from "./load";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Capacity plan",
  description:
    "How many accelerators and whole nodes serve a workload under a latency SLO, from an MLPerf result or a bake-off, with every step shown.",
};

type Search = Record<string, string | string[] | undefined>;

const H2 = "text-lg font-semibold";
const NUMERIC = new Set<string>(NUMERIC_FIELDS);

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
  const data = await loadPlan(await getStore(), await searchParams);
  const { form, inputs } = data.parsed;
  const otherIssues = data.issues.filter((i) => !NUMERIC.has(i.field));
  const bases = data.plans.map((p) => ({ id: p.basis.id, kind: p.basis.kind, label: p.basis.label }));
  // the canonical query of what is on screen: what "Freeze & share" asks the server to recompute and store
  const query = planQuery(form);
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
        <div className="flex flex-wrap items-start gap-3">
          {data.plans.length > 0 && (
            <a href="#answer-h" className="no-print py-1.5 text-sm text-sky-700 underline dark:text-sky-400">
              Jump to the answer ↓
            </a>
          )}
          <ShareActions freezeQuery={data.plans.length > 0 ? query : null} />
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

      <PlanForm form={form} bases={bases} custom={inputs.custom} searchModel={data.searchModel} />
      <InputsSummary
        inputs={inputs}
        presetName={PRESETS[inputs.preset].name}
        issues={data.issues.filter((i) => NUMERIC.has(i.field))}
        issuesShown="print"
      />

      {data.plans.length === 0 ? <EmptyState data={data} /> : <PlanReport data={planSnapshotPayload(data, query)} />}
    </div>
  );
}
