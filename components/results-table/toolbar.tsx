// Above the table: counts, the raw / per-accelerator toggle, column visibility, compare and CSV export.
import Link from "next/link";
import { type KeyboardEvent, useId } from "react";
import { type ColumnKey, DEFAULT_SHOWN, isShown } from "@/lib/columns";
import { formatInt } from "@/lib/format";
import { defaultSort } from "@/lib/result-order";
import { MAX_IDS, type ResultsState } from "@/lib/url-state";
import { COLUMN_LABELS, MENU_ORDER } from "./columns";
import { queryFor } from "./state";
import type { NavOptions } from "./use-results-nav";

type Navigate = (changes: Partial<ResultsState>, opts?: NavOptions) => void;

const button =
  "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800";

export function Toolbar({
  state,
  total,
  shown,
  navigate,
  pending,
}: {
  state: ResultsState;
  total: number;
  shown: number;
  navigate: Navigate;
  pending: boolean;
}) {
  const from = shown === 0 ? 0 : (state.page - 1) * state.limit + 1;
  const to = shown === 0 ? 0 : from + shown - 1;
  const exportQuery = queryFor({ ...state, page: 1, ids: [], hide: [], show: [] });
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="result-count" aria-live="polite">
        <span className="font-semibold text-slate-900 dark:text-slate-100">{formatInt(total)}</span>{" "}
        {total === 1 ? "result" : "results"}
        {shown > 0 && (
          <>
            {" "}
            · showing {formatInt(from)}–{formatInt(to)}
          </>
        )}
        {pending && <span className="ml-2 text-slate-600 dark:text-slate-400">Updating…</span>}
      </p>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <PerToggle state={state} navigate={navigate} />
        <ColumnMenu hide={state.hide} show={state.show} navigate={navigate} />
        <a className={button} href={`/results/export${exportQuery ? `?${exportQuery}` : ""}`} download>
          Export CSV
        </a>
        <a
          className={button}
          href={`/results/export?${exportQuery ? `${exportQuery}&` : ""}format=json`}
          download
          aria-label="Export JSON"
        >
          JSON
        </a>
      </div>
    </div>
  );
}

function PerToggle({ state, navigate }: { state: ResultsState; navigate: Navigate }) {
  const name = useId();
  function choose(per: ResultsState["per"]) {
    if (per === state.per) return;
    // a default sort moves to the new view's default (nextState); otherwise the emphasised metric is also what the
    // table is sorted by, unless the user chose another column
    const d = defaultSort(state.per, state.scenario);
    if (state.sort === d.sort && state.dir === d.dir) return navigate({ per });
    const sort =
      per === "raw" && state.sort === "perAccelerator"
        ? "value"
        : per === "accelerator" && state.sort === "value"
          ? "perAccelerator"
          : state.sort;
    navigate({ per, sort });
  }
  const opt = (per: ResultsState["per"], label: string) => (
    <label
      className={`relative cursor-pointer px-2.5 py-1.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600 ${state.per === per ? "bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900" : "bg-white text-slate-800 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"}`}
    >
      <input
        type="radio"
        name={name}
        className="absolute inset-0 cursor-pointer opacity-0"
        checked={state.per === per}
        onChange={() => choose(per)}
        value={per}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="flex overflow-hidden rounded-md border border-slate-300 text-sm dark:border-slate-700">
      <legend className="sr-only">Emphasise</legend>
      {opt("accelerator", "Per accelerator")}
      {opt("raw", "Raw result")}
    </fieldset>
  );
}

function ColumnMenu({ hide, show, navigate }: { hide: ColumnKey[]; show: ColumnKey[]; navigate: Navigate }) {
  function toggle(key: ColumnKey) {
    // a column shown by default is hidden through `hide`; one hidden by default is shown through `show`
    if (DEFAULT_SHOWN.has(key))
      navigate({ hide: hide.includes(key) ? hide.filter((k) => k !== key) : [...hide, key] }, { keepPage: true });
    else navigate({ show: show.includes(key) ? show.filter((k) => k !== key) : [...show, key] }, { keepPage: true });
  }
  function onKeyDown(e: KeyboardEvent<HTMLDetailsElement>) {
    if (e.key !== "Escape" || !e.currentTarget.open) return;
    e.currentTarget.open = false;
    e.currentTarget.querySelector("summary")?.focus();
  }
  const changed = hide.length + show.length;
  return (
    <details className="relative hidden md:block" onKeyDown={onKeyDown}>
      <summary className={`${button} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        Columns{changed > 0 ? ` (${changed} changed)` : ""}
        <span aria-hidden="true" className="text-xs">
          ▾
        </span>
      </summary>
      <fieldset className="absolute right-0 z-30 mt-1 w-60 rounded-md border border-slate-300 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <legend className="sr-only">Visible columns</legend>
        {MENU_ORDER.map((k) => (
          <label
            key={k}
            className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-slate-50 dark:hover:bg-slate-800"
          >
            <input
              type="checkbox"
              className="size-4 accent-sky-700"
              checked={isShown(k, hide, show)}
              onChange={() => toggle(k)}
            />
            {COLUMN_LABELS[k]}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/**
 * The selection and its Compare link, kept at the bottom of the screen while the results are in view (it scrolled
 * away with the toolbar).
 */
export function CompareBar({ ids, navigate }: { ids: string[]; navigate: Navigate }) {
  const n = ids.length;
  return (
    <div
      className="sticky bottom-0 z-20 -mx-1 flex flex-wrap items-center justify-end gap-2 rounded-t-lg border border-slate-200 border-b-0 bg-white/95 px-3 py-2 shadow-[0_-2px_8px_rgba(15,23,42,0.08)] backdrop-blur dark:border-slate-800 dark:bg-slate-950/95"
      data-testid="compare-bar"
    >
      {n >= 2 ? (
        <Link
          // the canonical order (lib/snapshot canonicalCompareQuery: sorted), as the address keeps the selection, so
          // the link is the same before and after a reload and /compare has nothing to redirect
          href={`/compare?ids=${[...ids].sort().join(",")}`}
          className="inline-flex items-center rounded-md bg-sky-700 px-3 py-1.5 font-medium text-sm text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 dark:bg-sky-700 dark:hover:bg-sky-800"
          data-testid="compare-link"
        >
          Compare ({n})
        </Link>
      ) : (
        <span className="text-slate-700 text-sm dark:text-slate-300">
          {n === 1 ? "1 selected: pick one more to compare" : `Select 2–${MAX_IDS} rows to compare`}
        </span>
      )}
      {n > 0 && (
        <button
          type="button"
          className={button}
          onClick={() => navigate({ ids: [] }, { keepPage: true, replace: true })}
        >
          Clear selection
        </button>
      )}
    </div>
  );
}
