// Published per-accelerator throughput by scenario (median, best) and where the run falls: per scenario, the load point
// within that scenario's limits (picked by the page), not simply the first.
import { ScrollRegion } from "@/components/compare/scroll-region";
import { formatNumber } from "@/lib/format";
import { laneSummaries, type PublishedPoint, type RunPoint, rankAgainst } from "./overlay-data";

export function LaneSummaryTable({
  published,
  runs,
  round,
  picks,
}: {
  published: PublishedPoint[];
  runs: RunPoint[];
  round: string | null;
  /** Per scenario, the load point to rank (the one within that scenario's limits); else the first point. */
  picks?: Partial<Record<string, { index: number; note: string }>>;
}) {
  return (
    <ScrollRegion label="Published per-accelerator throughput by scenario">
      <table className="text-sm" data-testid="lane-summary">
        <caption className="sr-only">Published per-accelerator throughput by scenario</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            <th scope="col" className="py-1 pr-4">
              Scenario ({round})
            </th>
            <th scope="col" className="py-1 pr-4 text-right">
              Results
            </th>
            <th scope="col" className="py-1 pr-4 text-right">
              Median /acc
            </th>
            <th scope="col" className="py-1 pr-4 text-right">
              Best /acc
            </th>
            <th scope="col" className="py-1 pr-4 text-left">
              Your run{runs.length > 1 ? (picks ? " (point within each scenario's limits)" : " (point 1)") : ""}
            </th>
          </tr>
        </thead>
        <tbody>
          {laneSummaries(published).map((l) => (
            <tr key={l.lane} className="border-b border-slate-100 dark:border-slate-800">
              <th scope="row" className="py-1 pr-4 text-left font-normal">
                {l.lane}
              </th>
              <td className="num py-1 pr-4">{l.count}</td>
              <td className="num py-1 pr-4">{formatNumber(l.median)}</td>
              <td className="num py-1 pr-4" title={l.bestName ?? ""}>
                {formatNumber(l.best)}
              </td>
              <td className="whitespace-nowrap py-1 pr-4">
                {(() => {
                  const pick = picks?.[l.lane];
                  const point = pick ? runs[pick.index] : runs[0];
                  if (point?.invalid)
                    return (
                      <span className="text-slate-500 dark:text-slate-400" data-testid="lane-invalid">
                        <span className="mr-1 rounded bg-red-600 px-1 text-xs font-bold text-white">INVALID</span>
                        not ranked: {point.failedChecks.join("; ") || "Result is : INVALID"}
                      </span>
                    );
                  const rank = rankAgainst(published, l.lane, point);
                  if (!rank) return "—";
                  return pick && runs.length > 1 ? `${rank} (point ${pick.index + 1}, ${pick.note})` : rank;
                })()}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
