// What /curves/{id} shows: the curve, its history across cohorts, the MLPerf Inference Server/Interactive results of
// the same benchmark (best per accelerator, newest round first) and any bake-off uploads named by `?bakeoff=`.
import { getStore } from "@/db/client";
import { getResultHistory } from "@/db/queries/changes";
import { getBakeoffUpload } from "@/db/queries/compare";
import { getCurve, getCurveHistory } from "@/db/queries/curves";
import { getResults } from "@/db/queries/results";
import { compareHref } from "@/lib/compare-params";
import { bakeoffSeries, chartModel, curveSeries, inferenceSeries } from "@/lib/endpoints/curve-chart";
import { isCurveId } from "@/lib/endpoints/curve-params";
import { splitList } from "@/lib/filters";
import { isUploadId } from "@/lib/id-patterns";
import { curveChangeId } from "@/lib/lifecycle/curve-changes";
import { API_DEFAULTS } from "@/lib/url-state";

/** Inference results beside a curve: enough to see where they sit, few enough to read. */
const INFERENCE_POINTS = 6;

export async function loadCurvePage(id: string, bakeoffParam: string | undefined) {
  if (!isCurveId(id)) return null;
  const h = await getStore();
  const curve = await getCurve(h, id);
  if (!curve) return null;
  const history = await getCurveHistory(h, curve.seriesId);
  // what each import and refresh changed on this curve (the change log: points, status, left its source)
  const changes = await getResultHistory(h, curveChangeId(curve.id));
  const { rows } = await getResults(h, {
    ...API_DEFAULTS,
    model: [curve.benchmark],
    scenario: ["Server", "Interactive"],
    per: "accelerator",
    sort: "perAccelerator",
    dir: "desc",
    limit: INFERENCE_POINTS,
  });
  const uploads = [];
  for (const u of splitList(bakeoffParam ?? "")
    .filter(isUploadId)
    .slice(0, 4)) {
    const up = await getBakeoffUpload(h, u);
    if (up) uploads.push(up);
  }
  const c = curveSeries(curve);
  const inf = inferenceSeries(rows);
  const bo = uploads.map((u) => bakeoffSeries(u.id, u.label, u.runs));
  const chart = chartModel({
    series: [c.series, ...inf.series, ...bo.map((b) => b.series)],
    left: [c.left, ...inf.left, ...bo.map((b) => b.left)],
  });
  // one click to a comparison of this curve with each Inference result drawn beside it (flags, chart, share link)
  const compareWith = rows.map((r) => ({
    label: `${r.submitter} ${r.system} (${r.round} ${r.scenario})`,
    href: compareHref([r.id], [], [curve.id]),
  }));
  return {
    curve,
    history,
    changes,
    chart,
    compareWith,
    uploads: uploads.map((u) => ({ id: u.id, label: u.label })),
  };
}
