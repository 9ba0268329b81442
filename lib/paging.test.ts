// Which page a ?page=N shows, and which page numbers a pager links (hand-worked lists).
import { describe, expect, it } from "vitest";
import { pageOf, pagerPages } from "./paging";

describe("paging", () => {
  it("a page's window; out of range is the nearest page", () => {
    expect(pageOf(3200, 25, 2)).toEqual({ page: 2, pages: 128, from: 25, to: 50 });
    expect(pageOf(3200, 25, 999)).toEqual({ page: 128, pages: 128, from: 3175, to: 3200 });
    expect(pageOf(0, 25, null)).toEqual({ page: 1, pages: 1, from: 0, to: 0 });
  });

  it("links every page up to 9, else the ends and two either side of the current one", () => {
    expect(pagerPages(3, 4)).toEqual([1, 2, 3, 4]);
    expect(pagerPages(1, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pagerPages(1, 128)).toEqual([1, 2, 3, null, 128]);
    expect(pagerPages(60, 128)).toEqual([1, null, 58, 59, 60, 61, 62, null, 128]);
    expect(pagerPages(4, 128)).toEqual([1, 2, 3, 4, 5, 6, null, 128]);
    expect(pagerPages(128, 128)).toEqual([1, null, 126, 127, 128]);
  });
});
