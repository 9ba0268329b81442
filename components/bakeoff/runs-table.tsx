// Every load point of an upload: what the file gives and what it lacks. Server-rendered; user text is escaped by React.
import { ScrollRegion } from "@/components/compare/scroll-region";
import { REASONING_NOTE } from "@/lib/bakeoff/genai-perf";
import { loadText, successRateInfo } from "@/lib/bakeoff/slo";
import { formatInt, formatNumber } from "@/lib/format";
import type { BakeoffRun, LatencyMs } from "@/lib/types";
import { InSlices } from "./later";
import { missingFields, safeDiv } from "./overlay-data";

const th = "px-2 py-1.5 text-left font-medium";
const td = "px-2 py-1.5";

const STATS = ["p50", "p95", "p99"] as const;

/** p50, p95 and p99 of one latency (whatever the file has of them), one per line; "—" when it has none. */
function LatencyCell({ l }: { l: LatencyMs | null }) {
  if (!l || STATS.every((k) => l[k] === null)) return <td className={`${td} num`}>—</td>;
  // short markup (class "stats" in app/globals.css): four of these per row, 25 rows a page (issue 15)
  return (
    <td className={`${td} num stats`}>
      {STATS.map((k) => (
        <span key={k}>
          <i>{k}</i> {formatNumber(l[k])}
        </span>
      ))}
    </td>
  );
}

export function RunsTable({
  runs,
  accelerators,
  datasets,
  offset = 0,
}: {
  runs: BakeoffRun[];
  accelerators: number | null;
  /** Where these rows start among the upload's load points (a paged table numbers them 26, 27, …). */
  offset?: number;
  /** Per point, the dataset and settings the file states (lib/campaign facts), so a sweep's points read apart. */
  datasets?: (string | null)[];
}) {
  return (
    <ScrollRegion label="Load points in this upload">
      <table className="w-full min-w-[64rem] text-sm" data-testid="runs-table">
        <caption className="sr-only">Load points in this upload</caption>
        <thead className="border-b border-slate-300 dark:border-slate-700">
          <tr>
            <th scope="col" className={th}>
              #
            </th>
            <th scope="col" className={th}>
              Tool · model
            </th>
            <th scope="col" className={th}>
              Load
            </th>
            <th scope="col" className={`${th} text-right`}>
              Requests ok / failed
            </th>
            <th scope="col" className={`${th} text-right`}>
              Output tok/s
            </th>
            <th scope="col" className={`${th} text-right`}>
              per accelerator
            </th>
            <th scope="col" className={`${th} text-right`}>
              Req/s
            </th>
            <th scope="col" className={`${th} text-right`}>
              ISL / OSL tokens
            </th>
            <th scope="col" className={`${th} text-right`}>
              TTFT ms
            </th>
            <th scope="col" className={`${th} text-right`}>
              TPOT ms
            </th>
            <th scope="col" className={`${th} text-right`}>
              ITL ms
            </th>
            <th scope="col" className={`${th} text-right`}>
              E2E ms
            </th>
            <th scope="col" className={th}>
              Missing in the file
            </th>
          </tr>
        </thead>
        <tbody>
          <InSlices
            items={runs}
            size={5}
            render={(r, i) => {
              const acc = r.accelerators ?? accelerators;
              const sr = successRateInfo(r);
              return (
                <tr key={i} className="border-b border-slate-100 align-top dark:border-slate-800">
                  <td className={td}>{offset + i + 1}</td>
                  <td className={`${td} break-words`}>
                    {r.validity === "INVALID" && (
                      <span
                        className="mr-1 rounded bg-red-600 px-1 text-xs font-bold text-white"
                        data-testid="run-invalid"
                      >
                        INVALID
                      </span>
                    )}
                    <span className="font-medium">{r.tool}</span>
                    {r.toolVersion ? ` ${r.toolVersion.replace(new RegExp(`^${r.tool}\\s*`, "i"), "")}` : ""}
                    <br />
                    <span className="text-slate-600 dark:text-slate-400">{r.model ?? "model not stated"}</span>
                    {datasets?.[i] && (
                      <span className="block text-xs text-slate-600 dark:text-slate-400" data-testid="run-dataset">
                        {datasets[i]}
                      </span>
                    )}
                  </td>
                  <td className={td}>{loadText(r)}</td>
                  <td className={`${td} num`} title={sr.message}>
                    {formatInt(r.numRequests)} / {formatInt(r.numFailed)}
                    {sr.rate === 0 && <span className="block text-xs text-red-700 dark:text-red-400">all failed</span>}
                  </td>
                  <td className={`${td} num`}>
                    {formatNumber(r.outTokPerS)}
                    {r.latencyNotes.some((n) => n.startsWith(REASONING_NOTE)) && (
                      <span className="block text-xs text-amber-800 dark:text-amber-300">incl. reasoning tokens</span>
                    )}
                  </td>
                  <td className={`${td} num`}>{acc ? formatNumber(safeDiv(r.outTokPerS, acc)) : "—"}</td>
                  <td className={`${td} num`}>{formatNumber(r.reqPerS)}</td>
                  <td className={`${td} num whitespace-nowrap`}>
                    {formatNumber(r.islMean, 0)} / {formatNumber(r.oslMean, 0)}
                  </td>
                  <LatencyCell l={r.ttftMs} />
                  <LatencyCell l={r.tpotMs} />
                  <LatencyCell l={r.itlMs} />
                  <LatencyCell l={r.e2eMs} />
                  <td className={`${td} text-xs text-slate-600 dark:text-slate-400`}>
                    {missingFields({ ...r, accelerators: acc }).join(", ") || "nothing"}
                    {r.latencyNotes.length > 0 && (
                      <details className="mt-1">
                        <summary className="cursor-pointer">how it was read ({r.latencyNotes.length})</summary>
                        <ul className="mt-1 list-disc pl-4">
                          {r.latencyNotes.map((n) => (
                            <li key={n}>{n}</li>
                          ))}
                        </ul>
                      </details>
                    )}
                  </td>
                </tr>
              );
            }}
          />
        </tbody>
      </table>
    </ScrollRegion>
  );
}
