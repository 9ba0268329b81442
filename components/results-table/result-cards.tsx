"use client";
// Phones: the page's rows as cards (the table needs a wide screen). Each card names the system and who submitted it,
// the emphasised figure with its unit, and the same context chips as the table: scenario, precision, engine, round,
// division/availability and nodes, with the accelerator count. Selection works as in the table. The published system
// result always leads; with per=accelerator the derived figure follows it, labelled as derived (issue 30). A result no
// longer current carries the table's status label (StatusBadge: lib/lifecycle's wording).
import Link from "next/link";
import { formatInt } from "@/lib/format";
import type { ResultsState } from "@/lib/url-state";
import { ContextChips } from "./chips";
import { PerAcceleratorFigure, rowLabel, StatusBadge, ValueFigure } from "./columns";
import type { TableRow } from "./types";

export function ResultCards({
  rows,
  per,
  selected,
  canSelectMore,
  onToggle,
  pending,
}: {
  rows: TableRow[];
  per: ResultsState["per"];
  selected: ReadonlySet<string>;
  canSelectMore: boolean;
  onToggle: (id: string) => void;
  pending: boolean;
}) {
  return (
    <ol
      className={`space-y-2 md:hidden ${pending ? "opacity-60" : ""}`}
      aria-label="Results"
      data-testid="result-cards"
    >
      {rows.map((r) => {
        const checked = selected.has(r.id);
        const size = `${r.totalAccelerators === null ? "accelerators ?" : `${formatInt(r.totalAccelerators)} acc.`}`;
        return (
          <li
            key={r.id}
            data-testid="result-card"
            data-result-id={r.resultId ?? ""}
            className={`rounded-lg border p-3 ${checked ? "border-sky-400 bg-sky-50 dark:border-sky-700 dark:bg-sky-950" : "border-slate-200 dark:border-slate-800"}`}
          >
            <div className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-1 size-5 shrink-0 accent-sky-700"
                checked={checked}
                disabled={!checked && !canSelectMore}
                onChange={() => onToggle(r.id)}
                aria-label={`Select ${rowLabel(r)} for comparison`}
              />
              <div className="min-w-0 flex-1">
                <Link
                  href={`/results/${r.id}`}
                  className="break-words font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
                >
                  {r.system}
                </Link>
                <p className="text-slate-700 text-xs dark:text-slate-300">
                  {r.submitter} · {r.accelerator ?? "accelerator not published"} ·{" "}
                  <span data-testid="card-size">{size}</span>
                </p>
                <StatusBadge r={r} />
              </div>
              {/* the published system result first, always; the derived per-accelerator figure under it, labelled */}
              <div className="shrink-0 text-right text-sm" data-testid="card-figures">
                <span className="sr-only">Published system result: </span>
                <ValueFigure r={r} strong />
                {per !== "raw" && (
                  <div className="mt-1 border-t border-slate-200 pt-1 text-xs dark:border-slate-800">
                    <span className="block text-slate-600 dark:text-slate-400">derived, per accelerator</span>
                    <PerAcceleratorFigure r={r} strong={false} />
                  </div>
                )}
              </div>
            </div>
            <ContextChips r={r} className="mt-2 max-w-none" />
          </li>
        );
      })}
    </ol>
  );
}
