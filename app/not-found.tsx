// The page for an address that leads nowhere (an unknown result id, a mistyped path, a snapshot that does not
// exist): says so plainly and offers the ways back in, including a search of the published results.
import type { Metadata } from "next";
import Link from "next/link";
import { FIRST_VIEW_KEYS } from "@/lib/url-state";

export const metadata: Metadata = { title: "Page not found" };

const LINK =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-2xl space-y-5 py-8" data-testid="not-found">
      <p className="font-mono text-slate-600 text-sm dark:text-slate-400">404</p>
      <h1 className="font-semibold text-2xl tracking-tight">Nothing is published at this address</h1>
      <p className="text-slate-700 dark:text-slate-300">
        The link may be mistyped, or it names a result, upload or snapshot this database does not hold. Results keep
        their address across re-imports, so an old link to a result still works once its round is imported.
      </p>
      <form action="/results" method="get" className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          <span className="text-slate-700 dark:text-slate-300">Search the published results</span>
          <input
            type="search"
            name="q"
            placeholder="submitter, system, accelerator…"
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
        </label>
        {/* every round, benchmark and scenario: a search from here is not narrowed to the explorer's first view */}
        {FIRST_VIEW_KEYS.map((k) => (
          <input key={k} type="hidden" name={k} value="all" />
        ))}
        <button type="submit" className={LINK}>
          Search
        </button>
      </form>
      <nav aria-label="Ways back" className="flex flex-wrap gap-2">
        <Link className={LINK} href="/">
          Overview
        </Link>
        <Link className={LINK} href="/results">
          Results explorer
        </Link>
        <Link className={LINK} href="/bakeoff">
          Bake-off upload
        </Link>
        <Link className={LINK} href="/plan">
          Capacity planner
        </Link>
      </nav>
    </div>
  );
}
