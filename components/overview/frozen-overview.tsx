// A frozen overview (/s/<token>): the stored level and prices in words instead of the form, then the same report the
// live /overview shows, from the rows stored when it was frozen. Server component.
import type { ReactNode } from "react";
import type { OverviewSnapshotData } from "@/lib/snapshot";
import { OverviewReport } from "./overview-report";
import { OverviewShare } from "./overview-share";

export function FrozenOverview({
  data,
  eyebrow,
  path,
  banner,
}: {
  data: OverviewSnapshotData;
  eyebrow: string;
  path: string;
  banner: ReactNode;
}) {
  return (
    <div className="space-y-6" data-testid="frozen-overview">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-3xl space-y-2">
          <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{eyebrow}</p>
          <h1 className="text-2xl font-semibold tracking-tight">What a million tokens cost at this service level</h1>
          <p className="text-slate-700 dark:text-slate-300">
            Level: {data.presetName === "custom level" ? "a custom level" : `the ${data.presetName} traffic shape`}.
            Derived figures, not MLPerf metrics; every figure links to its evidence.
          </p>
          <p className="hidden font-mono text-xs text-slate-600 print:block">PerfContext {path}</p>
        </div>
        <OverviewShare />
      </header>
      {banner}
      {data.issues.length > 0 && (
        <ul className="space-y-1 text-sm text-amber-900 dark:text-amber-200">
          {data.issues.map((i) => (
            <li key={`${i.field}-${i.message}`}>{i.message}</li>
          ))}
        </ul>
      )}
      <OverviewReport data={data} />
    </div>
  );
}
