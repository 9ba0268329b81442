// Issue 15: a large upload's overlay page lists its load points a page at a time and says each per-point footnote once.
import { describe, expect, it } from "vitest";
import { PAGE_ROWS, UPLOAD_CAPS } from "@/lib/bakeoff/limits";
import { collapsePointNotes } from "./flag-list";
import { parseOverlayState, serializeOverlayState } from "./overlay-state";
import { pageOf } from "./points-pager";

describe("pageOf", () => {
  it.each([
    // total, asked → page, pages, from, to
    [100, null, { page: 1, pages: 4, from: 0, to: 25 }],
    [100, 2, { page: 2, pages: 4, from: 25, to: 50 }],
    [100, 4, { page: 4, pages: 4, from: 75, to: 100 }],
    [100, 9, { page: 4, pages: 4, from: 75, to: 100 }], // past the end: the last page
    [7, null, { page: 1, pages: 1, from: 0, to: 7 }],
    [26, 2, { page: 2, pages: 2, from: 25, to: 26 }],
    [0, null, { page: 1, pages: 1, from: 0, to: 0 }],
  ])("%i points, page %s", (total, asked, want) => {
    expect(pageOf(total, 25, asked)).toEqual(want);
  });

  it("the largest allowed upload needs at most a handful of pages, each PAGE_ROWS points", () => {
    const p = pageOf(UPLOAD_CAPS.loadPoints.limit, PAGE_ROWS, null);
    expect(p.to - p.from).toBe(PAGE_ROWS);
    expect(p.pages).toBe(Math.ceil(UPLOAD_CAPS.loadPoints.limit / PAGE_ROWS));
  });
});

describe("the page number in the overlay URL", () => {
  it.each([
    ["page=3", 3],
    ["page=1", null], // the default is left out of the URL
    ["page=0", null],
    ["page=-2", null],
    ["page=2.5", null],
    ["page=abc", null],
  ])("%s → %s", (q, want) => {
    const s = parseOverlayState(new URLSearchParams(q));
    expect(s.page).toBe(want);
    expect(serializeOverlayState(s)).toBe(want === null ? "" : `page=${want}`);
  });
});

describe("collapsePointNotes", () => {
  // the sentence lib/context footnotes writes once per load point of a bake-off (label "… (point N)", db/queries/compare.ts)
  const note = (n: number) =>
    `Unverified: not verified by MLCommons. sglang · p100.jsonl (point ${n}): Private benchmark run, not an MLPerf® result.`;

  it("one sentence per load point becomes one sentence naming how many points it covers", () => {
    const notes = ["Retrieved 2026-12-01.", ...Array.from({ length: 100 }, (_, i) => note(i + 1)), "Derived figures."];
    expect(collapsePointNotes(notes)).toEqual([
      "Retrieved 2026-12-01.",
      note(1).replace(" (point 1)", " (each of 100 load points)"),
      "Derived figures.",
    ]);
  });

  it("keeps a single point's note as it is, and drops exact repeats", () => {
    expect(collapsePointNotes([note(3), "a", "a"])).toEqual([note(3), "a"]);
  });

  it("sentences that differ in more than the point number stay apart", () => {
    const other = note(2).replace("sglang", "vllm");
    expect(collapsePointNotes([note(1), other, note(3)])).toEqual([
      note(1).replace(" (point 1)", " (each of 2 load points)"),
      other,
    ]);
  });
});
