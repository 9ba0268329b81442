"use client";
// The explorer's chart: the view's figure against system size (accelerators that ran, log scale), one colour per
// accelerator. Picking a point selects its row for comparison (the same URL change as its checkbox). Hidden, with
// the reason, when the view mixes benchmarks, scenarios or units (lib/scale-chart.ts).
import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
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

interface Tip {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
}

function TipBox({ active, payload, yName, selected }: Tip & { yName: string; selected: ReadonlySet<string> }) {
  const p = payload?.[0]?.payload as ChartData["series"][number]["points"][number] | undefined;
  if (!active || !p) return null;
  return (
    <div className="max-w-xs rounded border border-slate-300 bg-white p-2 text-slate-900 text-xs shadow dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100">
      <p className="break-words font-medium">{p.system}</p>
      <p className="text-slate-600 dark:text-slate-400">
        {p.submitter}
        {p.resultId ? ` · ${p.resultId}` : ""}
      </p>
      <p>
        {formatNumber(p.y)} {yName}
      </p>
      <p>
        {formatInt(p.x)} × {p.accelerator ?? "accelerator"}
        {p.nodes !== null && p.nodes > 1 ? ` over ${formatInt(p.nodes)} nodes` : ""}
      </p>
      <p className="text-slate-600 dark:text-slate-400">
        {selected.has(p.id) ? "Selected: click to unselect" : "Click to select for comparison"}
      </p>
    </div>
  );
}

export function ScaleChart({ data, units, selected, onPick }: Props) {
  const per = data.figure === "perAccelerator";
  const yName = `${units ? unitLabel(units) : "result"}${per ? " per accelerator (derived)" : " (as published)"}`;
  const points = data.series.reduce((n, s) => n + s.points.length, 0);
  const max = Math.max(1, ...data.series.flatMap((s) => s.points.map((p) => p.x)));
  // powers of two up to the biggest system, which is marked too (87 GPUs, 72 in an NVL72 rack)
  const ticks: number[] = [];
  for (let t = 1; t < max * 1.01; t *= 2) ticks.push(t);
  if (!ticks.includes(max)) ticks.push(max);
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
        className="h-60 text-slate-600 dark:text-slate-400"
        role="img"
        aria-label={`Chart of ${yName} by system size`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <ScatterChart margin={{ top: 8, right: 16, bottom: 4, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} />
            <XAxis
              type="number"
              dataKey="x"
              name="Accelerators"
              scale="log"
              domain={[0.8, max * 1.25]}
              tickFormatter={(v: number) => formatInt(v)}
              stroke="currentColor"
              ticks={ticks}
            />
            <YAxis
              type="number"
              dataKey="y"
              name={yName}
              tickFormatter={(v: number) => formatNumber(v, 0)}
              stroke="currentColor"
              width={72}
            />
            <Tooltip content={<TipBox yName={yName} selected={selected} />} cursor={{ strokeDasharray: "3 3" }} />
            {data.series.map((s, i) => {
              const color = PALETTE[i % PALETTE.length] as string;
              const hollow = i >= PALETTE.length;
              return (
                <Scatter
                  key={s.accelerator}
                  name={`${s.accelerator} (${s.points.length})`}
                  data={s.points}
                  fill={hollow ? "transparent" : color}
                  stroke={color}
                  strokeWidth={hollow ? 2 : 1}
                  cursor="pointer"
                  shape={(props: unknown) => {
                    const { cx, cy, payload } = props as { cx?: number; cy?: number; payload?: { id: string } };
                    if (cx === undefined || cy === undefined) return <g />;
                    const on = payload ? selected.has(payload.id) : false;
                    return (
                      <circle
                        cx={cx}
                        cy={cy}
                        r={on ? 7 : 4.5}
                        fill={hollow ? "transparent" : color}
                        fillOpacity={on ? 1 : 0.8}
                        stroke={on ? "currentColor" : color}
                        strokeWidth={on ? 2.5 : hollow ? 2 : 1}
                      />
                    );
                  }}
                  onClick={(p: unknown) => {
                    const id =
                      (p as { payload?: { id?: string }; id?: string }).payload?.id ?? (p as { id?: string }).id;
                    if (id) onPick(id);
                  }}
                />
              );
            })}
          </ScatterChart>
        </ResponsiveContainer>
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
