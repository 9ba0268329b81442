"use client";
// The campaign's Pareto chart: output tokens/s per accelerator against output tokens/s per user (1000 / TPOT), one
// labelled line per sweep (lib/campaign groupSeries), with the same benchmark's published MLPerf Server and
// Interactive results as points at the per-user speed their TPOT limit guarantees, and those limits drawn.
import {
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartTip, COLORS, type TipRow } from "@/components/bakeoff/chart-bits";
import type { CampaignReport } from "@/lib/campaign/report";
import { formatNumber } from "@/lib/format";

const PALETTE = [
  "#d97706",
  "#059669",
  "#dc2626",
  "#2563eb",
  "#9333ea",
  "#0d9488",
  "#ca8a04",
  "#db2777",
  "#4b5563",
  "#65a30d",
];

type Row = TipRow & { x: number; y: number };

/** What the chart draws: the client component gets only this, not the whole report (a 3,200-run table, issue 26). */
export type ParetoData = Pick<CampaignReport, "series" | "pareto" | "published" | "family" | "families">;

export function ParetoChart({ report }: { report: ParetoData }) {
  const seriesRows = report.series
    .map((s, i) => {
      const rows: Row[] = report.pareto.points
        .filter((p) => p.series === s.id)
        .map((p) => ({
          name: p.label,
          what: `UNVERIFIED · ${s.label}`,
          lines: [
            `${formatNumber(p.perAccelerator)} output tokens/s per accelerator`,
            `${formatNumber(p.perUser)} output tokens/s per user (1000 / ${p.basis})`,
          ],
          x: p.perUser,
          y: p.perAccelerator,
        }));
      // points stay in load order (the sweep's own order), so a line never jumps between sweeps or doubles back
      return { id: s.id, label: s.label, color: PALETTE[i % PALETTE.length] ?? "#d97706", rows };
    })
    .filter((s) => s.rows.length > 0);
  const limits = new Map<string, { scenario: "Server" | "Interactive"; x: number; ttft: number; tpot: number }>();
  const published: Record<"Server" | "Interactive", Row[]> = { Server: [], Interactive: [] };
  for (const p of report.published) {
    limits.set(p.scenario, { scenario: p.scenario, x: p.perUserAtLimit, ttft: p.ttftLimitMs, tpot: p.tpotLimitMs });
    published[p.scenario].push({
      name: p.label,
      what: `Published MLPerf ${p.scenario}: p99 TPOT ≤ ${p.tpotLimitMs} ms, so at least ${formatNumber(p.perUserAtLimit)} tokens/s per user`,
      lines: [`${formatNumber(p.perAccelerator)} tokens/s per accelerator`],
      x: p.perUserAtLimit,
      y: p.perAccelerator,
    });
  }
  const maxX = Math.max(
    1,
    ...seriesRows.flatMap((s) => s.rows.map((r) => r.x)),
    ...[...limits.values()].map((l) => l.x),
  );
  return (
    <figure className="w-full text-slate-700 dark:text-slate-300" data-testid="pareto-chart">
      <ul className="mb-1 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Legend" data-testid="pareto-legend">
        {seriesRows.map((s) => (
          <li key={s.id} className="flex items-center gap-1" data-testid="pareto-series">
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path d="M6 0 L12 6 L6 12 L0 6 Z" fill={s.color} />
            </svg>
            <span className="break-all">
              {s.label} ({s.rows.length === 1 ? "1 point" : `${s.rows.length} points`}, UNVERIFIED)
            </span>
          </li>
        ))}
        {(["Server", "Interactive"] as const)
          .filter((sc) => published[sc].length > 0)
          .map((sc) => (
            <li key={sc} className="flex items-center gap-1">
              <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                <circle cx="6" cy="6" r="4.5" fill="none" stroke={COLORS[sc]} strokeWidth="1.5" />
              </svg>
              <span>
                Published MLPerf {sc} ({published[sc].length}), at the per-user speed its TPOT limit guarantees
              </span>
            </li>
          ))}
      </ul>
      <div className="h-96 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <ScatterChart margin={{ top: 28, right: 24, bottom: 28, left: 8 }}>
            <CartesianGrid stroke="currentColor" strokeOpacity={0.15} />
            <XAxis
              type="number"
              dataKey="x"
              domain={[0, "auto"]}
              tick={{ fill: "currentColor", fontSize: 12 }}
              tickFormatter={(v: number) => formatNumber(v, 0)}
              label={{ value: "output tokens/s per user (1000 / TPOT)", position: "bottom", fill: "currentColor" }}
            />
            <YAxis
              type="number"
              dataKey="y"
              domain={[0, "auto"]}
              tick={{ fill: "currentColor", fontSize: 12 }}
              tickFormatter={(v: number) => formatNumber(v, 0)}
              width={64}
              label={{
                value: "output tok/s per acc.",
                angle: -90,
                position: "insideLeft",
                fill: "currentColor",
                dy: 60,
              }}
            />
            <Tooltip content={<ChartTip />} />
            {[...limits.values()].map((l, i) => (
              <ReferenceLine
                key={l.scenario}
                x={l.x}
                stroke={COLORS[l.scenario]}
                strokeDasharray="6 4"
                ifOverflow="extendDomain"
                label={{
                  value: `${l.scenario}: TPOT ≤ ${l.tpot} ms, TTFT ≤ ${l.ttft} ms`,
                  // text on the side of the line with room: right of a line in the left half, else left
                  position: l.x < maxX / 2 ? "insideTopLeft" : "insideTopRight",
                  fill: COLORS[l.scenario],
                  fontSize: 11,
                  dy: i * 14,
                }}
              />
            ))}
            {(["Server", "Interactive"] as const).map((sc) =>
              published[sc].length === 0 ? null : (
                <Scatter
                  key={sc}
                  name={`Published ${sc}`}
                  data={published[sc]}
                  fill="none"
                  stroke={COLORS[sc]}
                  isAnimationActive={false}
                />
              ),
            )}
            {seriesRows.map((s) => (
              <Scatter
                key={s.id}
                name={s.label}
                data={s.rows}
                fill={s.color}
                stroke={s.color}
                shape="diamond"
                line={s.rows.length > 1 ? { stroke: s.color, strokeWidth: 2 } : false}
                isAnimationActive={false}
              />
            ))}
          </ScatterChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-xs text-slate-600 dark:text-slate-400">
        {report.family &&
          `Published points: MLPerf ${report.family}${report.families.length > 1 ? ` (the benchmark most members map to; the campaign also holds ${report.families.slice(1).join(", ")})` : ""}. `}
        Up and to the right is better. Each sweep is its own line, joined in load order; separate datasets, request
        patterns and server settings are never joined.{" "}
        {report.pareto.excluded.length > 0 &&
          `${report.pareto.excluded.length} run(s) not drawn: ${[...new Set(report.pareto.excluded.map((e) => e.reason))].join("; ")}.`}
      </figcaption>
    </figure>
  );
}
