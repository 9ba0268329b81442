// The banner on a frozen or stored view (snapshot, plan, reproduction, campaign) whose cited results changed or left
// their source since it was made: each such result named, the difference spelled out, a link to the live view.

import Link from "next/link";
import type { ChangedLine } from "@/lib/lifecycle/cited";
import { changeHref } from "@/lib/lifecycle/curve-changes";

const WHAT: Record<ChangedLine["kind"], string> = {
  changed: "changed",
  status: "status changed",
  "no-longer-published": "no longer published",
};

/** `live`: the live view's link (frozen views); a live page itself (a reproduction, a campaign) leaves it out. */
export function ChangedBanner({
  lines,
  live,
  name,
  since = "it was made",
}: {
  lines: ChangedLine[];
  live?: string;
  name: string;
  since?: string;
}) {
  if (lines.length === 0) return null;
  return (
    <div
      role="status"
      className="space-y-1 rounded-lg border border-amber-500 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-500 dark:bg-amber-950/50 dark:text-amber-50"
      data-testid="changed-banner"
    >
      <p className="font-semibold">
        {lines.length === 1 ? "A result or curve this cites has" : `${lines.length} results or curves this cites have`}{" "}
        changed since {since}:
      </p>
      <ul className="list-disc space-y-0.5 pl-5 text-sm">
        {lines.map((l) => (
          <li key={l.id}>
            <Link href={changeHref(l.id)} className="underline">
              {l.label}
            </Link>{" "}
            — {WHAT[l.kind]}: {l.text}
          </li>
        ))}
      </ul>
      {live ? (
        <p className="text-sm">
          <Link href={live} className="font-semibold underline print:hidden" data-testid="changed-live-link">
            See the live {name} →
          </Link>
        </p>
      ) : (
        <p className="text-sm">This {name} reads the results as they are now.</p>
      )}
    </div>
  );
}
