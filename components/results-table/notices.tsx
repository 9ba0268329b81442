// What the page must say above the table: rows that mix units, a sort that was replaced, a page past the last.
// Server components; the text comes from lib/result-order.ts.
import Link from "next/link";
import { formatInt, unitLabel } from "@/lib/format";
import { benchmarkMixMessage, type SortPlan, type UnitMix, unitMixMessage } from "@/lib/result-order";
import type { ResultsState } from "@/lib/url-state";
import { hrefFor, nextState } from "./state";

const BOX =
  "rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100";
const LINK =
  "rounded-sm font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950 focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-sky-300 dark:hover:text-sky-200";

/** The notices for a view, in reading order; nothing when the view needs none. */
export function ResultsNotices({
  state,
  total,
  shown,
  plan,
  units,
}: {
  state: ResultsState;
  total: number;
  shown: number;
  plan: SortPlan;
  units: UnitMix | null;
}) {
  const pages = Math.max(1, Math.ceil(total / state.limit));
  const message = units ? unitMixMessage(units, plan.sort) : null;
  const benchmarks = units ? benchmarkMixMessage(units) : null;
  return (
    <>
      {shown === 0 && total > 0 && (
        <p className={BOX} data-testid="past-last-page">
          No rows on page {formatInt(state.page)} of {formatInt(pages)}.{" "}
          <Link className={LINK} href={hrefFor(nextState(state, { page: pages }, true))}>
            Go to page {formatInt(pages)}
          </Link>
          {pages > 1 && (
            <>
              {" "}
              or{" "}
              <Link className={LINK} href={hrefFor(nextState(state, { page: 1 }, true))}>
                page 1
              </Link>
            </>
          )}
          .
        </p>
      )}
      {plan.note && (
        <p className={BOX} data-testid="sort-note">
          {plan.note}
        </p>
      )}
      {units && benchmarks && (
        <div className={BOX} data-testid="benchmarks-notice">
          <p>
            <span className="font-semibold">Different benchmarks are ranked here. </span>
            {benchmarks}
          </p>
          <p className="mt-1.5">
            Narrow to one benchmark:{" "}
            {units.benchmarks.slice(0, 8).map((b, i) => (
              <span key={b.model}>
                {i > 0 && " · "}
                <Link
                  className={LINK}
                  data-testid="benchmark-link"
                  href={hrefFor(nextState(state, { model: [b.model] }))}
                >
                  {b.model}
                </Link>{" "}
                ({formatInt(b.count)})
              </span>
            ))}
          </p>
        </div>
      )}
      {units && message && (
        <div className={BOX} data-testid="units-notice">
          <p>
            <span className="font-semibold">Different units are ranked here. </span>
            {message}
          </p>
          {units.narrow.length > 0 && (
            <p className="mt-1.5">
              Narrow to one {units.narrow.some((n) => n.round) ? "round" : "benchmark and scenario"}:{" "}
              {units.narrow.map((n, i) => (
                <span key={`${n.model}|${n.scenario}|${n.round ?? ""}`}>
                  {i > 0 && " · "}
                  <Link
                    className={LINK}
                    data-testid="narrow-link"
                    href={hrefFor(
                      nextState(state, {
                        model: [n.model],
                        scenario: [n.scenario],
                        ...(n.round ? { round: [n.round] } : {}),
                      }),
                    )}
                  >
                    {n.round ? `${n.round} ` : ""}
                    {n.model} {n.scenario}
                  </Link>{" "}
                  ({formatInt(n.count)}, {n.units.map(unitLabel).join(" + ")})
                </span>
              ))}
            </p>
          )}
        </div>
      )}
    </>
  );
}
