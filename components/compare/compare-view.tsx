// One comparison, rendered from its payload: the same component serves the live /compare page and a frozen
// /s/{token} snapshot, so both show the same rows, values, flags and footnotes.
import type { ReactNode } from "react";
import { ChartLinks } from "@/components/charts/chart-links";
import { CompareBarChart } from "@/components/charts/compare-bar-chart";
import { curveLabel } from "@/lib/endpoints/curve-compare";
import { RULE_SHORT } from "@/lib/judge";
import { type CompareData, flagCounts, systemLabels } from "@/lib/snapshot";
import { groupFlags } from "@/lib/snapshot/flag-groups";
import { BakeoffTable } from "./bakeoff-table";
import { chartSeries } from "./compare-rows";
import { CompareTable } from "./compare-table";
import { CurveSection } from "./curve-section";
import { FlagList } from "./flag-list";
import { Footnotes } from "./footnotes";
import { ShareBar } from "./share-bar";

function distinct(xs: string[]): string[] {
  return [...new Set(xs)];
}

export function CompareView({
  data,
  bakeoffIds,
  eyebrow,
  banner,
  share,
}: {
  data: CompareData;
  bakeoffIds: string[];
  eyebrow: string;
  banner?: ReactNode;
  share: { path: string; freezeQuery: string | null };
}) {
  const labels = systemLabels(data.results);
  // flags name bake-off runs by upload id (with "#n" per load point when an upload holds several)
  for (const u of data.bakeoff) {
    labels[u.id] = u.label;
    u.runs.forEach((_r, i) => {
      labels[`${u.id}#${i + 1}`] = `${u.label} #${i + 1}`;
    });
  }
  for (const c of data.curves) labels[c.id] = curveLabel(c);
  const names = [
    ...data.results.map((r) => labels[r.id] ?? r.platform),
    ...data.bakeoff.map((b) => b.label),
    ...data.curves.map(curveLabel),
  ];

  const context = [
    distinct([...data.results.map((r) => r.model), ...data.curves.map((c) => c.model)]).join(" / "),
    distinct(data.results.map((r) => r.scenario)).join(" vs "),
    distinct(data.results.map((r) => r.round)).join(", "),
  ].filter(Boolean);
  const charts = chartSeries(data, labels);
  // a live comparison's charts as data, image and embed (a frozen snapshot's are what it froze: no live links)
  // (the bar charts draw results and bake-off runs only, so their links leave the curves out)
  const live = share.path.startsWith("/compare?") ? liveQuery(share.path.slice("/compare".length)) : null;
  const blocked = data.flags.some((f) => f.severity === "block");
  // one grouping for the subtitle's count and the boxes below it, so the two cannot disagree
  const groups = groupFlags(data);
  return (
    <div className="space-y-6 print:space-y-3">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{eyebrow}</p>
          <h1 className="text-2xl font-semibold tracking-tight" data-testid="compare-title">
            {names.join(" vs ")}
          </h1>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {context.join(" · ")} · <span data-testid="flag-counts">{flagCounts(groups)}</span>
          </p>
          <p className="hidden font-mono text-xs text-slate-600 print:block">PerfContext {share.path}</p>
        </div>
        <div className="w-full max-w-xl sm:w-auto">
          <ShareBar path={share.path} freezeQuery={share.freezeQuery} />
        </div>
      </header>
      {banner}
      <section aria-labelledby="flags-h" className="space-y-2">
        <h2 id="flags-h" className="text-lg font-semibold">
          Read before comparing
        </h2>
        <FlagList data={data} groups={groups} labels={labels} bakeoffIds={bakeoffIds} />
      </section>
      <section aria-labelledby="table-h" className="space-y-2">
        <h2 id="table-h" className="text-lg font-semibold">
          Side by side
        </h2>
        <CompareTable data={data} labels={labels} />
      </section>
      <CurveSection data={data} frozenToken={share.path.startsWith("/s/") ? share.path.slice(3) : null} />
      <section aria-labelledby="charts-h" className="space-y-2 break-inside-avoid">
        <h2 id="charts-h" className="text-lg font-semibold">
          Charts
        </h2>
        {blocked && (
          <p className="rounded border-l-4 border-red-600 bg-red-50 px-3 py-2 text-sm font-medium text-red-900 dark:bg-red-950/50 dark:text-red-100">
            Drawn for reference only: a block above says these results measure different things, so the bars must not be
            read as a ranking.
          </p>
        )}
        <div className="grid gap-4 lg:grid-cols-2 print:grid-cols-2">
          <div>
            {charts.raw.empty ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">{charts.raw.empty}</p>
            ) : (
              <CompareBarChart
                title="Result as published"
                bars={charts.raw.bars}
                units={charts.raw.units}
                testId="chart-raw"
              />
            )}
            {!charts.raw.empty && live && <LiveLinks query={live} figure="raw" />}
          </div>
          <div>
            {charts.perAccelerator.empty ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">{charts.perAccelerator.empty}</p>
            ) : (
              <CompareBarChart
                title="Per accelerator"
                note={`${charts.perAccelerator.units}: ${RULE_SHORT}`}
                bars={charts.perAccelerator.bars}
                units={charts.perAccelerator.units}
                derived
                testId="chart-per-accelerator"
              />
            )}
            {!charts.perAccelerator.empty && live && <LiveLinks query={live} figure="accelerator" />}
          </div>
        </div>
      </section>
      <BakeoffTable uploads={data.bakeoff} />
      <Footnotes notes={data.footnotes} />
    </div>
  );
}

function liveQuery(q: string): string {
  const p = new URLSearchParams(q);
  p.delete("curves");
  return `?${p.toString().replace(/%2C/g, ",")}`;
}

function LiveLinks({ query, figure }: { query: string; figure: "raw" | "accelerator" }) {
  const q = figure === "raw" ? query : `${query}&figure=accelerator`;
  return (
    <ChartLinks data={`/api/v1/charts/compare${q}`} embed={`/embed/compare${q}`} testId={`chart-links-${figure}`} />
  );
}
