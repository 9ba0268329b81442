// The one chart of Endpoints curves, MLPerf Inference points and bake-off sweeps (lib/endpoints/curve-chart.ts
// decides what is drawn and where): output tokens/s per accelerator against tokens/s per user. Curves are steps
// (never smoothed), the Offline point a dashed ceiling, Inference results diamonds at their P99 TPOT bound, the
// user's runs hollow triangles. Plain SVG, server-rendered: it prints and needs no script.

import { type ChartSeries, type CurveChartModel, LOG_SPAN, STEP_RULE } from "@/lib/endpoints/curve-chart";
import { formatInt } from "@/lib/format";

// hues that keep ≥ 3:1 against white and slate-950 (the explorer chart's palette)
const PALETTE = ["#0369a1", "#c2410c", "#15803d", "#7c3aed", "#be123c", "#a16207", "#0f766e", "#4338ca"];
// two drawings of one model: a wide one, and a narrow one for phones (text stays legible instead of shrinking)
const WIDE = { w: 560, h: 340, m: { l: 72, r: 20, t: 14, b: 44 } };
const NARROW = { w: 340, h: 300, m: { l: 60, r: 18, t: 12, b: 42 } };
type Frame = typeof WIDE;

function ticks(max: number): number[] {
  return [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
}

/** A y tick's label, short enough to stay clear of the axis title on a phone: 100,000 → "100k". */
function tick(v: number): string {
  if (v >= 1e6) return `${formatInt(v / 1e6)}M`;
  if (v >= 1e4) return `${formatInt(v / 1e3)}k`;
  return formatInt(v);
}

/** The y axis: linear from 0, or logarithmic between powers of ten (ticks at each power). */
function yAxis(model: CurveChartModel): { ticks: number[]; at: (y: number) => number } {
  const { yMax, yLog, yMin } = model;
  if (yLog && yMin !== undefined && yMin > 0) {
    const a = Math.log10(yMin);
    const b = Math.log10(yMax);
    const t: number[] = [];
    for (let e = Math.round(a); e <= Math.round(b); e++) t.push(10 ** e);
    return { ticks: t, at: (y) => (Math.log10(Math.max(y, yMin)) - a) / (b - a) };
  }
  return { ticks: ticks(yMax), at: (y) => y / yMax };
}

function Marker({ s, x, y, color }: { s: ChartSeries; x: number; y: number; color: string }) {
  if (s.kind === "inference")
    return (
      <path
        d={`M${x},${y - 6} L${x + 6},${y} L${x},${y + 6} L${x - 6},${y} Z`}
        fill={color}
        fillOpacity={0.75}
        stroke={color}
        strokeWidth={1.5}
      />
    );
  if (s.kind === "bakeoff")
    return (
      <path d={`M${x},${y - 6} L${x + 6},${y + 5} L${x - 6},${y + 5} Z`} fill="none" stroke={color} strokeWidth={2} />
    );
  return <circle cx={x} cy={y} r={4} fill={color} />;
}

const MARK_WORD: Record<ChartSeries["kind"], string> = {
  curve: "dots joined by steps; dashed line: its Offline ceiling",
  inference: "diamonds",
  bakeoff: "hollow triangles",
};

/** Legend groups: one per kind and note, the series in drawing order (their colour index kept). */
function groups(series: readonly ChartSeries[]) {
  const out: { key: string; kind: ChartSeries["kind"]; note: string; items: { s: ChartSeries; i: number }[] }[] = [];
  series.forEach((s, i) => {
    const key = `${s.kind}\u0000${s.note}`;
    const g = out.find((x) => x.key === key);
    if (g) g.items.push({ s, i });
    else out.push({ key, kind: s.kind, note: s.note, items: [{ s, i }] });
  });
  return out;
}

const KIND_WORD: Record<ChartSeries["kind"], string> = {
  curve: "Endpoints curve (steps)",
  inference: "Inference result",
  bakeoff: "Your run",
};

function Plot({ model, title, f, className }: { model: CurveChartModel; title: string; f: Frame; className: string }) {
  const { series, xMax } = model;
  const { w: W, h: H, m: M } = f;
  const y = yAxis(model);
  const sx = (x: number) => M.l + (x / xMax) * (W - M.l - M.r);
  const sy = (v: number) => H - M.b - y.at(v) * (H - M.t - M.b);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className={`h-auto w-full text-slate-600 dark:text-slate-300 ${className}`}
      role="img"
      aria-label={`${title}: ${series.length} series`}
    >
      {y.ticks.map((t) => (
        <g key={`y${t}`}>
          <line x1={M.l} x2={W - M.r} y1={sy(t)} y2={sy(t)} className="stroke-slate-200 dark:stroke-slate-800" />
          <text x={M.l - 6} y={sy(t) + 4} textAnchor="end" fontSize={12} fill="currentColor">
            {tick(t)}
          </text>
        </g>
      ))}
      {ticks(xMax).map((t) => (
        <text key={`x${t}`} x={sx(t)} y={H - M.b + 16} textAnchor="middle" fontSize={12} fill="currentColor">
          {formatInt(t)}
        </text>
      ))}
      <line x1={M.l} x2={W - M.r} y1={H - M.b} y2={H - M.b} stroke="currentColor" />
      <line x1={M.l} x2={M.l} y1={M.t} y2={H - M.b} stroke="currentColor" />
      <text x={(M.l + W - M.r) / 2} y={H - 6} textAnchor="middle" fontSize={12} fill="currentColor">
        tokens/s per user →
      </text>
      <text
        x={13}
        y={(M.t + H - M.b) / 2}
        textAnchor="middle"
        fontSize={12}
        fill="currentColor"
        transform={`rotate(-90 13 ${(M.t + H - M.b) / 2})`}
      >
        output tokens/s per accelerator{model.yLog ? " (log)" : ""} →
      </text>
      {series.map((s, i) => {
        const color = PALETTE[i % PALETTE.length] as string;
        return (
          <g key={s.id} data-kind={s.kind}>
            {s.ceiling !== null ? (
              <line
                x1={M.l}
                x2={W - M.r}
                y1={sy(s.ceiling)}
                y2={sy(s.ceiling)}
                stroke={color}
                strokeDasharray="6 4"
                strokeWidth={1.5}
              >
                <title>{`${s.label}: Offline ceiling ${formatInt(s.ceiling)} tokens/s per accelerator`}</title>
              </line>
            ) : null}
            {s.steps.length > 1 ? (
              <polyline
                points={s.steps.map((p) => `${sx(p.x)},${sy(p.y)}`).join(" ")}
                fill="none"
                stroke={color}
                strokeWidth={2}
              />
            ) : null}
            {s.kind === "bakeoff" && s.points.length > 1 ? (
              <polyline
                points={s.points.map((p) => `${sx(p.x)},${sy(p.y)}`).join(" ")}
                fill="none"
                stroke={color}
                strokeWidth={1}
                strokeDasharray="2 3"
              />
            ) : null}
            {s.points.map((p) => (
              <g key={`${p.label}-${p.x}-${p.y}`}>
                <Marker s={s} x={sx(p.x)} y={sy(p.y)} color={color} />
                <title>{`${s.label} ${p.label}: ${formatInt(p.y)} tokens/s per accelerator at ${p.x.toFixed(1)} tokens/s per user`}</title>
              </g>
            ))}
          </g>
        );
      })}
    </svg>
  );
}

export function CurveChart({ model, title }: { model: CurveChartModel; title: string }) {
  const { series } = model;
  return (
    <figure className="rounded-lg border border-slate-200 p-3 dark:border-slate-800" data-testid="curve-chart">
      <figcaption className="mb-2 text-slate-700 text-sm dark:text-slate-300">
        <span className="font-medium text-slate-900 dark:text-slate-100">{title}</span>: output tokens/s per accelerator
        against tokens/s per user, both higher is better. {STEP_RULE}
        {model.yLog
          ? ` The y axis is logarithmic: the figures drawn span more than ${LOG_SPAN}×, and on a linear axis the smaller ones would lie flat.`
          : ""}
      </figcaption>
      <div className="max-w-2xl">
        <Plot model={model} title={title} f={WIDE} className="hidden sm:block" />
        <Plot model={model} title={title} f={NARROW} className="sm:hidden" />
      </div>
      <dl className="mt-2 space-y-2 text-sm">
        {groups(series).map((g) => (
          <div key={g.key}>
            <dt>
              <span className="font-medium">{KIND_WORD[g.kind]}</span>{" "}
              <span className="text-slate-600 dark:text-slate-400">
                ({MARK_WORD[g.kind]}): {g.note}
              </span>
            </dt>
            {g.items.map(({ s, i }) => (
              <dd key={s.id} className="ml-4 flex items-baseline gap-x-2">
                <span
                  aria-hidden
                  className="inline-block h-2.5 w-2.5 shrink-0 rounded-sm"
                  style={{ background: PALETTE[i % PALETTE.length] }}
                />
                {s.href ? (
                  <a className="text-sky-700 underline dark:text-sky-400" href={s.href}>
                    {s.label}
                  </a>
                ) : (
                  <span>{s.label}</span>
                )}
              </dd>
            ))}
          </div>
        ))}
      </dl>
      {(model.overlaps ?? []).length > 0 ? (
        <p className="mt-2 text-slate-600 text-xs dark:text-slate-400" data-testid="curve-chart-overlaps">
          {(model.overlaps ?? []).join("; ")}.
        </p>
      ) : null}
      {model.left.length > 0 ? (
        <p className="mt-2 text-slate-600 text-xs dark:text-slate-400">Not on these axes: {model.left.join("; ")}.</p>
      ) : null}
    </figure>
  );
}
