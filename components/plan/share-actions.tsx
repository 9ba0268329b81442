"use client";
// Copy the page address (the whole plan is in it), Freeze & share, and Print. Hidden in print.
// Freezing sends the canonical query the page was rendered from: the server recomputes that plan and stores it,
// then the /s/<token> link is shown (and copied where the browser allows).
import { useState } from "react";
import { FreezeButton, FreezeResult } from "@/components/share/share-controls";
import { BUTTON_SECONDARY as BUTTON, copyText, holdsClipboard, useFreeze } from "@/components/share/use-freeze";

/** `freezeQuery`: the canonical /plan query to freeze, or null where there is nothing to freeze (or it is frozen). */
export function ShareActions({ freezeQuery = null }: { freezeQuery?: string | null }) {
  const [copied, setCopied] = useState<{ url: string; ok: boolean; at: number } | null>(null);
  const { snapshot, status, freeze: onFreeze } = useFreeze("plan", freezeQuery);

  // only the link copied last says "copied": the clipboard holds one
  const snap = snapshot ? { ok: snapshot.copied, at: snapshot.at ?? 0 } : null;
  return (
    <div className="no-print space-y-2">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <button
          type="button"
          className={BUTTON}
          data-testid="copy-plan-link"
          onClick={async () => {
            const url = window.location.href;
            const ok = await copyText(url);
            setCopied({ url, ok, at: Date.now() });
          }}
        >
          Copy link
        </button>
        {freezeQuery !== null && <FreezeButton status={status} onFreeze={onFreeze} testId="freeze-plan" what="plan" />}
        <button type="button" className={BUTTON} onClick={() => window.print()}>
          Print
        </button>
      </div>
      <div aria-live="polite" className="space-y-1 text-xs text-slate-600 dark:text-slate-400">
        {copied && (
          <p>
            {holdsClipboard(copied, snap)
              ? "Link copied."
              : copied.ok
                ? `Link: ${copied.url}`
                : `Copy this link: ${copied.url}`}
          </p>
        )}
        <FreezeResult snapshot={snapshot} status={status} what="plan" holds={holdsClipboard(snap, copied)} />
      </div>
    </div>
  );
}
