"use client";
// What one picked file gives, before anything is saved: the detected tool and format, each load point's figures,
// what the file lacks, and the parser's notes, or where and why it cannot be read. User text renders as text.
import { ScrollRegion } from "@/components/compare/scroll-region";
import type { DetectOutcome } from "@/lib/bakeoff/detect";
import { loadText } from "@/lib/bakeoff/slo";
import { formatInt, formatNumber } from "@/lib/format";
import { InvalidNotice } from "./invalid-notice";
import { missingFields } from "./overlay-data";

export interface PickedFile {
  key: string;
  name: string;
  size: number;
  outcome: DetectOutcome;
}

export function UploadPreview({ file, onRemove }: { file: PickedFile; onRemove: () => void }) {
  const o = file.outcome;
  return (
    <li
      className={`rounded border p-3 text-sm ${o.ok ? "border-slate-200 dark:border-slate-700" : "border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950"}`}
      data-testid="preview-file"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0 font-medium break-all">
          {file.name}{" "}
          <span className="font-normal text-slate-600 dark:text-slate-400">({formatInt(file.size)} bytes)</span>
        </p>
        <button type="button" className="text-xs text-sky-700 underline dark:text-sky-400" onClick={onRemove}>
          Remove
        </button>
      </div>
      {!o.ok ? (
        <p className="mt-1 text-red-900 dark:text-red-200" role="alert" data-testid="preview-error">
          Cannot read {file.name}
          {o.error.line !== null ? `, line ${o.error.line}` : ""}
          {o.error.field ? `, field “${o.error.field}”` : ""}: {o.error.message}
        </p>
      ) : (
        <>
          <p className="mt-1" data-testid="preview-detected">
            Detected <strong>{o.tool}</strong> ({o.format}) · {o.runs.length} load point{o.runs.length === 1 ? "" : "s"}
          </p>
          <div className="mt-2">
            <InvalidNotice runs={o.runs} testId="preview-invalid" />
          </div>
          <ScrollRegion label="Load points in this file" className="mt-2">
            <table className="w-full min-w-[40rem] text-xs">
              <thead className="border-b border-slate-300 text-left dark:border-slate-700">
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Load
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Model
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right">
                    Output tok/s
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right">
                    p99 TTFT ms
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right">
                    p99 TPOT ms
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right">
                    Requests
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right">
                    Failed
                  </th>
                  <th scope="col" className="py-1">
                    Missing
                  </th>
                </tr>
              </thead>
              <tbody>
                {o.runs.map((r, i) => (
                  <tr
                    // biome-ignore lint/suspicious/noArrayIndexKey: load points have no id; their order is the file's
                    key={i}
                    className={`border-b border-slate-100 align-top dark:border-slate-800 ${r.validity === "INVALID" ? "text-slate-400 line-through decoration-slate-300 dark:text-slate-500" : ""}`}
                    data-invalid={r.validity === "INVALID" ? "true" : undefined}
                  >
                    <td className="py-1 pr-3">{loadText(r)}</td>
                    <td className="py-1 pr-3 break-all">{r.model ?? "—"}</td>
                    <td className="num py-1 pr-3">{formatNumber(r.outTokPerS)}</td>
                    <td className="num py-1 pr-3">{formatNumber(r.ttftMs?.p99)}</td>
                    <td className="num py-1 pr-3">{formatNumber(r.tpotMs?.p99)}</td>
                    <td className="num py-1 pr-3">{formatInt(r.numRequests)}</td>
                    <td className="num py-1 pr-3">{formatInt(r.numFailed)}</td>
                    <td className="py-1 text-slate-600 dark:text-slate-400">
                      {missingFields(r).join(", ") || "nothing"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {o.warnings.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-xs text-amber-900 dark:text-amber-200">
              {o.warnings
                .filter((w) => !w.startsWith("LoadGen marked the run INVALID"))
                .map((w) => (
                  <li key={w} className="break-words">
                    {w}
                  </li>
                ))}
            </ul>
          )}
        </>
      )}
    </li>
  );
}
