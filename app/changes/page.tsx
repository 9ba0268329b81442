// /changes: what each import and refresh changed among the published results, by date and round, filtered with the
// explorer's keys (lib/filters.ts; the form writes them as the explorer does), with the Atom feed of the same view.
import type { Metadata } from "next";
import Link from "next/link";
import { getFilterFacets } from "@/app/results/load";
import { getStore } from "@/db/client";
import { FILTER } from "@/lib/filters";
import { type ChangeRow, describeChange, describeCounts, groupBatches, KIND_LABEL } from "@/lib/lifecycle/changes";
import { changeHref } from "@/lib/lifecycle/curve-changes";
import { formatUtc } from "@/lib/snapshot";
import { API_DEFAULTS, serializeResultsState } from "@/lib/url-state";
import { loadChanges, parseChangesQuery } from "./load";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Changes to published results" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Rows one page lists (the newest; `since` and the filters narrow it, the feed and the API say the same). */
const PAGE_ROWS = 500;

const KIND_TONE: Record<ChangeRow["kind"], string> = {
  new: "text-emerald-800 dark:text-emerald-300",
  changed: "text-sky-800 dark:text-sky-300",
  "no-longer-published": "text-amber-800 dark:text-amber-300",
  status: "text-violet-800 dark:text-violet-300",
};

function Select({ name, values, chosen }: { name: "round" | "submitter" | "model"; values: string[]; chosen: string }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{FILTER[name].label}</span>
      <select
        name={name}
        defaultValue={chosen}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
      >
        <option value="">All</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );
}

export default async function ChangesPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = await searchParams;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) if (typeof v === "string" && v !== "") params.set(k, v);
  const q = parseChangesQuery(params);
  const { rows, view } = await loadChanges(q, PAGE_ROWS);
  const facets = await getFilterFacets(await getStore());
  const query = serializeResultsState({ ...q.state, status: "all" }, API_DEFAULTS);
  const feedQuery = [query, q.since ? `since=${encodeURIComponent(q.since)}` : ""].filter(Boolean).join("&");
  const batches = groupBatches(rows);
  const models = facets.models.flatMap((m) => m.variants.map((v) => v.model));
  return (
    <div className="max-w-5xl space-y-4">
      <header className="space-y-1">
        <h1 className="font-semibold text-2xl tracking-tight">Changes to published results</h1>
        <p className="text-slate-700 dark:text-slate-300">
          What each import and refresh of the official sources changed, for MLPerf Inference results and MLPerf
          Endpoints curves: new ones, changed values (old → new), ones no longer in their source (kept here and marked,
          never deleted) and status changes. Showing: {view || "all results"}
          {q.since ? `, since ${formatUtc(q.since)}` : ""}.
        </p>
        <p className="text-sm">
          <a
            href={`/changes.atom${feedQuery ? `?${feedQuery}` : ""}`}
            className="text-sky-700 underline dark:text-sky-400"
            data-testid="feed-link"
          >
            Atom feed of this view
          </a>{" "}
          ·{" "}
          <Link href={`/results?${query}`} className="text-sky-700 underline dark:text-sky-400">
            These results in the explorer
          </Link>
        </p>
      </header>
      {q.issues.length > 0 && (
        <p role="alert" className="text-red-800 text-sm dark:text-red-300">
          Not understood, left out: {q.issues.map((i) => `${i.field} (${i.message})`).join("; ")}.
        </p>
      )}
      <form method="get" action="/changes" className="flex flex-wrap items-end gap-3">
        <Select name="round" values={[...facets.round].reverse()} chosen={q.state.round.join(",")} />
        <Select name="model" values={models} chosen={q.state.model.join(",")} />
        <Select name="submitter" values={facets.submitter} chosen={q.state.submitter.join(",")} />
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Since</span>
          <input
            type="date"
            name="since"
            defaultValue={q.since?.slice(0, 10) ?? ""}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
          />
        </label>
        <button
          type="submit"
          className="rounded-md bg-slate-800 px-3 py-1.5 text-sm text-white dark:bg-slate-200 dark:text-slate-900"
        >
          Show
        </button>
      </form>
      {batches.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300" data-testid="no-changes">
          No changes recorded for this view{q.since ? " since then" : ""}.
        </p>
      ) : (
        batches.map((b) => (
          <section
            key={`${b.at}|${b.source}`}
            className="space-y-2 [overflow-wrap:anywhere]"
            data-testid="change-batch"
          >
            <h2 className="font-semibold text-lg">
              {formatUtc(b.at)} · {[...new Set(b.rows.map((r) => r.round))].join(", ")}
            </h2>
            <p className="break-all text-slate-600 text-sm dark:text-slate-400">
              {describeCounts(b.counts)} — from {b.source}
            </p>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
              {b.rows.map((r) => (
                <li
                  key={`${r.id}|${r.kind}|${JSON.stringify(r.fields)}`}
                  className="flex flex-wrap gap-x-3 px-3 py-1.5 text-sm"
                >
                  <span className={`w-40 shrink-0 font-medium ${KIND_TONE[r.kind]}`}>{KIND_LABEL[r.kind]}</span>
                  <Link
                    href={changeHref(r.id)}
                    className="text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
                  >
                    {r.label}
                  </Link>
                  {r.kind !== "new" && <span className="text-slate-700 dark:text-slate-300">{describeChange(r)}</span>}
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
