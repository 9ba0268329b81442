"use client";
// Chart (b): output tokens/s per accelerator against p99 TTFT or TPOT. Published Server and Interactive results
// sit at the p99 their LoadGen log reports; without an imported log they sit on their scenario's limit (hollow).
// The limits are reference lines; an upload with several load points is drawn as a curve.
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
import { formatNumber } from "@/lib/format";
import { ChartTip, COLORS, type TipRow } from "./chart-bits";
import { latencyOf, type PublishedPoint, type RunPoint } from "./overlay-data";
import type { OverlayMetric } from "./overlay-state";

interface Props {
  metric: OverlayMetric;
  published: PublishedPoint[];
  runs: RunPoint[];
  runLabel: string;
  limits: { Server: number | null; Interactive: number | null };
}

type Row = TipRow & { x: number; y: number };

export function LatencyScatter({ metric, published, runs, runLabel, limits }: Props) {
  const M = metric.toUpperCase();
  const groups: { key: string; name: string; color: string; hollow: boolean; rows: Row[] }[] = [];
  for (const s of ["Server", "Interactive"] as const) {
    const limit = limits[s];
    const measured: Row[] = [];
    const atLimit: Row[] = [];
    for (const p of published) {
      if (p.scenario !== s || p.perAcc === null) continue;
      const lat = latencyOf(p, metric);
      const base = {
        name: p.name,
        what: `Published ${s}, ${p.acceleratorText}${p.resultId ? `, result ${p.resultId}` : ""}`,
      };
      const perAcc = `${formatNumber(p.perAcc)} tokens/s per accelerator`;
      if (lat !== null)
        measured.push({
          ...base,
          lines: [perAcc, `p99 ${M} ${formatNumber(lat)} ms (LoadGen log)`],
          x: lat,
          y: p.perAcc,
        });
      else if (limit !== null)
        atLimit.push({
          ...base,
          lines: [
            perAcc,
            `no LoadGen log imported: drawn at the ${s} limit (${formatNumber(limit)} ms); its p99 is at or under it`,
          ],
          x: limit,
          y: p.perAcc,
        });
    }
    groups.push({
      key: `${s}-m`,
      name: `Published ${s} (p99 from log)`,
      color: COLORS[s],
      hollow: false,
      rows: measured,
    });
    groups.push({
      key: `${s}-l`,
      name: `Published ${s} (at the limit)`,
      color: COLORS[s],
      hollow: true,
      rows: atLimit,
    });
  }
  const bySeries = new Map<string, Row[]>();
  for (const r of runs) {
    const lat = latencyOf(r, metric);
    if (lat === null || r.perAcc === null) continue;
    const list = bySeries.get(r.series) ?? [];
    list.push({
      name: runLabel,
      what: `UNVERIFIED${r.invalid ? ", INVALID" : ""} bake-off ${r.name}`,
      lines: [`${formatNumber(r.perAcc)} tokens/s per accelerator`, `p99 ${M} ${formatNumber(lat)} ms`],
      x: lat,
      y: r.perAcc,
    });
    bySeries.set(r.series, list);
  }
  const invalidSeries = new Set(runs.filter((r) => r.invalid).map((r) => r.series));
  const curves = [...bySeries.entries()].map(([series, rows]) => ({
    series,
    rows: rows.sort((a, b) => a.x - b.x),
    tag: invalidSeries.has(series) ? "UNVERIFIED, INVALID" : "UNVERIFIED",
  }));
  const legend = [
    ...groups
      .filter((g) => g.rows.length > 0)
      .map((g) => ({ key: g.key, name: g.name, color: g.color, mark: g.hollow ? "hollow" : "dot" })),
    ...curves.map((c) => ({
      key: c.series,
      name: `${runLabel}${curves.length > 1 ? ` · ${c.series}` : ""} (${c.tag})`,
      color: COLORS.run,
      mark: "diamond",
    })),
  ];
  return (
    <div className="w-full text-slate-700 dark:text-slate-300" data-testid="latency-chart">
      <ul className="mb-1 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Legend">
        {legend.map((l) => (
          <li key={l.key} className="flex items-center gap-1">
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              {l.mark === "diamond" ? (
                <path d="M6 0 L12 6 L6 12 L0 6 Z" fill={l.color} />
              ) : (
                <circle
                  cx="6"
                  cy="6"
                  r="4.5"
                  fill={l.mark === "hollow" ? "none" : l.color}
                  stroke={l.color}
                  strokeWidth="1.5"
                />
              )}
            </svg>
            <span className="break-all">{l.name}</span>
          </li>
        ))}
      </ul>
      <div className="h-96 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <ScatterChart margin={{ top: 24, right: 24, bottom: 28, left: 8 }}>
            <CartesianGrid stroke="currentColor" strokeOpacity={0.15} />
            <XAxis
              type="number"
              dataKey="x"
              domain={[0, "auto"]}
              tick={{ fill: "currentColor", fontSize: 12 }}
              tickFormatter={(v: number) => formatNumber(v, 0)}
              label={{ value: `p99 ${M} (ms)`, position: "bottom", fill: "currentColor" }}
            />
            <YAxis
              type="number"
              dataKey="y"
              domain={[0, "auto"]}
              tick={{ fill: "currentColor", fontSize: 12 }}
              tickFormatter={(v: number) => formatNumber(v, 0)}
              width={64}
              label={{ value: "tokens/s per acc.", angle: -90, position: "insideLeft", fill: "currentColor", dy: 50 }}
            />
            <Tooltip content={<ChartTip />} />
            {(["Server", "Interactive"] as const).map((s) => {
              const v = limits[s];
              return v === null ? null : (
                <ReferenceLine
                  key={s}
                  x={v}
                  stroke={COLORS[s]}
                  strokeDasharray="6 4"
                  ifOverflow="extendDomain"
                  label={{
                    value: `${s} limit ${formatNumber(v)} ms`,
                    position: s === "Interactive" ? "insideTopLeft" : "insideTopRight",
                    fill: COLORS[s],
                    fontSize: 11,
                  }}
                />
              );
            })}
            {groups
              .filter((g) => g.rows.length > 0)
              .map((g) => (
                <Scatter
                  key={g.key}
                  name={g.name}
                  data={g.rows}
                  fill={g.hollow ? "none" : g.color}
                  stroke={g.color}
                  fillOpacity={g.hollow ? 0 : 0.75}
                  isAnimationActive={false}
                />
              ))}
            {curves.map((c) => (
              <Scatter
                key={c.series}
                name={`${runLabel}${curves.length > 1 ? ` · ${c.series}` : ""} (${c.tag})`}
                data={c.rows}
                fill={COLORS.run}
                stroke={COLORS.run}
                shape="diamond"
                line={c.rows.length > 1 ? { stroke: COLORS.run, strokeWidth: 2 } : false}
                isAnimationActive={false}
              />
            ))}
          </ScatterChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
