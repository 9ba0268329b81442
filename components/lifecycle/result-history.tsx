// A result's lifecycle on its page: a banner when it is no longer published, withdrawn or invalidated, and its history
// (each import that changed it: first published, values old → new, status changes) from the change log.
import Link from "next/link";
import { type ChangeEntry, describeChange, KIND_LABEL } from "@/lib/lifecycle/changes";
import { STATUS_LABEL } from "@/lib/lifecycle/status";
import { formatUtc } from "@/lib/snapshot";
import type { PublishedResult } from "@/lib/types";

export function StatusBanner({ result }: { result: PublishedResult }) {
  const s = result.status ?? "published";
  if (s === "published") return null;
  const since = result.statusSince ? ` since ${formatUtc(result.statusSince)}` : "";
  const why =
    s === "no-longer-published"
      ? "Its official source no longer lists it: it is kept here as it was last published, and left out of the explorer's current results."
      : s === "invalidated"
        ? "Its official source now reports submission-checker errors for it."
        : "Its source reports it withdrawn.";
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-600 dark:bg-amber-950/50 dark:text-amber-50"
      data-testid="status-banner"
    >
      <span className="font-semibold">
        {STATUS_LABEL[s][0]?.toUpperCase()}
        {STATUS_LABEL[s].slice(1)}
        {since}.
      </span>{" "}
      {why}{" "}
      <Link href="/changes" className="underline">
        All changes
      </Link>
    </p>
  );
}

export function ResultHistory({ history }: { history: ChangeEntry[] }) {
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="history-h" className="space-y-2" data-testid="result-history">
      <h2 id="history-h" className="font-semibold text-lg">
        History
      </h2>
      <ol className="space-y-1 text-sm">
        {history.map((e) => (
          // a curve can move twice in one refresh (finalized, then superseded): what moved keeps the key unique
          <li key={`${e.at}|${e.kind}|${JSON.stringify(e.fields)}`} className="flex flex-wrap gap-x-3">
            <span className="w-40 shrink-0 text-slate-600 tabular-nums dark:text-slate-400">{formatUtc(e.at)}</span>
            <span className="w-36 shrink-0 font-medium">{KIND_LABEL[e.kind]}</span>
            <span className="text-slate-700 dark:text-slate-300">{describeChange(e)}</span>
            <span className="break-all text-slate-500 text-xs dark:text-slate-400">{e.source}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
