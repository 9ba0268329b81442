// The user's own bake-off runs beside published results: every number carries the word UNVERIFIED.
import { formatNumber } from "@/lib/format";
import type { CompareBakeoff } from "@/lib/snapshot";
import { ScrollRegion } from "./scroll-region";

function Unverified({ children }: { children: string }) {
  return (
    <span className="whitespace-nowrap">
      <span className="tabular-nums">{children}</span>{" "}
      <span className="rounded bg-amber-200 px-1 text-[10px] font-bold tracking-wide text-amber-950">UNVERIFIED</span>
    </span>
  );
}

function load(run: CompareBakeoff["runs"][number]): string {
  const parts: string[] = [run.load.kind];
  if (run.load.concurrency !== null) parts.push(`concurrency ${formatNumber(run.load.concurrency, 0)}`);
  if (run.load.requestRate !== null) parts.push(`${formatNumber(run.load.requestRate, 2)} req/s`);
  return parts.join(", ");
}

export function BakeoffTable({ uploads }: { uploads: CompareBakeoff[] }) {
  if (uploads.length === 0) return null;
  return (
    <section aria-labelledby="bakeoff-h" className="space-y-2">
      <h2 id="bakeoff-h" className="text-lg font-semibold">
        Your bake-off runs <span className="text-amber-700 dark:text-amber-400">(unverified)</span>
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Private runs, not verified by MLCommons and not MLPerf results; shown beside published results for context only.
      </p>
      <ScrollRegion
        label="Bake-off runs (scrolls sideways)"
        className="rounded-lg border border-amber-300 dark:border-amber-800"
      >
        <table className="w-full min-w-[40rem] text-sm" data-testid="bakeoff-table">
          <thead className="bg-amber-50 text-left dark:bg-amber-950/40">
            <tr>
              <th scope="col" className="px-3 py-2">
                Run
              </th>
              <th scope="col" className="px-3 py-2">
                Tool
              </th>
              <th scope="col" className="px-3 py-2">
                Load
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Output tokens/s
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Per accelerator (derived)
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                p99 TTFT
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                p99 TPOT
              </th>
            </tr>
          </thead>
          <tbody>
            {uploads.flatMap((u) =>
              u.runs.map((run, i) => {
                const acc = run.accelerators ?? u.accelerators;
                const key = `${u.id}-${i}`;
                return (
                  <tr
                    key={key}
                    className="border-t border-amber-100 dark:border-amber-900/60"
                    data-testid="bakeoff-run"
                  >
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {u.label}
                      {u.runs.length > 1 ? ` #${i + 1}` : ""}
                    </th>
                    <td className="px-3 py-2">
                      {run.validity === "INVALID" && (
                        <span className="mr-1 rounded bg-red-600 px-1 text-xs font-bold text-white">INVALID</span>
                      )}
                      {run.tool}
                      {run.toolVersion ? ` ${run.toolVersion}` : ""}
                    </td>
                    <td className="px-3 py-2">{load(run)}</td>
                    <td className="px-3 py-2 text-right">
                      {run.outTokPerS === null ? "—" : <Unverified>{formatNumber(run.outTokPerS)}</Unverified>}
                    </td>
                    <td className="px-3 py-2 text-right">
                      {run.outTokPerS === null || !acc ? (
                        "—"
                      ) : (
                        <Unverified>{`${formatNumber(run.outTokPerS / acc)} (÷ ${acc})`}</Unverified>
                      )}
                    </td>
                    <td className="px-3 py-2 text-right">
                      {run.ttftMs?.p99 == null ? (
                        "—"
                      ) : (
                        <Unverified>{`${formatNumber(run.ttftMs.p99, 1)} ms`}</Unverified>
                      )}
                    </td>
                    <td className="px-3 py-2 text-right">
                      {run.tpotMs?.p99 == null ? (
                        "—"
                      ) : (
                        <Unverified>{`${formatNumber(run.tpotMs.p99, 1)} ms`}</Unverified>
                      )}
                    </td>
                  </tr>
                );
              }),
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
