// Server-side paging: links (they work before hydration and can be opened in a new tab) plus a page-size select.
import Link from "next/link";
import { useId } from "react";
import { formatInt } from "@/lib/format";
import type { ResultsState } from "@/lib/url-state";
import { hrefFor, nextState } from "./state";
import type { NavOptions } from "./use-results-nav";

const SIZES = [25, 50, 100, 200];
const link =
  "rounded-md border border-slate-300 px-2.5 py-1 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-slate-700 dark:hover:bg-slate-800";
const off = "rounded-md border border-slate-200 px-2.5 py-1 text-slate-500 dark:border-slate-800 dark:text-slate-400";

export function Pagination({
  state,
  total,
  navigate,
}: {
  state: ResultsState;
  total: number;
  navigate: (changes: Partial<ResultsState>, opts?: NavOptions) => void;
}) {
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / state.limit));
  const page = Math.min(state.page, pages);
  const to = (p: number) => hrefFor(nextState(state, { page: p }, true));
  const sizes = SIZES.includes(state.limit) ? SIZES : [...SIZES, state.limit].sort((a, b) => a - b);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <div className="flex items-center gap-1.5">
        {page > 1 ? (
          <Link className={link} href={to(1)} aria-label="First page">
            «
          </Link>
        ) : (
          <span className={off} aria-hidden="true">
            «
          </span>
        )}
        {page > 1 ? (
          <Link className={link} href={to(page - 1)} rel="prev">
            Previous
          </Link>
        ) : (
          <span className={off} aria-disabled="true">
            Previous
          </span>
        )}
        <span className="px-2 text-slate-700 dark:text-slate-300" data-testid="page-indicator">
          Page {formatInt(page)} of {formatInt(pages)}
        </span>
        {page < pages ? (
          <Link className={link} href={to(page + 1)} rel="next">
            Next
          </Link>
        ) : (
          <span className={off} aria-disabled="true">
            Next
          </span>
        )}
        {page < pages ? (
          <Link className={link} href={to(pages)} aria-label="Last page">
            »
          </Link>
        ) : (
          <span className={off} aria-hidden="true">
            »
          </span>
        )}
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-slate-700 dark:text-slate-300">
          Rows per page
        </label>
        <select
          id={id}
          value={state.limit}
          onChange={(e) => navigate({ limit: Number(e.target.value) })}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
