"use client";
// Copy the page address (the whole plan is in it), Freeze & share, and Print. Hidden in print.
// Freezing sends the canonical query the page was rendered from: the server recomputes that plan and stores it,
// then the /s/<token> link is shown (and copied where the browser allows).
import Link from "next/link";
import { useState } from "react";
import {
  BUTTON_SECONDARY as BUTTON,
  copyText,
  BUTTON_PRIMARY as PRIMARY,
  useFreeze,
} from "@/components/share/use-freeze";

/** `freezeQuery`: the canonical /plan query to freeze, or null where there is nothing to freeze (or it is frozen). */
export function ShareActions({ freezeQuery = null }: { freezeQuery?: string | null }) {
  const [copied, setCopied] = useState<string | null>(null);
  const { snapshot, status, freeze: onFreeze } = useFreeze("plan", freezeQuery);

  return (
    <div className="no-print space-y-2">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <button
          type="button"
          className={BUTTON}
          data-testid="copy-plan-link"
          onClick={async () => {
            const url = window.location.href;
            setCopied((await copyText(url)) ? "Link copied." : `Copy this link: ${url}`);
          }}
        >
          Copy link
        </button>
        {freezeQuery !== null && (
          <button
            type="button"
            className={PRIMARY}
            onClick={onFreeze}
            disabled={status.kind === "busy"}
            data-testid="freeze-plan"
            title="Store this plan as it is now; the link keeps showing these numbers after later imports"
          >
            {status.kind === "busy" ? "Freezing…" : "Freeze & share"}
          </button>
        )}
        <button type="button" className={BUTTON} onClick={() => window.print()}>
          Print
        </button>
      </div>
      <div aria-live="polite" className="space-y-1 text-xs text-slate-600 dark:text-slate-400">
        {copied && <p>{copied}</p>}
        {snapshot && (
          <div className="space-y-1">
            <label className="flex items-center gap-2 text-sm">
              <span className="shrink-0">Snapshot</span>
              <input
                readOnly
                value={snapshot.url}
                data-testid="snapshot-url"
                onFocus={(e) => e.currentTarget.select()}
                className="w-72 min-w-0 rounded border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
              />
            </label>
            <p>
              {snapshot.copied ? "Copied to the clipboard. " : "Copy it from the box. "}
              <Link href={snapshot.path} className="text-sky-700 underline dark:text-sky-400">
                Open the frozen plan
              </Link>
            </p>
          </div>
        )}
        {status.kind === "error" && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Could not freeze this plan: {status.message}
          </p>
        )}
      </div>
    </div>
  );
}
