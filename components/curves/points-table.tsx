// A curve's measured points as published, one row each, with the figures the rules define (derived as the
// submission checker derives them) and what the checker said about the point. Server component.
import { ScrollRegion } from "@/components/compare/scroll-region";
import type { Curve } from "@/lib/endpoints/curve-types";
import { formatNumber } from "@/lib/format";

const TH = "px-2 py-1.5 text-left font-medium";
const TD = "px-2 py-1.5 tabular-nums";

function n(v: number | null, digits = 1): string {
  return v === null ? "—" : formatNumber(v, digits);
}

export function CurvePointsTable({ curve }: { curve: Curve }) {
  const v07 = curve.layout === "v0.7";
  return (
    <ScrollRegion label="Measured points">
      <table className="min-w-full text-sm" data-testid="curve-points">
        <caption className="sr-only">Measured points of the curve, by concurrency</caption>
        <thead className="border-slate-200 border-b dark:border-slate-800">
          <tr>
            <th scope="col" className={TH}>
              Concurrency
            </th>
            <th scope="col" className={TH}>
              Cohort
            </th>
            <th scope="col" className={TH}>
              System tokens/s
            </th>
            <th scope="col" className={TH}>
              Per accelerator
            </th>
            <th scope="col" className={TH}>
              Tokens/s per user{v07 ? " (v0.7: system ÷ concurrency)" : " (1000 / TPOT P90)"}
            </th>
            <th scope="col" className={TH}>
              TTFT P90 ms
            </th>
            <th scope="col" className={TH}>
              TPOT P90 ms
            </th>
            <th scope="col" className={TH}>
              Tokens/s per kW (provisioned)
            </th>
            <th scope="col" className={TH}>
              Checker
            </th>
          </tr>
        </thead>
        <tbody>
          {curve.points.map((p) => (
            <tr key={p.concurrency} className="border-slate-100 border-b dark:border-slate-900">
              <td className={TD}>
                r{p.concurrency}
                {p.offlineKind ? (
                  <span className="ml-1 rounded bg-slate-100 px-1 text-xs dark:bg-slate-800">
                    Offline ({p.offlineKind})
                  </span>
                ) : null}
              </td>
              <td className={TD}>{p.cohort ?? "—"}</td>
              <td className={TD}>{n(p.systemTps)}</td>
              <td className={TD}>{n(p.perAccelerator)}</td>
              <td className={TD}>{n(p.tpsPerUser, 2)}</td>
              <td className={TD}>{n(p.ttftP90Ms)}</td>
              <td className={TD}>{n(p.tpotP90Ms, 2)}</td>
              <td className={TD}>{n(p.systemTpsPerKwProvisioned)}</td>
              <td className="px-2 py-1.5 text-xs">
                {p.failedChecks.length ? (
                  <span className="text-red-700 dark:text-red-400">{p.failedChecks.join(" ")}</span>
                ) : (
                  <span className="text-slate-600 dark:text-slate-400">figures as derived</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
