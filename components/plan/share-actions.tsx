"use client";
// Copy the page address (the whole plan is in it) and print. Hidden in print.
import { useState } from "react";

const BUTTON =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";

export function ShareActions() {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div className="no-print flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={BUTTON}
        data-testid="copy-plan-link"
        onClick={async () => {
          const url = window.location.href;
          try {
            await navigator.clipboard.writeText(url);
            setCopied("Link copied.");
          } catch {
            setCopied(`Copy this link: ${url}`);
          }
        }}
      >
        Copy link
      </button>
      <button type="button" className={BUTTON} onClick={() => window.print()}>
        Print
      </button>
      <span className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
        {copied}
      </span>
    </div>
  );
}
