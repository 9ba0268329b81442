"use client";
// Chart (a): output tokens/s per accelerator, one lane per published scenario and one for the bake-off run,
// whose points are marked UNVERIFIED.
import { CartesianGrid, LabelList, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "@/lib/format";
import { ChartTip, COLORS, type TipRow } from "./chart-bits";
import { LANES, type PublishedPoint, type RunPoint } from "./overlay-data";

interface Props {
  published: PublishedPoint[];
  runs: RunPoint[];
  runLabel: string;
}

type Row = TipRow & { x: number; y: number; tag?: string };

/** Spread points in a lane vertically so equal values stay visible; deterministic (same chart every load). */
function jitter(i: number): number {
  return (((i * 7919) % 97) / 97 - 0.5) * 0.5;
}

export function ThroughputStrip({ published, runs, runLabel }: Props) {
  const lane = (name: string) => LANES.indexOf(name as (typeof LANES)[number]);
  const series = (["Offline", "Server", "Interactive"] as const).map((s) => ({
    name: s,
    rows: published
      .filter((p) => p.scenario === s && p.perAcc !== null)
      .map<Row>((p, i) => ({
        name: p.name,
        what: `Published ${s}, ${p.acceleratorText}${p.resultId ? `, result ${p.resultId}` : ""}`,
        lines: [`${formatNumber(p.perAcc)} tokens/s per accelerator`],
        x: p.perAcc ?? 0,
        y: lane(s) + jitter(i),
      })),
  }));
  const runRows = runs
    .filter((r) => r.perAcc !== null)
    .map<Row>((r, i) => ({
      name: runLabel,
      what: `UNVERIFIED${r.invalid ? ", INVALID" : ""} bake-off ${r.name}`,
      lines: [`${formatNumber(r.perAcc)} tokens/s per accelerator`],
      x: r.perAcc ?? 0,
      y: lane("Your run") + (runs.length > 1 ? jitter(i) : 0),
      tag: r.invalid ? "INVALID" : i === 0 ? "UNVERIFIED" : undefined,
    }));
  return (
    <div className="h-80 w-full text-slate-700 dark:text-slate-300" data-testid="throughput-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart margin={{ top: 16, right: 24, bottom: 28, left: 8 }}>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.15} />
          <XAxis
            type="number"
            dataKey="x"
            name="tokens/s per accelerator"
            domain={[0, "auto"]}
            tick={{ fill: "currentColor", fontSize: 12 }}
            tickFormatter={(v: number) => formatNumber(v, 0)}
            label={{
              value: "tokens/s per accelerator (derived)",
              position: "bottom",
              fill: "currentColor",
              fontSize: 12,
            }}
          />
          <YAxis
            type="number"
            dataKey="y"
            domain={[-0.5, LANES.length - 0.5]}
            ticks={LANES.map((_l, i) => i)}
            tickFormatter={(v: number) => LANES[Math.round(v)] ?? ""}
            tick={{ fill: "currentColor", fontSize: 12 }}
            width={84}
            reversed
          />
          <Tooltip content={<ChartTip />} />
          {series.map((s) => (
            <Scatter
              key={s.name}
              name={`Published ${s.name}`}
              data={s.rows}
              fill={COLORS[s.name]}
              fillOpacity={0.7}
              isAnimationActive={false}
            />
          ))}
          <Scatter
            name={`${runLabel} (UNVERIFIED)`}
            data={runRows}
            fill={COLORS.run}
            shape="diamond"
            isAnimationActive={false}
          >
            <LabelList dataKey="tag" position="top" fill={COLORS.run} fontSize={11} fontWeight={600} />
          </Scatter>
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
}
