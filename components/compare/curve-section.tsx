// The MLPerf Endpoints curves of a comparison: each curve with its status (and the synthetic label when it is
// MLCommons' checker fixture), its measured points, and the one chart of curves, Inference points and bake-off
// sweeps (lib/endpoints/curve-chart.ts). Drawn from the comparison's payload, so /s/{token} shows what was frozen.
import { CurveChart } from "@/components/charts/curve-chart";
import { CurvePointsTable } from "@/components/curves/points-table";
import { compareCurveChart } from "@/lib/endpoints/curve-chart";
import { curveLabel } from "@/lib/endpoints/curve-compare";
import { CURVE_STATUS_LABEL } from "@/lib/endpoints/curve-types";
import type { CompareData } from "@/lib/snapshot";

/** `frozenToken`: a frozen comparison exports the curves it froze; a live one each curve as it is now. */
export function CurveSection({ data, frozenToken }: { data: CompareData; frozenToken: string | null }) {
  if (data.curves.length === 0) return null;
  const model = compareCurveChart(data);
  const exp = (id: string, json: boolean) =>
    frozenToken
      ? `/api/snapshots/${frozenToken}/csv${json ? "?format=json" : ""}`
      : `/curves/${id}/export${json ? "?format=json" : ""}`;
  return (
    <section aria-labelledby="curves-h" className="space-y-3" data-testid="compare-curves">
      <h2 id="curves-h" className="text-lg font-semibold">
        MLPerf Endpoints curves
      </h2>
      <CurveChart model={model} title="Curves, Inference points and your runs" />
      {data.curves.map((c) => (
        <div key={c.id} className="space-y-1">
          <h3 className="font-medium">
            <a className="text-sky-700 underline dark:text-sky-400" href={`/curves/${c.id}`}>
              {curveLabel(c)}
            </a>{" "}
            <span className="text-slate-600 text-sm dark:text-slate-400">
              {c.model} · {c.division} · {CURVE_STATUS_LABEL[c.status]}
              {c.statusNote ? ` (${c.statusNote})` : ""} · {c.points.length} points
              {c.layout === "v0.7" ? " · v0.7 layout (other definitions)" : ""}
            </span>
          </h3>
          {c.synthetic ? (
            <p
              className="rounded border border-amber-400 bg-amber-50 p-2 text-amber-900 text-sm dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
              data-testid="synthetic-banner"
            >
              Synthetic test data: MLCommons' own submission-checker fixture, not a measured hardware result.
            </p>
          ) : null}
          <CurvePointsTable curve={c} />
          <p className="text-sm">
            <a className="text-sky-700 underline dark:text-sky-400" href={exp(c.id, false)} data-testid="curve-export">
              CSV, one row per point
            </a>{" "}
            ·{" "}
            <a className="text-sky-700 underline dark:text-sky-400" href={exp(c.id, true)}>
              JSON
            </a>
            {frozenToken ? " (as frozen; every curve of this comparison)" : ""}
          </p>
        </div>
      ))}
    </section>
  );
}
