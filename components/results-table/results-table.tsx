"use client";
// The results table: one page of server-sorted rows. Every sort, toggle, selection and page change is a URL change.
// Each row is sent once: a table row on wide screens, laid out as a card on phones by app/globals.css (`.rt`), with
// the published system result first (issue 30). The rows are ExplorerRow, cut to what the cells show.
import { flexRender, getCoreRowModel, type Header, useReactTable, type VisibilityState } from "@tanstack/react-table";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { ChartLinks } from "@/components/charts/chart-links";
import { ScaleChart } from "@/components/charts/scale-chart";
import { narrowQuery, RESULTS_CHART_KEYS } from "@/lib/api-v1/chart-query";
import { COLUMN_KEYS, isShown } from "@/lib/columns";
import type { ExplorerRow } from "@/lib/explorer-row";
import type { ChartView } from "@/lib/scale-chart";
import { MAX_IDS, type ResultsState, type SortKey, serializeResultsState } from "@/lib/url-state";
import { CARD_COLUMNS, COLUMN_LABELS, getColumns } from "./columns";
import { Pagination } from "./pagination";
import { CompareBar, Toolbar } from "./toolbar";
import { useResultsNav } from "./use-results-nav";

export function ResultsTable({
  rows,
  total,
  state: urlState,
  sorted: servedSort,
  lowerIsBetter = false,
  notice,
  chart,
}: {
  rows: ExplorerRow[];
  total: number;
  state: ResultsState;
  /** How the server ordered the rows, when not as the URL asked (a per-accelerator sort with no figures). */
  sorted?: { sort: SortKey; dir: "asc" | "desc" };
  /** Every row's figure is a latency: the first click on the result sorts lowest first. */
  lowerIsBetter?: boolean;
  /** Shown between the toolbar and the table (units, sort and paging notices). */
  notice?: ReactNode;
  /** The view's chart, or why it has none. */
  chart?: ChartView;
}) {
  const { state, navigate, pending } = useResultsNav(urlState);
  // lets tests (and scripts) know the controls are live, not just server-rendered HTML
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const selected = useMemo(() => new Set(state.ids), [state.ids]);
  // while a navigation is pending the optimistic state leads; otherwise what the server actually did
  const sorted = pending || !servedSort ? { sort: state.sort, dir: state.dir } : servedSort;
  function toggle(id: string) {
    const ids = selected.has(id) ? state.ids.filter((x) => x !== id) : [...state.ids, id];
    navigate({ ids }, { keepPage: true, replace: true });
  }
  // rebuilt each render: 50 rows, and the cells close over the current selection and emphasis
  const columns = getColumns({
    per: state.per,
    lowerIsBetter,
    selected,
    canSelectMore: selected.size < MAX_IDS,
    onToggle: toggle,
  });
  const columnVisibility: VisibilityState = useMemo(
    () => Object.fromEntries(COLUMN_KEYS.map((k) => [k, isShown(k, state.hide, state.show)])),
    [state.hide, state.show],
  );
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (r) => r.id,
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    state: { columnVisibility },
  });

  function sortBy(h: Header<ExplorerRow, unknown>) {
    const meta = h.column.columnDef.meta;
    if (!meta?.sortKey) return;
    const dir = sorted.sort === meta.sortKey ? (sorted.dir === "asc" ? "desc" : "asc") : (meta.firstDir ?? "asc");
    navigate({ sort: meta.sortKey, dir });
  }

  return (
    <section aria-labelledby="results-h" className="min-w-0 space-y-3" data-ready={ready || undefined}>
      <h2 id="results-h" className="sr-only">
        Results
      </h2>
      <Toolbar state={state} total={total} shown={rows.length} navigate={navigate} pending={pending} />
      {notice}
      {chart?.data && chart.data.series.length > 0 && (
        <>
          <ScaleChart data={chart.data} units={chart.units} selected={selected} onPick={toggle} />
          <ChartLinks
            data={`/api/v1/charts/results${narrowQuery(serializeResultsState(state), RESULTS_CHART_KEYS)}`}
            embed={`/embed/results${narrowQuery(serializeResultsState(state), RESULTS_CHART_KEYS)}`}
            testId="scale-chart-links"
          />
        </>
      )}
      {chart?.blocker && rows.length > 0 && (
        <p className="text-slate-600 text-sm dark:text-slate-400" data-testid="chart-hidden">
          {chart.blocker}
        </p>
      )}
      {rows.length > 0 && (
        <div
          className={`relative transition-opacity md:overflow-x-auto md:rounded-lg md:border md:border-slate-200 md:dark:border-slate-800 ${pending ? "opacity-60" : ""}`}
          aria-busy={pending}
          data-testid="results-table-wrap"
        >
          <table className="rt w-full border-collapse text-sm" data-testid="results-table">
            <caption className="sr-only">
              Published MLPerf Inference results, sorted by {SORT_LABELS[sorted.sort]}{" "}
              {sorted.dir === "asc" ? "ascending" : "descending"}. Column headers sort the table.
            </caption>
            <thead className="bg-slate-50 text-left text-slate-700 dark:bg-slate-900 dark:text-slate-300">
              {table.getHeaderGroups().map((g) => (
                <tr key={g.id} className="border-slate-200 border-b dark:border-slate-800">
                  {g.headers.map((h) => {
                    const meta = h.column.columnDef.meta;
                    const on = meta?.sortKey !== undefined && meta.sortKey === sorted.sort;
                    return (
                      <th
                        key={h.id}
                        scope="col"
                        aria-sort={on ? (sorted.dir === "asc" ? "ascending" : "descending") : undefined}
                        className={`px-2.5 py-2 align-bottom font-medium text-xs ${meta?.numeric ? "text-right" : "whitespace-nowrap"} ${meta?.sticky ? `${STICKY} bg-slate-50 dark:bg-slate-900` : ""}`}
                      >
                        {meta?.sortKey ? (
                          <button
                            type="button"
                            onClick={() => sortBy(h)}
                            className={`inline-flex items-center gap-1 rounded-sm hover:text-sky-700 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:text-sky-400 ${meta.numeric ? "flex-row-reverse text-right" : ""} ${on ? "text-slate-950 dark:text-white" : ""}`}
                          >
                            <span className="flex flex-col">
                              <span className="whitespace-nowrap">
                                {flexRender(h.column.columnDef.header, h.getContext())}
                              </span>
                              {meta.sub && (
                                <span className="max-w-28 font-normal text-[0.6875rem] text-slate-600 leading-tight dark:text-slate-400">
                                  {meta.sub}
                                </span>
                              )}
                            </span>
                            <SortIcon dir={on ? sorted.dir : null} />
                          </button>
                        ) : (
                          flexRender(h.column.columnDef.header, h.getContext())
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  data-testid="result-row"
                  data-result-id={row.original.resultId ?? ""}
                  className={selected.has(row.id) ? "on" : undefined}
                >
                  {row.getVisibleCells().map((cell) => {
                    const { id, columnDef } = cell.column;
                    return (
                      <td
                        key={cell.id}
                        data-c={id}
                        data-l={CARD_COLUMNS.has(id) ? undefined : columnDef.meta?.label}
                        className={columnDef.meta?.sticky ? "stk" : undefined}
                      >
                        {flexRender(columnDef.cell, cell.getContext())}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > 0 && <Pagination state={state} total={total} navigate={navigate} />}
      {rows.length > 0 && <CompareBar ids={state.ids} navigate={navigate} />}
    </section>
  );
}

// the system column stays in view while the numbers scroll in from the right (narrow screens)
const STICKY =
  "sticky left-0 z-10 shadow-[1px_0_0_var(--color-slate-200)] dark:shadow-[1px_0_0_var(--color-slate-800)]";
const SORT_LABELS: Record<SortKey, string> = {
  ...COLUMN_LABELS,
  totalAccelerators: "accelerator count",
  nodes: "node count",
};

function SortIcon({ dir }: { dir: "asc" | "desc" | null }) {
  return (
    <span aria-hidden="true" className={`w-3 text-[0.625rem] ${dir ? "" : "text-slate-400 dark:text-slate-500"}`}>
      {dir === "asc" ? "▲" : dir === "desc" ? "▼" : "↕"}
    </span>
  );
}
