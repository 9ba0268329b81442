// A chart's image as standalone SVG (issue 29), drawn from its ChartData (./chart-data.ts) and nothing else: the
// title, both axes with their units, every point (each mark carries data-series/data-x/data-y, the same values as
// the CSV row), the legend, the notes and the citation. No scripts, no external references: it opens in a browser,
// an editor or a slide as it is, and rasterises to PNG. Pure.
import type { ChartData } from "./chart-data";

// eight hues that keep ≥ 3:1 against white (the explorer chart's palette, components/charts/scale-chart.tsx)
export const PALETTE = ["#0369a1", "#c2410c", "#15803d", "#7c3aed", "#be123c", "#a16207", "#0f766e", "#4338ca"];

const W = 880;
const FONT = "DejaVu Sans, Arial, Helvetica, sans-serif";
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const plain = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

export function escapeXml(s: string): string {
  return s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/** Words into lines of at most `max` characters. */
export function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let cur = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (cur && cur.length + 1 + word.length > max) {
      lines.push(cur);
      cur = word;
    } else cur = cur ? `${cur} ${word}` : word;
  }
  if (cur) lines.push(cur);
  return lines;
}

/** Round tick values from 0 to at least `max` (1, 2 or 5 times a power of ten apart). */
export function linearTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * mag >= raw) ?? 10) * mag;
  const ticks: number[] = [];
  for (let t = 0; t < max + step * 0.999; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

/** Powers of two up to the biggest system, which is marked too (the explorer chart's ticks). */
export function log2Ticks(max: number): number[] {
  const ticks: number[] = [];
  for (let t = 1; t < max * 1.01; t *= 2) ticks.push(t);
  if (!ticks.includes(max)) ticks.push(max);
  return ticks;
}

function text(x: number, y: number, s: string, attrs = ""): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}"${attrs ? ` ${attrs}` : ""}>${escapeXml(s)}</text>`;
}

function axisTitle(label: string, units: string): string {
  return units ? `${label} (${units})` : label;
}

interface Frame {
  left: number;
  top: number;
  width: number;
  height: number;
}

function scatterOrSteps(c: ChartData, f: Frame): string[] {
  const pts = c.series.flatMap((s) => s.points);
  const xs = pts.map((p) => Number(p.x));
  const ys = pts.map((p) => p.y);
  const yTicks = linearTicks(Math.max(...ys, 0));
  const yMax = yTicks[yTicks.length - 1] ?? 1;
  const log = c.x.scale === "log";
  const xMaxRaw = Math.max(...xs, 1);
  const xTicks = log ? log2Ticks(xMaxRaw) : linearTicks(xMaxRaw);
  const [x0, x1] = log ? [Math.log(0.8), Math.log(xMaxRaw * 1.25)] : [0, xTicks[xTicks.length - 1] ?? 1];
  const sx = (v: number) => f.left + (((log ? Math.log(v) : v) - x0) / (x1 - x0)) * f.width;
  const sy = (v: number) => f.top + f.height - (v / yMax) * f.height;
  const out: string[] = [];
  for (const t of yTicks) {
    const y = sy(t);
    out.push(
      `<line x1="${f.left}" x2="${f.left + f.width}" y1="${y.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#cbd5e1" stroke-dasharray="3 3"/>`,
    );
    out.push(text(f.left - 6, y + 4, compact.format(t), 'text-anchor="end" font-size="11"'));
  }
  for (const t of xTicks) {
    const x = sx(t);
    out.push(
      `<line x1="${x.toFixed(1)}" x2="${x.toFixed(1)}" y1="${f.top}" y2="${f.top + f.height}" stroke="#e2e8f0"/>`,
    );
    out.push(text(x, f.top + f.height + 16, compact.format(t), 'text-anchor="middle" font-size="11"'));
  }
  c.series.forEach((s, i) => {
    const color = PALETTE[i % PALETTE.length] as string;
    const hollow = i >= PALETTE.length;
    if (s.line && s.points.length > 1) {
      let d = "";
      s.points.forEach((p, j) => {
        const x = sx(Number(p.x));
        const y = sy(p.y);
        d += j === 0 ? `M${x.toFixed(1)},${y.toFixed(1)}` : `V${y.toFixed(1)}H${x.toFixed(1)}`;
      });
      out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="2"/>`);
    }
    for (const p of s.points) {
      const attrs = `data-series="${escapeXml(s.name)}" data-x="${escapeXml(String(p.x))}" data-y="${p.y}"`;
      out.push(
        `<circle class="point" ${attrs} cx="${sx(Number(p.x)).toFixed(1)}" cy="${sy(p.y).toFixed(1)}" r="4.5" fill="${hollow ? "none" : color}" fill-opacity="0.8" stroke="${color}" stroke-width="${hollow ? 2 : 1}"><title>${escapeXml(`${p.label}: ${plain.format(p.y)} ${c.y.units} at ${p.x} ${c.x.units}`)}</title></circle>`,
      );
    }
  });
  return out;
}

function bars(c: ChartData, f: Frame): string[] {
  const pts = c.series.flatMap((s) => s.points);
  const ticks = linearTicks(Math.max(...pts.map((p) => p.y), 0));
  const max = ticks[ticks.length - 1] ?? 1;
  const band = f.height / Math.max(1, pts.length);
  const sx = (v: number) => f.left + (v / max) * f.width;
  const out: string[] = [];
  for (const t of ticks) {
    const x = sx(t);
    out.push(
      `<line x1="${x.toFixed(1)}" x2="${x.toFixed(1)}" y1="${f.top}" y2="${f.top + f.height}" stroke="#e2e8f0"/>`,
    );
    out.push(text(x, f.top + f.height + 16, compact.format(t), 'text-anchor="middle" font-size="11"'));
  }
  pts.forEach((p, i) => {
    const y = f.top + i * band + band * 0.15;
    const h = Math.min(30, band * 0.7);
    const fill = p.flag === "unverified" ? "#f59e0b" : c.y.label.includes("derived") ? "#0ea5e9" : "#0369a1";
    const name = String(p.x);
    out.push(
      text(
        f.left - 8,
        y + h / 2 + 4,
        name.length > 28 ? `${name.slice(0, 27)}…` : name,
        'text-anchor="end" font-size="12"',
      ),
    );
    out.push(
      `<rect class="point" data-series="${escapeXml(c.series[0]?.name ?? "")}" data-x="${escapeXml(name)}" data-y="${p.y}" x="${f.left}" y="${y.toFixed(1)}" width="${Math.max(1, sx(p.y) - f.left).toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}"${p.flag === "unverified" ? ' stroke="#b45309" stroke-dasharray="4 3"' : ""}><title>${escapeXml(`${p.label}: ${plain.format(p.y)} ${c.y.units}${p.flag ? ` (${p.flag})` : ""}`)}</title></rect>`,
    );
    out.push(text(sx(p.y) + 6, y + h / 2 + 4, `${plain.format(p.y)}${p.flag ? ` (${p.flag})` : ""}`, 'font-size="12"'));
  });
  return out;
}

/** The chart as one standalone SVG document. */
export function chartSvg(c: ChartData): string {
  const isBars = c.kind === "bars";
  const pointCount = c.series.reduce((n, s) => n + s.points.length, 0);
  const left = isBars ? 210 : 84;
  const top = 64;
  const plotH = isBars ? Math.max(80, pointCount * 44) : 300;
  const frame: Frame = { left, top, width: W - left - 90, height: plotH };
  const legend = c.kind === "bars" ? [] : c.series.map((s, i) => ({ name: `${s.name} (${s.points.length})`, i }));
  const legendRows: { name: string; i: number }[][] = [];
  let row: { name: string; i: number }[] = [];
  let used = 0;
  for (const l of legend) {
    const w = 24 + l.name.length * 6.5;
    if (used + w > W - 40 && row.length) {
      legendRows.push(row);
      row = [];
      used = 0;
    }
    row.push(l);
    used += w;
  }
  if (row.length) legendRows.push(row);
  const notes = c.notes.flatMap((n) => wrap(n, 130));
  const cite = wrap(c.citation, 150);
  let y = top + plotH + (isBars ? 18 : 44);
  const foot: string[] = [
    text(
      left + frame.width / 2,
      y,
      axisTitle(c.x.label, c.x.units),
      'text-anchor="middle" font-size="12" font-weight="bold"',
    ),
  ];
  if (isBars) foot.length = 0;
  y += 10;
  for (const r of legendRows) {
    y += 18;
    let x = 24;
    for (const l of r) {
      const color = PALETTE[l.i % PALETTE.length] as string;
      foot.push(
        `<circle cx="${x + 5}" cy="${y - 4}" r="5" fill="${l.i >= PALETTE.length ? "none" : color}" stroke="${color}" stroke-width="1.5"/>`,
      );
      foot.push(text(x + 14, y, l.name, 'font-size="11"'));
      x += 24 + l.name.length * 6.5;
    }
  }
  for (const n of notes) {
    y += 15;
    foot.push(text(24, y, n, 'font-size="11" fill="#334155"'));
  }
  y += 6;
  for (const line of cite) {
    y += 13;
    foot.push(text(24, y, line, 'font-size="9.5" fill="#475569"'));
  }
  y += 13;
  foot.push(text(24, y, `PerfContext ${c.link} · data version ${c.dataVersion}`, 'font-size="9.5" fill="#475569"'));
  const H = Math.ceil(y + 14);
  const yTitle = axisTitle(c.y.label, c.y.units);
  const body = isBars ? bars(c, frame) : scatterOrSteps(c, frame);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${FONT}" fill="#0f172a" role="img" aria-label="${escapeXml(`${c.title}. ${yTitle}.`)}">`,
    `<title>${escapeXml(c.title)}</title>`,
    `<desc>${escapeXml(c.citation)}</desc>`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    text(24, 28, c.title, 'font-size="17" font-weight="bold"'),
    text(24, 48, isBars ? `${c.x.label} · ${yTitle}` : yTitle, 'font-size="12" fill="#334155"'),
    `<line x1="${left}" x2="${left}" y1="${top}" y2="${top + plotH}" stroke="#64748b"/>`,
    `<line x1="${left}" x2="${left + frame.width}" y1="${top + plotH}" y2="${top + plotH}" stroke="#64748b"/>`,
    ...body,
    ...foot,
    `</svg>`,
  ].join("\n");
}
