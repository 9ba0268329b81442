// Where the explorer chart's marks go, computed once on the server so the chart is in the page's HTML (no
// measuring, no charting library in the browser: issue 30, "the chart renders with the page"). Pure.
//
// x: accelerators that ran, log scale, as a fraction 0..1 of the plot's width (the SVG places it in %, so the chart
// fills any width without a resize observer); y: the figure, linear from 0, in pixels from the plot's top.

export interface Tick {
  value: number;
  /** x: fraction of the plot width (0..1); y: pixels from the plot's top */
  at: number;
}

/** Powers of two from 1 up to the biggest system, and the biggest system itself (87 GPUs, 72 in an NVL72 rack). */
export function logTicks(max: number): number[] {
  const ticks: number[] = [];
  for (let t = 1; t < max * 1.01; t *= 2) ticks.push(t);
  if (!ticks.includes(max)) ticks.push(max);
  return ticks;
}

/** 1, 2 or 5 × 10^k steps from 0 covering `max` in about `count` steps: 0, 5,000, 10,000 … */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * mag >= raw) ?? 10) * mag;
  const out: number[] = [];
  for (let v = 0; v < max + step * 0.999; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

export interface ScatterInput {
  x: number;
  y: number;
}

export interface ScatterGeometry {
  xTicks: Tick[];
  yTicks: Tick[];
  /** the position of each input point, in input order */
  points: { fx: number; py: number }[];
}

/**
 * The plot's ticks and point positions. The x domain runs from 0.8 to 1.25 × the biggest system (log), the y domain
 * from 0 to the top nice tick; `height` is the plot's height in pixels.
 */
export function scatterGeometry(points: readonly ScatterInput[], height: number): ScatterGeometry {
  const maxX = Math.max(1, ...points.map((p) => p.x));
  const maxY = Math.max(0, ...points.map((p) => p.y));
  const lo = Math.log(0.8);
  const hi = Math.log(maxX * 1.25);
  const fx = (x: number) => (Math.log(x) - lo) / (hi - lo);
  const yValues = niceTicks(maxY);
  const top = yValues[yValues.length - 1] ?? 1;
  const py = (y: number) => height - (y / top) * height;
  return {
    xTicks: logTicks(maxX).map((value) => ({ value, at: fx(value) })),
    yTicks: yValues.map((value) => ({ value, at: py(value) })),
    points: points.map((p) => ({ fx: fx(p.x), py: py(p.y) })),
  };
}
