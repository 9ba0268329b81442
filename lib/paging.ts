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
