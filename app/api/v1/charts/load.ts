// The charts as data (lib/charts/chart-data.ts) from the same reads and series the pages draw: the explorer chart
// from app/results/load.ts loadChart (lib/scale-chart.ts), a comparison's bars from components/compare/compare-rows.ts
// chartSeries. The v1 chart routes and the /embed pages both read through here, so an embed, an image and a CSV of
// one view agree with each other and with the page.

import { forQuery, latestRoundOf, loadChart, resolvePageState } from "@/app/results/load";
import { chartSeries } from "@/components/compare/compare-rows";
import type { DbHandle } from "@/db/client";
import { buildCompare, UnknownIds } from "@/db/queries/compare";
import { getCurve } from "@/db/queries/curves";
import { getDataVersion } from "@/db/queries/version";
import { barChartData, type ChartData, scaleChartData } from "@/lib/charts/chart-data";
import { curveChartData } from "@/lib/charts/curve-chart";
import { compareHref, parseCompareParams } from "@/lib/compare-params";
import { isCurveId } from "@/lib/endpoints/curve-params";
import { RULE_SHORT } from "@/lib/judge";
import { systemLabels } from "@/lib/snapshot";
import { PAGE_DEFAULTS, parseResultsState, serializeResultsState } from "@/lib/url-state";
import { V1Error } from "../respond";

/** The explorer chart of the view the keys select (the /results page's keys and first view). */
export async function resultsChart(h: DbHandle, params: URLSearchParams): Promise<ChartData> {
  const { state: asked, issues } = parseResultsState(params, PAGE_DEFAULTS);
  const bad = issues[0];
  if (bad) throw new V1Error(400, bad.message, bad.field);
  const state = await resolvePageState(h, asked);
  const view = await loadChart(h, state);
  if (view.blocker || !view.data) throw new V1Error(400, view.blocker ?? "No results in this view.", "model");
  const q = forQuery(state, await latestRoundOf(h));
  const { version, at } = await getDataVersion(h);
  const query = serializeResultsState(state);
  return scaleChartData(
    view.data,
    view.units,
    { benchmark: q.model.join(", ") || "All benchmarks", scenario: q.scenario.join(", ") },
    { rounds: q.round, retrievedAt: at, dataVersion: version, link: `/results${query ? `?${query}` : ""}` },
  );
}

/** A comparison's bar chart: the result as published (`figure=raw`) or per accelerator. */
export async function compareChart(h: DbHandle, params: URLSearchParams): Promise<ChartData> {
  const parsed = parseCompareParams(params);
  if (!parsed.ok) throw new V1Error(400, parsed.message, parsed.field);
  let data: Awaited<ReturnType<typeof buildCompare>>;
  try {
    data = await buildCompare(h, parsed.ids, parsed.bakeoff);
  } catch (e) {
    if (e instanceof UnknownIds) throw new V1Error(404, e.message, e.field);
    throw e;
  }
  const per = params.get("figure") === "accelerator";
  const series = chartSeries(data, systemLabels(data.results));
  const s = per ? series.perAccelerator : series.raw;
  if (s.empty) throw new V1Error(400, s.empty, "figure");
  return barChartData(
    s.bars,
    {
      title: per ? "Per accelerator" : "Result as published",
      units: s.units,
      derived: per,
      note: per ? `${s.units}: ${RULE_SHORT}` : null,
    },
    {
      rounds: data.results.map((r) => r.round),
      retrievedAt: data.retrievedAt,
      dataVersion: data.dataVersion,
      link: compareHref(parsed.ids, parsed.bakeoff),
    },
  );
}

/** A curve's step chart (lib/charts/curve-chart.ts); it links back to the curve's page, /curves/{id}. */
export async function curveChart(h: DbHandle, id: string): Promise<ChartData> {
  if (!isCurveId(id)) throw new V1Error(400, "malformed curve id: expected 16 lower-case hex characters", "id");
  const c = await getCurve(h, id);
  if (!c) throw new V1Error(404, `no curve with id ${id}`, "id");
  const { version, at } = await getDataVersion(h);
  return curveChartData(c, {
    rounds: [],
    retrievedAt: c.importedAt ?? at,
    dataVersion: version,
    link: `/curves/${id}`,
  });
}
