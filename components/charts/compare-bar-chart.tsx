"use client";
// Horizontal bars for a comparison (raw result or the derived per-accelerator figure). Only maps props to recharts;
// the series are shaped on the server (components/compare/compare-rows.ts). Unverified bars are amber and say so.
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { formatNumber } from "@/lib/format";
import { PRINT_FIT } from "./print-fit";

export interface CompareBar {
  name: string;
  value: number;
  unverified: boolean;
}

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

export function CompareBarChart({
  title,
  note,
  bars,
  units,
  derived = false,
  testId,
}: {
  title: string;
  note?: string;
  bars: CompareBar[];
  units: string;
  derived?: boolean;
  testId: string;
}) {
  const height = 56 + bars.length * 44;
  const summary = bars.map((b) => `${b.name}: ${formatNumber(b.value)} ${units}${b.unverified ? " (unverified)" : ""}`);
  return (
    <figure
      className="break-inside-avoid rounded-lg border border-slate-200 p-3 dark:border-slate-800"
      data-testid={testId}
    >
      <figcaption className="mb-1">
        <span className="font-semibold">{title}</span>
        {derived && (
          <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
            derived, not an MLPerf metric
          </span>
        )}
        <span className="block text-xs text-slate-600 dark:text-slate-400">{note ?? units}</span>
      </figcaption>
      <div
        role="img"
        aria-label={`${title}. ${summary.join("; ")}`}
        className={`text-slate-700 dark:text-slate-300 ${PRINT_FIT}`}
        style={{ height }}
      >
        <ResponsiveContainer width="100%" height={height}>
          <BarChart data={bars} layout="vertical" margin={{ top: 4, right: 72, bottom: 4, left: 4 }}>
            <CartesianGrid horizontal={false} strokeOpacity={0.25} />
            <XAxis
              type="number"
              tickFormatter={(v: number) => compact.format(v)}
              tick={{ fill: "currentColor", fontSize: 11 }}
              stroke="currentColor"
              strokeOpacity={0.4}
            />
            <YAxis
              type="category"
              dataKey="name"
              width={150}
              tick={{ fill: "currentColor", fontSize: 12 }}
              stroke="currentColor"
              strokeOpacity={0.4}
            />
            <Bar dataKey="value" isAnimationActive={false} radius={[0, 3, 3, 0]} maxBarSize={30}>
              {bars.map((b) => (
                <Cell
                  key={b.name}
                  fill={b.unverified ? "#f59e0b" : derived ? "#0ea5e9" : "#0369a1"}
                  stroke={b.unverified ? "#b45309" : undefined}
                  strokeDasharray={b.unverified ? "4 3" : undefined}
                />
              ))}
              <LabelList
                dataKey="value"
                position="right"
                formatter={(v: unknown) => (typeof v === "number" ? formatNumber(v) : "")}
                style={{ fill: "currentColor", fontSize: 12 }}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
