// Side by side: rows are fields, columns are results. Context that differs between columns is highlighted.
import Link from "next/link";
import type { CompareData } from "@/lib/snapshot";
import { compareTableRows } from "./compare-rows";
import { ScrollRegion } from "./scroll-region";

export function CompareTable({
  data,
  labels,
}: {
  data: Pick<CompareData, "results" | "perAccelerator">;
  labels: Record<string, string>;
}) {
  const rows = compareTableRows(data);
  return (
    <ScrollRegion
      label="Side-by-side table (scrolls sideways)"
      className="rounded-lg border border-slate-200 dark:border-slate-800 print:overflow-visible"
    >
      <table
        style={{ minWidth: data.results.length >= 3 ? `${8 + data.results.length * 9}rem` : undefined }}
        className="w-full table-fixed border-collapse text-sm print:min-w-0 print:text-[8.5pt]"
        data-testid="compare-table"
      >
        <caption className="px-3 py-2 text-left text-xs text-slate-600 dark:text-slate-400">
          One column per result.{" "}
          <span className="rounded bg-amber-100 px-1 text-amber-950 dark:bg-amber-900/60 dark:text-amber-50">
            Highlighted
          </span>{" "}
          context differs between the columns.
        </caption>
        <thead>
          <tr className="border-y border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
            <th
              scope="col"
              className="sticky left-0 w-28 bg-slate-50 px-3 py-2 text-left font-medium text-slate-600 sm:w-44 dark:bg-slate-900 dark:text-slate-400"
            >
              Field
            </th>
            {data.results.map((r) => (
              <th key={r.id} scope="col" className="px-3 py-2 text-left align-bottom" data-testid="compare-column">
                <Link
                  href={`/results/${r.id}`}
                  className="text-base font-semibold text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
                >
                  {labels[r.id] ?? r.platform}
                </Link>
                <div className="text-xs font-normal text-slate-600 dark:text-slate-400">
                  {r.round} · {r.submitter}
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              className={`border-b border-slate-100 align-top dark:border-slate-800 ${row.metric ? "bg-sky-50/50 dark:bg-sky-950/20" : ""}`}
              data-testid={`row-${row.key}`}
              data-differs={row.differs ? "true" : "false"}
            >
              <th
                scope="row"
                className="sticky left-0 bg-white px-3 py-2 text-left print:py-1 font-medium text-slate-700 dark:bg-slate-950 dark:text-slate-300"
              >
                {row.label}
              </th>
              {row.cells.map((c, i) => (
                <td
                  key={data.results[i]?.id ?? i}
                  className={`px-3 py-2 [overflow-wrap:anywhere] print:py-1 ${row.differs ? "bg-amber-100/70 dark:bg-amber-900/40" : ""}`}
                >
                  <span className={row.metric ? "font-semibold tabular-nums" : ""}>{c.text}</span>
                  {c.sub && (
                    <div className="mt-0.5 text-xs text-slate-600 dark:text-slate-400 print:text-[7pt]">{c.sub}</div>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
