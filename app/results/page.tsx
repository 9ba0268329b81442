// /results: the explorer. Parses the URL (bad values fall back to defaults), queries on the server and hands plain
// rows to client leaves. The URL is the only state.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { CurvesSection } from "@/components/curves/curves-section";
import { FiltersPanel } from "@/components/filters/filters-panel";
import { ResultsNotices } from "@/components/results-table/notices";
import { ResultsTable } from "@/components/results-table/results-table";
import { hrefFor, parsePageState, queryFor } from "@/components/results-table/state";
import { getStore } from "@/db/client";
import { listCurves } from "@/db/queries/curves";
import { toExplorerRow } from "@/lib/explorer-row";
import { onlyLatencyScenarios } from "@/lib/result-order";
import { API_DEFAULTS, type ResultsState, serializeResultsState } from "@/lib/url-state";
import { ContextBanner, describeView } from "./context-banner";
import { EmptyState } from "./empty-state";
import {
  explainEmpty,
  getFilterFacets,
  latestRoundOf,
  loadChart,
  loadResultsView,
  nearestViews,
  resolvePageState,
} from "./load";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const h = await getStore();
  const state = await resolvePageState(h, parsePageState(await searchParams).state);
  return { title: `Results: ${describeView(state, await latestRoundOf(h))}` };
}

/** This view's change log and its Atom feed: the view's filter keys (not its sort or page) as their query. */
function ViewChanges({ state }: { state: ResultsState }) {
  const { sort: _s, dir: _d, page: _p, limit: _l, per: _e, hide: _h, show: _w, ids: _i, ...filters } = state;
  const q = serializeResultsState({ ...API_DEFAULTS, ...filters, status: "all" }, API_DEFAULTS);
  const link = "text-sky-700 underline-offset-2 hover:underline dark:text-sky-400";
  return (
    <p className="text-sm print:hidden">
      <Link href={`/changes${q ? `?${q}` : ""}`} className={link} data-testid="view-changes">
        Changes in this view
      </Link>{" "}
      ·{" "}
      <a href={`/changes.atom${q ? `?${q}` : ""}`} className={link} data-testid="view-feed">
        Atom feed
      </a>
    </p>
  );
}

export default async function ResultsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const parsed = parsePageState(params);
  // a value the URL spells another way ("scenario=offline", "model=VLM", "round=6.1") goes to its canonical URL
  if (parsed.rewritten.length > 0) redirect(hrefFor(parsed.state));
  const { issues } = parsed;
  const h = await getStore();
  const firstView = queryFor({ ...parsed.state, ids: [], hide: [], show: [], page: 1, limit: 50 }) === "";
  const { state, total, rows, latestRound, plan, units } = await loadResultsView(h, parsed.state);
  const facets = await getFilterFacets(h);
  const chart = total > 0 ? await loadChart(h, state) : undefined;
  const culprits = total === 0 ? await explainEmpty(h, state, latestRound) : [];
  const nearest = total === 0 ? await nearestViews(h, state, latestRound) : [];
  // Endpoints curves of the view's model (their own divisions and availability: only model, submitter, accelerator
  // and search narrow them)
  const curves = await listCurves(h, {
    model: state.model,
    submitter: state.submitter,
    accelerator: state.accelerator,
    q: state.q,
    division: [],
    availability: [],
    limit: 20,
  });
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="font-semibold text-2xl tracking-tight">Results explorer</h1>
        <p className="hidden max-w-3xl text-slate-700 sm:block dark:text-slate-300">
          Published MLPerf Inference results with their context beside each number. The address bar holds the view: a
          copied link shows the same rows.
        </p>
        <ViewChanges state={state} />
      </header>
      <ContextBanner state={state} latestRound={latestRound} firstView={firstView} />
      {issues.length > 0 && (
        <p className="text-slate-700 text-sm dark:text-slate-300" data-testid="url-issues">
          Some address parameters were not understood and were reset to their defaults:{" "}
          {issues.map((i) => i.field).join(", ")}.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <FiltersPanel state={state} facets={facets} latestRound={latestRound} />
        <div className="min-w-0 space-y-4">
          {total === 0 && <EmptyState culprits={culprits} nearest={nearest} />}
          <ResultsTable
            rows={rows.map(toExplorerRow)}
            total={total}
            state={state}
            sorted={{ sort: plan.sort, dir: plan.dir }}
            lowerIsBetter={units?.direction === "lower" || onlyLatencyScenarios(state.scenario)}
            chart={chart}
            notice={<ResultsNotices state={state} total={total} shown={rows.length} plan={plan} units={units} />}
          />
          <CurvesSection curves={curves.curves} total={curves.total} />
        </div>
      </div>
    </div>
  );
}
