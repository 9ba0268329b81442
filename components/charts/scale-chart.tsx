"use client";
// The explorer's chart: the view's figure against system size (accelerators that ran, log scale), one colour per
// accelerator. Picking a point selects its row for comparison (the same URL change as its checkbox). Hidden, with
// the reason, when the view mixes benchmarks, scenarios or units (lib/scale-chart.ts).
//
// Plain SVG laid out on the server (lib/chart-geometry.ts): it is in the page's HTML, so it paints with the page
// (no empty frame while a charting library loads and measures), and /results ships no charting library (issue 30).
// x positions are percentages of the plot's width, so it fills any width without measuring.
import { scatterGeometry } from "@/lib/chart-geometry";
import { formatInt, formatNumber, unitLabel } from "@/lib/format";
import type { ChartData } from "@/lib/scale-chart";

// eight hues that keep ≥ 3:1 against white and slate-950; more accelerators reuse them with hollow marks
const PALETTE = ["#0369a1", "#c2410c", "#15803d", "#7c3aed", "#be123c", "#a16207", "#0f766e", "#4338ca"];

interface Props {
  data: ChartData;
  units: string | null;
  selected: ReadonlySet<string>;
  onPick: (id: string) => void;
}

type Point = ChartData["series"][number]["points"][number];

/** The point's hover text: system, submitter and ID, the figure, the system size. */
function tipText(p: Point, yName: string, on: boolean): string {
  const size = `${formatInt(p.x)} × ${p.accelerator ?? "accelerator"}${p.nodes !== null && p.nodes > 1 ? ` over ${formatInt(p.nodes)} nodes` : ""}`;
  return [
    p.system,
    `${p.submitter}${p.resultId ? ` · ${p.resultId}` : ""}`,
    `${formatNumber(p.y)} ${yName}`,
    size,
    on ? "Selected: click to unselect" : "Click to select for comparison",
  ].join("\n");
}

const PLOT_H = 200; // px: the plot; the x labels sit below it
const pct = (f: number) => `${(2 + f * 96).toFixed(3)}%`; // 2 % inset each side so edge marks are not cut

export function ScaleChart({ data, units, selected, onPick }: Props) {
  const per = data.figure === "perAccelerator";
  const yName = `${units ? unitLabel(units) : "result"}${per ? " per accelerator (derived)" : " (as published)"}`;
  const all = data.series.flatMap((s, si) => s.points.map((p) => ({ p, si })));
  const points = all.length;
  const g = scatterGeometry(
    all.map(({ p }) => p),
    PLOT_H,
  );
  return (
    <figure className="rounded-lg border border-slate-200 p-3 dark:border-slate-800" data-testid="scale-chart">
      <figcaption className="mb-2 text-slate-700 text-sm dark:text-slate-300">
        <span className="font-medium text-slate-900 dark:text-slate-100">{yName}</span> against the number of
        accelerators that ran (log scale), {formatInt(points)} {points === 1 ? "result" : "results"} of this view,
        coloured by accelerator.
        {data.omitted > 0 && ` ${formatInt(data.omitted)} without an accelerator count or figure are not drawn.`} Pick a
        point to select its row.
      </figcaption>
      <div
        className="flex h-60 text-slate-600 dark:text-slate-400"
        role="img"
        aria-label={`Chart of ${yName} by system size`}
        data-testid="scale-chart-plot"
      >
        <svg width="72" height="240" className="shrink-0 overflow-visible" aria-hidden="true">
          {g.yTicks.map((t) => (
            <text key={t.value} x="66" y={t.at + 12} textAnchor="end" fontSize="11" fill="currentColor">
              {formatNumber(t.value, 0)}
            </text>
          ))}
        </svg>
        <svg height="240" className="min-w-0 flex-1 overflow-visible" data-testid="scale-chart-svg" aria-hidden="true">
          <g transform="translate(0 8)">
            {g.yTicks.map((t) => (
              <line
                key={t.value}
                x1="0"
                x2="100%"
                y1={t.at}
                y2={t.at}
                stroke="currentColor"
                strokeOpacity={0.2}
                strokeDasharray="3 3"
              />
            ))}
            {g.xTicks.map((t) => (
              <g key={t.value}>
                <line
                  x1={pct(t.at)}
                  x2={pct(t.at)}
                  y1="0"
                  y2={PLOT_H}
                  stroke="currentColor"
                  strokeOpacity={0.2}
                  strokeDasharray="3 3"
                />
                <text x={pct(t.at)} y={PLOT_H + 18} textAnchor="middle" fontSize="11" fill="currentColor">
                  {formatInt(t.value)}
                </text>
              </g>
            ))}
            <line x1="0" x2="100%" y1={PLOT_H} y2={PLOT_H} stroke="currentColor" />
            {all.map(({ p, si }, i) => {
              const at = g.points[i];
              if (!at) return null;
              const color = PALETTE[si % PALETTE.length] as string;
              const hollow = si >= PALETTE.length;
              const on = selected.has(p.id);
              return (
                // biome-ignore lint/a11y/noStaticElementInteractions: each point is also its row's checkbox in the table below; the chart is a picture with a shortcut
                <circle
                  key={p.id}
                  data-testid="chart-point"
                  data-id={p.id}
                  cx={pct(at.fx)}
                  cy={at.py}
                  r={on ? 7 : 4.5}
                  fill={hollow ? "transparent" : color}
                  fillOpacity={on ? 1 : 0.8}
                  stroke={on ? "currentColor" : color}
                  strokeWidth={on ? 2.5 : hollow ? 2 : 1}
                  cursor="pointer"
                  onClick={() => onPick(p.id)}
                >
                  <title>{tipText(p, yName, on)}</title>
                </circle>
              );
            })}
          </g>
        </svg>
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Accelerators">
        {data.series.map((s, i) => {
          const color = PALETTE[i % PALETTE.length] as string;
          return (
            <li key={s.accelerator} className="flex items-center gap-1.5">
              <svg width="10" height="10" aria-hidden="true">
                <circle
                  cx="5"
                  cy="5"
                  r="4"
                  fill={i >= PALETTE.length ? "transparent" : color}
                  stroke={color}
                  strokeWidth="1.5"
                />
              </svg>
              {s.accelerator} ({formatInt(s.points.length)})
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
