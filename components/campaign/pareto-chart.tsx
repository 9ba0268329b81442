// The campaign's Pareto chart: output tokens/s per accelerator against output tokens/s per user (1000 / TPOT), one
// labelled line per sweep (lib/campaign groupSeries), with the same benchmark's published MLPerf Server and
// Interactive results as hollow points at the per-user speed their TPOT limit guarantees, and those limits drawn.
//
// Plain SVG laid out on the server (lib/campaign/pareto-geometry.ts, issue 26): a server component, so the page
// carries the marks drawn and no data for a charting library; a mark covered by a later one on the same pixel is
// not drawn (counted in the caption, and in the covering mark's hover text). x positions are percentages of the
// plot's width and the lines are drawn in a viewBox stretched to it, so the chart fills any width without measuring.
import type { ParetoFigure } from "@/lib/campaign/page-view";
import { COLUMNS, type ParetoMark, PLOT_H } from "@/lib/campaign/pareto-geometry";
import { COLORS } from "@/lib/chart-colors";
import { formatInt, formatNumber } from "@/lib/format";

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

const SVG_H = PLOT_H + 28; // the plot, then the x tick labels
const x = (col: number) => `${((col / COLUMNS) * 100).toFixed(2)}%`;
const color = (i: number) => PALETTE[i % PALETTE.length] ?? "#d97706";

function tip(m: ParetoMark): string {
  return m.under === 0 ? m.tip : `${m.tip}\n(and ${m.under} more point${m.under === 1 ? "" : "s"} on this pixel)`;
}

export function ParetoChart({ figure }: { figure: ParetoFigure }) {
  const g = figure.geometry;
  const { counts } = g;
  const { excluded } = figure;
  return (
    <figure className="w-full text-slate-700 dark:text-slate-300" data-testid="pareto-chart">
      <ul className="mb-1 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Legend" data-testid="pareto-legend">
        {g.lines.map((s) => (
          <li key={s.id} className="flex items-center gap-1" data-testid="pareto-series">
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path d="M6 0 L12 6 L6 12 L0 6 Z" fill={color(s.color)} />
            </svg>
            <span className="break-all">
              {s.label} ({s.points === 1 ? "1 point" : `${formatInt(s.points)} points`}, UNVERIFIED)
            </span>
          </li>
        ))}
        {g.published.map((p) => (
          <li key={p.scenario} className="flex items-center gap-1">
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <circle cx="6" cy="6" r="4.5" fill="none" stroke={COLORS[p.scenario]} strokeWidth="1.5" />
            </svg>
            <span>
              Published MLPerf {p.scenario} ({p.points}), at the per-user speed its TPOT limit guarantees
              {p.limit && ` (dashed line: p99 TPOT ≤ ${p.limit.tpotMs} ms, TTFT ≤ ${p.limit.ttftMs} ms)`}
            </span>
          </li>
        ))}
      </ul>
      <div
        className="flex text-slate-600 dark:text-slate-400"
        role="img"
        aria-label="Chart of output tokens/s per accelerator against output tokens/s per user"
      >
        <svg width="72" height={SVG_H} className="shrink-0 overflow-visible" aria-hidden="true">
          <text
            transform={`translate(12 ${PLOT_H / 2 + 8}) rotate(-90)`}
            textAnchor="middle"
            fontSize="11"
            fill="currentColor"
          >
            output tok/s per acc.
          </text>
          {g.yTicks.map((t) => (
            <text key={t.value} x="66" y={t.at + 12} textAnchor="end" fontSize="11" fill="currentColor">
              {formatNumber(t.value, 0)}
            </text>
          ))}
        </svg>
        <svg height={SVG_H} className="min-w-0 flex-1 overflow-visible" data-testid="pareto-svg" aria-hidden="true">
          <defs>
            <path id="pareto-mark" d="M0 -5L5 0 0 5-5 0Z" />
            <circle id="pareto-published" r="4.5" strokeWidth="1.5" />
          </defs>
          <g transform="translate(0 8)">
            {g.yTicks.map((t) => (
              <line key={t.value} x1="0" x2="100%" y1={t.at} y2={t.at} stroke="currentColor" strokeOpacity={0.15} />
            ))}
            {g.xTicks.map((t) => (
              <g key={t.value}>
                <line
                  x1={x(t.at * COLUMNS)}
                  x2={x(t.at * COLUMNS)}
                  y1="0"
                  y2={PLOT_H}
                  stroke="currentColor"
                  strokeOpacity={0.15}
                />
                <text
                  x={x(t.at * COLUMNS)}
                  y={PLOT_H + 16}
                  textAnchor={t.at === 0 ? "start" : t.at === 1 ? "end" : "middle"}
                  fontSize="11"
                  fill="currentColor"
                >
                  {formatNumber(t.value, 0)}
                </text>
              </g>
            ))}
            {g.published.map((p, i) =>
              p.limit ? (
                <g key={p.scenario} data-testid="pareto-limit" fill={COLORS[p.scenario]}>
                  <line
                    x1={x(p.limit.col)}
                    x2={x(p.limit.col)}
                    y1="0"
                    y2={PLOT_H}
                    stroke={COLORS[p.scenario]}
                    strokeDasharray="6 4"
                  />
                  <text
                    x={x(p.limit.col)}
                    dx={p.limit.col < COLUMNS / 2 ? 4 : -4}
                    y={12 + i * 14}
                    textAnchor={p.limit.col < COLUMNS / 2 ? "start" : "end"}
                    fontSize="11"
                  >
                    {p.scenario}
                  </text>
                </g>
              ) : null,
            )}
            <svg
              viewBox={`0 0 ${COLUMNS} ${PLOT_H}`}
              preserveAspectRatio="none"
              width="100%"
              height={PLOT_H}
              overflow="visible"
              aria-hidden="true"
            >
              {g.lines.map((s) =>
                s.path ? (
                  <polyline
                    key={s.id}
                    points={s.path}
                    fill="none"
                    stroke={color(s.color)}
                    strokeWidth="2"
                    vectorEffect="non-scaling-stroke"
                    data-testid="pareto-line"
                  />
                ) : null,
              )}
            </svg>
            {g.published.map((p) => (
              <g key={p.scenario} fill="none" stroke={COLORS[p.scenario]}>
                {p.marks.map((m) => (
                  <use key={`${m.col},${m.row}`} href="#pareto-published" x={x(m.col)} y={m.row}>
                    <title>{tip(m)}</title>
                  </use>
                ))}
              </g>
            ))}
            {g.lines.map((s) => (
              <g key={s.id} fill={color(s.color)}>
                {s.marks.map((m) => (
                  <use key={`${m.col},${m.row}`} href="#pareto-mark" x={x(m.col)} y={m.row} data-testid="pareto-mark">
                    <title>{tip(m)}</title>
                  </use>
                ))}
              </g>
            ))}
            <line x1="0" x2="100%" y1={PLOT_H} y2={PLOT_H} stroke="currentColor" />
          </g>
        </svg>
      </div>
      <p className="ml-[72px] text-center text-xs">output tokens/s per user (1000 / TPOT)</p>
      <figcaption className="text-xs text-slate-600 dark:text-slate-400" data-testid="pareto-caption">
        {figure.family &&
          `Published points: MLPerf ${figure.family}${figure.families.length > 1 ? ` (the benchmark most members map to; the campaign also holds ${figure.families.slice(1).join(", ")})` : ""}. `}
        Up and to the right is better. Each sweep is its own line, joined in load order; separate datasets, request
        patterns and server settings are never joined.{" "}
        {counts.covered > 0 &&
          `${formatInt(counts.points)} points, ${formatInt(counts.drawn)} marks drawn: ${formatInt(counts.covered)} fall on the same pixel as a point drawn after them and are not drawn (hover a mark for how many it covers)${counts.linesCovered > 0 ? `; ${counts.linesCovered} sweep line(s) run exactly under a later one` : ""}. `}
        {excluded.count > 0 && `${excluded.count} run(s) not drawn: ${excluded.reasons.join("; ")}.`}
      </figcaption>
    </figure>
  );
}
