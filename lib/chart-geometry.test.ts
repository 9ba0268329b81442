// Expected positions worked by hand: ln(1) − ln(0.8) = 0.223144, ln(8 × 1.25) − ln(0.8) = 2.525729.
import { describe, expect, it } from "vitest";
import { logTicks, niceTicks, scatterGeometry } from "./chart-geometry";

describe("chart geometry", () => {
  it("log ticks: powers of two and the biggest system", () => {
    expect(logTicks(8)).toEqual([1, 2, 4, 8]);
    expect(logTicks(87)).toEqual([1, 2, 4, 8, 16, 32, 64, 87]);
    expect(logTicks(72)).toEqual([1, 2, 4, 8, 16, 32, 64, 72]);
    expect(logTicks(1)).toEqual([1]);
  });

  it("nice y ticks: 1-2-5 steps from 0 past the maximum", () => {
    expect(niceTicks(23_456)).toEqual([0, 5000, 10_000, 15_000, 20_000, 25_000]);
    expect(niceTicks(9)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(0.37)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it("points: x as a fraction of the width on a log scale, y in pixels from the top", () => {
    const g = scatterGeometry(
      [
        { x: 1, y: 10_000 },
        { x: 8, y: 23_456 },
      ],
      200,
    );
    expect(g.points[0]?.fx).toBeCloseTo(0.223144 / 2.525729, 5);
    expect(g.points[0]?.py).toBeCloseTo(120, 6); // top tick 25,000: 200 − 10,000/25,000 × 200
    expect(g.points[1]?.fx).toBeCloseTo((Math.LN2 * 3 + 0.223144) / 2.525729, 5);
    expect(g.yTicks.map((t) => t.at)).toEqual([200, 160, 120, 80, 40, 0]);
    expect(g.xTicks.map((t) => t.value)).toEqual([1, 2, 4, 8]);
  });
});
