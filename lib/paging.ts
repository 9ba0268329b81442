// Which slice of a long list a page shows (?page=N): the bake-off overlay's and the campaign page's tables. Pure.

export interface PageWindow {
  page: number;
  pages: number;
  /** the first item listed (0-based) and one past the last */
  from: number;
  to: number;
}

export function pageOf(total: number, perPage: number, asked: number | null): PageWindow {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, asked ?? 1), pages);
  const from = (page - 1) * perPage;
  return { page, pages, from, to: Math.min(total, from + perPage) };
}

/**
 * The page numbers a pager links, in order, null where it skips some: every page up to 9, else the first, the last
 * and two either side of `page` (a 32-member campaign on a max-cap upload has 128 pages of 25 load points).
 */
export function pagerPages(page: number, pages: number): (number | null)[] {
  if (pages <= 9) return Array.from({ length: pages }, (_, i) => i + 1);
  const near = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const kept = [...near].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of kept) {
    const last = out[out.length - 1];
    if (typeof last === "number" && p > last + 1) out.push(null);
    out.push(p);
  }
  return out;
}
