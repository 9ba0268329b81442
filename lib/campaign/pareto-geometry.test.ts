// Issue 26: the Pareto chart's marks are laid out on the server and a mark covered by a later one on the same pixel is
// not drawn. Expected cells worked by hand, with 4% of headroom: niceTicks(2.0001 × 1.04) = 0, 0.5 … 2.5 (top 2.5),
// niceTicks(200 × 1.04) = 0, 50 … 250 (top 250); column = x / 2.5 × 1200, row = 300 − y / 250 × 300.
import { describe, expect, it } from "vitest";
import type { PublishedParetoPoint } from "./index";
import { COLUMNS, keyRanges, PLOT_H, paretoGeometry } from "./pareto-geometry";
import type { ParetoPoint } from "./sweeps";

const pt = (series: string, runKey: string, perUser: number, perAccelerator: number): ParetoPoint => ({
  series,
  runKey,
  perUser,
  perAccelerator,
  basis: "tpot mean",
  label: `run ${runKey}`,
});

describe("the Pareto chart's geometry", () => {
  const series = [
    { id: "s1", label: "sweep A" },
    { id: "s2", label: "sweep B" },
  ];
  const points = [
    pt("s1", "1.1", 1, 100),
    pt("s1", "1.2", 2, 200),
    pt("s1", "1.3", 2.0001, 200),
    pt("s2", "2.1", 2, 200),
  ];
  const g = paretoGeometry({ series, pareto: { points, excluded: [] }, published: [] });

  it("places marks on the grid: x by the nice top tick across COLUMNS, y in pixels from the top", () => {
    expect(g.xTicks.map((t) => t.value)).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    expect(g.yTicks).toEqual([0, 50, 100, 150, 200, 250].map((value) => ({ value, at: 300 - (value / 250) * 300 })));
    expect(g.lines[0]?.marks.map((m) => [m.col, m.row])).toEqual([[480, 180]]);
  });

  it("a later mark on the same pixel covers the earlier ones: one drawn, the rest counted", () => {
    // 1.2 and 1.3 round to column 960, row 60, and 2.1 is drawn after them on it
    expect(g.lines[1]?.marks).toEqual([{ col: 960, row: 60, tip: expect.stringContaining("run 2.1"), under: 2 }]);
    expect(g.counts).toEqual({ points: 4, drawn: 2, covered: 2, linesCovered: 0 });
  });

  it("a line keeps its vertices in load order without repeats; a one-point series has no line", () => {
    expect(g.lines[0]?.path).toBe("480,180 960,60");
    expect(g.lines[1]?.path).toBeNull();
    expect(g.lines.map((l) => l.points)).toEqual([3, 1]);
  });

  it("a line with the very vertices of a later one is not drawn, and counted", () => {
    const same = paretoGeometry({
      series,
      pareto: { points: [...points.slice(0, 2), pt("s2", "2.1", 1, 100), pt("s2", "2.2", 2, 200)], excluded: [] },
      published: [],
    });
    expect(same.lines.map((l) => l.path)).toEqual([null, "480,180 960,60"]);
    expect(same.counts.linesCovered).toBe(1);
    expect(same.counts.drawn).toBe(2);
  });

  it("published results: hollow marks under the campaign's, and their TPOT limit's column", () => {
    const published: PublishedParetoPoint[] = [
      {
        id: "r1",
        label: "published",
        scenario: "Server",
        perAccelerator: 100,
        ttftLimitMs: 2000,
        tpotLimitMs: 1000,
        perUserAtLimit: 1,
      },
    ];
    const withPub = paretoGeometry({ series, pareto: { points, excluded: [] }, published });
    // the published point (1, 100) is drawn first, then run 1.1 on the same cell covers it
    expect(withPub.published).toEqual([
      { scenario: "Server", points: 1, marks: [], limit: { col: 480, ttftMs: 2000, tpotMs: 1000 } },
    ]);
    expect(withPub.lines[0]?.marks[0]?.under).toBe(1);
    expect(withPub.counts).toEqual({ points: 5, drawn: 2, covered: 3, linesCovered: 0 });
  });

  it("marks are bounded by the pixels, not by the points: 40 sweeps of 100 points on one curve", () => {
    const many: ParetoPoint[] = [];
    for (let s = 0; s < 40; s++)
      for (let i = 1; i <= 100; i++) many.push(pt(`s${s}`, `${s + 1}.${i}`, i / 10, 1000 / i));
    const big = paretoGeometry({
      series: Array.from({ length: 40 }, (_, s) => ({ id: `s${s}`, label: `sweep ${s}` })),
      pareto: { points: many, excluded: [] },
      published: [],
    });
    // every sweep draws the same 100 points: only the last sweep's marks and line are on top
    expect(big.counts).toEqual({ points: 4000, drawn: 100, covered: 3900, linesCovered: 39 });
    expect(big.lines.slice(0, 39).every((l) => l.marks.length === 0 && l.path === null)).toBe(true);
    const cells = big.lines.flatMap((l) => l.marks.map((m) => `${m.col},${m.row}`));
    expect(new Set(cells).size).toBe(cells.length);
    for (const l of big.lines)
      for (const m of l.marks) {
        expect(m.col).toBeGreaterThanOrEqual(0);
        expect(m.col).toBeLessThanOrEqual(COLUMNS);
        expect(m.row).toBeGreaterThanOrEqual(0);
        expect(m.row).toBeLessThanOrEqual(PLOT_H);
      }
  });
});

describe("run keys as ranges", () => {
  it("joins consecutive points of one member, in the order given", () => {
    expect(keyRanges(["1.1", "1.2", "1.3", "2.1"])).toBe("1.1–1.3, 2.1");
    expect(keyRanges(["1.1", "1.3", "1.4", "3.2", "3.1"])).toBe("1.1, 1.3–1.4, 3.2, 3.1");
    expect(keyRanges(["1.9", "1.10", "2.10", "2.11"])).toBe("1.9–1.10, 2.10–2.11");
    expect(keyRanges(["7.1"])).toBe("7.1");
    expect(keyRanges([])).toBe("");
  });
});
