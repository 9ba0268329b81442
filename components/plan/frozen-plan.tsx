// A frozen capacity plan (/s/<token>): the stored inputs in words instead of the editable form, then the same
// report the live /plan page shows, from the numbers stored when it was frozen. Server component.
import type { ReactNode } from "react";
import type { PlanSnapshotData } from "@/lib/snapshot";
import { InputsSummary } from "./inputs-summary";
import { PlanReport } from "./plan-report";
import { ShareActions } from "./share-actions";

export function FrozenPlan({
  data,
  eyebrow,
  path,
  banner,
}: {
  data: PlanSnapshotData;
  eyebrow: string;
  path: string;
  banner: ReactNode;
}) {
  return (
    <div className="space-y-6" data-testid="frozen-plan">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-3xl space-y-2">
          <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{eyebrow}</p>
          <h1 className="text-2xl font-semibold tracking-tight">Capacity plan</h1>
          <p className="text-slate-700 dark:text-slate-300">
            How many accelerators and whole nodes served this peak under this latency SLO, scaled from the bases below,
            with every step shown. Capacity figures are derived, not MLPerf metrics.
          </p>
          <p className="hidden font-mono text-xs text-slate-600 print:block">PerfContext {path}</p>
        </div>
        <ShareActions />
      </header>
      {banner}
      <InputsSummary inputs={data.inputs} presetName={data.preset.name} issues={data.issues} />
      <PlanReport data={data} />
    </div>
  );
}
