"use client";
// Latency percentiles from a LoadGen log as bars, with the scenario's limit drawn as a reference line.
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { formatNumber } from "@/lib/format";
import { PRINT_FIT } from "./print-fit";

export interface LatencyPoint {
  percentile: string; // "p50", "p99.9"
  ms: number;
}

/** 721 → 800, 44 → 45: an axis top a reader can read. */
function niceCeil(v: number): number {
  if (v <= 0) return 1;
  const mag = 10 ** Math.floor(Math.log10(v));
  const step = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((s) => s * mag >= v) ?? 10;
  return step * mag;
}

export function LatencyChart({
  title,
  points,
  limitMs,
  limitPercentile,
  testId,
}: {
  title: string;
  points: LatencyPoint[];
  limitMs: number | null;
  limitPercentile: string;
  testId: string;
}) {
  const top = niceCeil(Math.max(...points.map((p) => p.ms), limitMs ?? 0) * 1.08);
  const summary = points.map((p) => `${p.percentile} ${formatNumber(p.ms, 1)} ms`).join(", ");
  return (
    <figure
      className="break-inside-avoid rounded-lg border border-slate-200 p-3 dark:border-slate-800"
      data-testid={testId}
    >
      <figcaption className="mb-1">
        <span className="font-semibold">{title}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          milliseconds by percentile
          {limitMs !== null ? `; dashed line: the ${limitPercentile} limit, ${formatNumber(limitMs, 0)} ms` : ""}
        </span>
      </figcaption>
      <div
        role="img"
        aria-label={`${title}: ${summary}${limitMs !== null ? `; limit ${formatNumber(limitMs, 0)} ms` : ""}`}
        className={`h-56 text-slate-700 dark:text-slate-300 ${PRINT_FIT}`}
      >
        <ResponsiveContainer width="100%" height={224}>
          <BarChart data={points} margin={{ top: 16, right: 72, bottom: 4, left: 4 }}>
            <CartesianGrid vertical={false} strokeOpacity={0.25} />
            <XAxis
              dataKey="percentile"
              tick={{ fill: "currentColor", fontSize: 12 }}
              stroke="currentColor"
              strokeOpacity={0.4}
            />
            <YAxis
              domain={[0, top]}
              tickFormatter={(v: number) => formatNumber(v, 0)}
              tick={{ fill: "currentColor", fontSize: 11 }}
              stroke="currentColor"
              strokeOpacity={0.4}
              width={56}
            />
            <Bar dataKey="ms" isAnimationActive={false} radius={[3, 3, 0, 0]} maxBarSize={40}>
              {points.map((p) => (
                <Cell
                  key={p.percentile}
                  fill={limitMs !== null && p.percentile === limitPercentile && p.ms > limitMs ? "#dc2626" : "#0369a1"}
                />
              ))}
            </Bar>
            {limitMs !== null && (
              <ReferenceLine
                y={limitMs}
                stroke="#dc2626"
                strokeDasharray="6 4"
                strokeWidth={2}
                label={{
                  value: `limit ${formatNumber(limitMs, 0)}`,
                  position: "right",
                  fill: "#dc2626",
                  fontSize: 12,
                }}
              />
            )}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
