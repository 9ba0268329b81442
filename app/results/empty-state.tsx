// An empty view says which filter emptied it, with a one-click way out. Server component.
import Link from "next/link";
import { formatInt } from "@/lib/format";
import type { EmptyCulprit, NearestView } from "./load";

export function EmptyState({ culprits, nearest = [] }: { culprits: EmptyCulprit[]; nearest?: NearestView[] }) {
  const helpful = culprits.filter((c) => c.without > 0);
  return (
    <div
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 text-sm dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
      data-testid="empty-state"
      role="status"
    >
      <h2 className="font-semibold text-base">No results match this view</h2>
      {helpful.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {helpful.map((c) => (
            <li key={c.text}>
              <code className="rounded bg-amber-100 px-1 dark:bg-amber-900">{c.text}</code> removes all{" "}
              {formatInt(c.without)} {c.without === 1 ? "match" : "matches"}.{" "}
              <Link href={c.href} className="font-medium text-sky-800 underline dark:text-sky-300">
                Drop this filter
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">
          {culprits.length === 0
            ? "The database has no results yet. Import MLCommons summaries with npm run import."
            : "No single filter is to blame: the filters together exclude everything."}
        </p>
      )}
      {nearest.length > 0 && (
        <div className="mt-3" data-testid="nearest-views">
          <p className="font-medium">The nearest views with results:</p>
          <ul className="mt-1 space-y-1">
            {nearest.map((v) => (
              <li key={v.href}>
                <Link href={v.href} className="font-medium text-sky-800 underline dark:text-sky-300">
                  {v.text}
                </Link>{" "}
                ({formatInt(v.count)} {v.count === 1 ? "result" : "results"})
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="mt-3">
        <Link href="/results" className="font-medium text-sky-800 underline dark:text-sky-300">
          Back to the first view
        </Link>
      </p>
    </div>
  );
}
