"use client";
// The explorer's filters. They hold no state of their own: each change writes the URL (push for clicks,
// replace for typing) and the server renders the new view. On small screens the panel folds into a <details>;
// from lg up its content is forced open with ::details-content (browsers without it keep the summary to click).
import Link from "next/link";
import { useId } from "react";
import { useResultsNav } from "@/components/results-table/use-results-nav";
import { FILTER, type FilterFacets, LIST_KEYS, type ListKey, NO_FILTERS } from "@/lib/filters";
import type { ResultsState } from "@/lib/url-state";
import { CheckboxList, type Option } from "./checkbox-list";
import { Choice } from "./choice";
import { DebouncedInput } from "./debounced-input";

export type { FilterFacets } from "@/lib/filters";

/** A list filter's values with the registry's names for them ("rdi" → "RDI (research)"). */
const plain = (key: ListKey, values: string[]): Option[] => {
  const names: Readonly<Record<string, string>> = FILTER[key].valueLabels ?? {};
  return values.map((v) => ({ value: v, label: names[v] ?? v }));
};

/** The lists laid out by hand above the accelerator and node controls; every other list filter follows them. */
const LEADING: readonly ListKey[] = ["round", "model", "scenario", "suite", "division", "availability"];

function modelOptions(models: FilterFacets["models"]): Option[] {
  return models.flatMap(({ family, variants }) => {
    const only = variants.length === 1 ? variants[0] : undefined;
    if (only) return [{ value: only.model, label: only.model }];
    return [
      { value: family, label: `${family} (any target)` },
      ...variants.map((v) => ({
        value: v.model,
        // the variant's own name first: a list of "99% accuracy target" lines reads the same for every model
        label: v.target ? `${v.model} (${v.target}% accuracy target)` : v.model,
        nested: true,
      })),
    ];
  });
}

const NODE_OPTIONS = [
  ["any", "Any"],
  ["single", "Single node"],
  ["multi", "Multi-node"],
] as const;

/** Current results by default; those that left their source one click away (lib/lifecycle/status.ts). */
const STATUS_OPTIONS = [
  ["current", "Current"],
  ["no-longer-published", "No longer published"],
  ["all", "All"],
] as const;

const input =
  "w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-slate-700 dark:bg-slate-900 dark:placeholder:text-slate-400";

export function FiltersPanel({
  state: urlState,
  facets,
  latestRound,
}: {
  state: ResultsState;
  facets: FilterFacets;
  latestRound: string | null;
}) {
  const { state, navigate, pending } = useResultsNav(urlState);
  const ids = { q: useId(), min: useId(), max: useId() };

  // "latest" in the URL means the newest round; show it as that round's box being ticked
  const rounds = state.round.flatMap((r) => (r === "latest" ? (latestRound ? [latestRound] : []) : [r]));

  function toggle(key: ListKey, current: string[], value: string, checked: boolean) {
    let next = checked ? [...new Set([...current, value])] : current.filter((v) => v !== value);
    if (key === "round" && latestRound && next.length === 1 && next[0] === latestRound) next = ["latest"];
    navigate({ [key]: next });
  }
  const list = (key: ListKey, options: Option[], current: string[] = state[key]) => (
    <CheckboxList
      key={key}
      legend={FILTER[key].label}
      options={options}
      selected={new Set(current)}
      onChange={(v, checked) => toggle(key, current, v, checked)}
      testId={`filter-${key}`}
    />
  );
  const count = (raw: string): number | null => {
    const t = raw.trim();
    if (!/^\d{1,7}$/.test(t)) return null;
    return Number(t);
  };

  return (
    <details
      className="group/filters rounded-lg border border-slate-200 lg:border-0 lg:details-content:[content-visibility:visible] dark:border-slate-800"
      data-testid="filters"
    >
      <summary className="cursor-pointer select-none rounded-lg px-3 py-2 font-medium text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600 supports-[selector(::details-content)]:lg:hidden dark:hover:bg-slate-900">
        Filters
      </summary>
      <search aria-label="Filter results" className="space-y-5 p-3 lg:p-0">
        <div className="flex items-center justify-between gap-2">
          <h2 className="font-semibold text-base">Filters</h2>
          <span className="text-slate-600 text-xs dark:text-slate-400" aria-live="polite">
            {pending ? "Updating…" : ""}
          </span>
        </div>
        <div>
          <label htmlFor={ids.q} className="mb-1 block font-medium text-slate-800 text-sm dark:text-slate-200">
            Search
          </label>
          <DebouncedInput
            id={ids.q}
            type="search"
            className={input}
            placeholder="submitter, system, accelerator…"
            value={state.q}
            onCommit={(q) => navigate({ q: q.trim() }, { replace: true })}
            maxLength={200}
          />
        </div>
        {list(
          "round",
          facets.round.map((r) => ({ value: r, label: r === latestRound ? `${r} (newest)` : r })),
          rounds,
        )}
        {list("model", modelOptions(facets.models))}
        {LEADING.filter((k): k is Exclude<ListKey, "round" | "model"> => k !== "round" && k !== "model").map((k) =>
          list(k, plain(k, facets[k])),
        )}
        <fieldset>
          <legend className="mb-1 font-medium text-slate-800 text-sm dark:text-slate-200">
            Accelerators in the system
          </legend>
          <div className="flex items-center gap-2">
            <label htmlFor={ids.min} className="sr-only">
              Minimum accelerators
            </label>
            <DebouncedInput
              id={ids.min}
              type="number"
              inputMode="numeric"
              min={0}
              placeholder="min"
              className={input}
              value={state.minAccelerators === null ? "" : String(state.minAccelerators)}
              onCommit={(v) => navigate({ minAccelerators: count(v) }, { replace: true })}
            />
            <span aria-hidden="true" className="text-slate-500">
              –
            </span>
            <label htmlFor={ids.max} className="sr-only">
              Maximum accelerators
            </label>
            <DebouncedInput
              id={ids.max}
              type="number"
              inputMode="numeric"
              min={0}
              placeholder="max"
              className={input}
              value={state.maxAccelerators === null ? "" : String(state.maxAccelerators)}
              onCommit={(v) => navigate({ maxAccelerators: count(v) }, { replace: true })}
            />
          </div>
        </fieldset>
        <Choice
          name="nodes"
          legend="Nodes"
          options={NODE_OPTIONS}
          value={state.nodes}
          onChange={(nodes) => navigate({ nodes })}
        />
        {LIST_KEYS.filter((k): k is Exclude<ListKey, "model"> => !LEADING.includes(k)).map((k) =>
          list(k, plain(k, facets[k])),
        )}
        <Choice
          name="status"
          legend="Status"
          options={STATUS_OPTIONS}
          value={state.status}
          onChange={(status) => navigate({ status })}
        />
        <div className="flex flex-wrap gap-x-4 gap-y-1 border-slate-200 border-t pt-3 text-sm dark:border-slate-800">
          <Link href="/results" className="text-sky-700 underline-offset-2 hover:underline dark:text-sky-400">
            Back to the first view
          </Link>
          <button
            type="button"
            className="text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
            onClick={() => navigate(NO_FILTERS)}
          >
            Clear all filters
          </button>
        </div>
      </search>
    </details>
  );
}
