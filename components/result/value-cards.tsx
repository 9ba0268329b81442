// The published value with its units, the MLPerf Power figure where power was measured, and the per-accelerator
// figure labelled as derived with its formula.
import { POWER_COMPARABILITY, powerFigure } from "@/lib/context";
import { formatNumber, unitLabel } from "@/lib/format";
import type { PerAccelerator } from "@/lib/judge";
import type { PublishedResult } from "@/lib/types";

export function ValueCards({ result, per }: { result: PublishedResult; per: PerAccelerator }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
      <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="value">
        <div className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
          Result · {result.scenario} · MLPerf metric
        </div>
        <div className="mt-1 text-3xl font-semibold tabular-nums">
          {formatNumber(result.value)}{" "}
          <span className="text-lg font-normal text-slate-600 dark:text-slate-400">{unitLabel(result.units)}</span>
        </div>
        <div className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {result.higherIsBetter ? "Higher is better." : "Lower is better."}
        </div>
      </div>
      <PowerCard result={result} />
      <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="per-accelerator">
        <div className="flex flex-wrap items-center gap-2 text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
          Per accelerator
          <span className="rounded bg-slate-200 px-1.5 py-0.5 normal-case tracking-normal text-slate-800 dark:bg-slate-700 dark:text-slate-100">
            {per.label}
          </span>
        </div>
        {per.value !== null ? (
          <>
            <div className="mt-1 text-2xl font-semibold tabular-nums">
              {formatNumber(per.value)}{" "}
              <span className="text-base font-normal text-slate-600 dark:text-slate-400">{per.units}</span>
            </div>
            <div className="mt-1 text-xs text-slate-700 dark:text-slate-300">{per.formula}</div>
          </>
        ) : (
          <div className="mt-1 text-sm text-slate-700 dark:text-slate-300">No per-accelerator figure.</div>
        )}
        {per.note && <p className="mt-2 text-xs text-amber-800 dark:text-amber-300">{per.note}</p>}
      </div>
    </div>
  );
}

/**
 * Performance per watt (Offline/Server/Interactive) or energy per query (SingleStream/MultiStream), from the MLPerf
 * Power measurement of the whole system; nothing for a result without one (no TDP or rated-power proxy, ever).
 */
export function PowerCard({ result }: { result: PublishedResult }) {
  const p = powerFigure(result);
  if (!p) return null;
  return (
    <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="power">
      <div className="flex flex-wrap items-center gap-2 text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {p.kind === "perWatt" ? "Performance per watt" : "Energy per query"}
        <span className="rounded bg-violet-100 px-1.5 py-0.5 normal-case tracking-normal text-violet-900 dark:bg-violet-900 dark:text-violet-100">
          {p.label}
        </span>
      </div>
      <div className="mt-1 text-2xl font-semibold tabular-nums">
        {p.kind === "perWatt" ? formatNumber(p.value) : formatNumber(p.millijoules)}{" "}
        <span className="text-base font-normal text-slate-600 dark:text-slate-400">
          {p.kind === "perWatt" ? p.units : "mJ per query"}
        </span>
      </div>
      <div className="mt-1 text-xs text-slate-700 dark:text-slate-300">
        {p.formula}
        {p.kind === "perWatt" && `. Average system power ${formatNumber(p.watts, 0)} W, measured at the wall.`}
      </div>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{POWER_COMPARABILITY}</p>
    </div>
  );
}
