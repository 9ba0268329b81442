// Which load points a paged bake-off table lists, and links to the others (issue 15: a large upload is paged, so a
// page's render is bounded by PAGE_ROWS, not by the upload). Server-rendered links: no script needed.
import Link from "next/link";

import { pagerPages } from "@/lib/paging";

export { pageOf } from "@/lib/paging";

export function PointsPager({
  total,
  page,
  pages,
  from,
  to,
  perPage,
  hrefFor,
  testId,
}: {
  total: number;
  perPage: number;
  page: number;
  pages: number;
  from: number;
  to: number;
  hrefFor: (page: number) => string;
  testId: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Load point pages" className="flex flex-wrap items-center gap-2 text-sm" data-testid={testId}>
      <span>
        Load points {from + 1}–{to} of {total}:
      </span>
      {pagerPages(page, pages).map((p, i) =>
        p === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no number of its own; its place is its identity
          <span key={`gap-${i}`} aria-hidden="true">
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page" className="rounded bg-slate-200 px-2 py-0.5 font-medium dark:bg-slate-700">
            {p}
          </span>
        ) : (
          <Link
            key={p}
            href={hrefFor(p)}
            scroll={false}
            className="rounded px-2 py-0.5 text-sky-700 underline dark:text-sky-400"
            aria-label={`Load points ${(p - 1) * perPage + 1}–${Math.min(total, p * perPage)} (page ${p} of ${pages})`}
          >
            {p}
          </Link>
        ),
      )}
    </nav>
  );
}
