"use client";
// Copy link, Freeze & share, Print for /overview (hidden in print). Freezing sends the canonical query the page was
// rendered from: the server recomputes those rows and stores them; the /s/<token> link is then shown.
import { FreezeButton, FreezeResult } from "@/components/share/share-controls";
import { BUTTON_SECONDARY as BUTTON, useFreeze } from "@/components/share/use-freeze";

/** `freezeQuery`: the canonical /overview query, or null on a frozen view (nothing more to freeze). */
export function OverviewShare({ freezeQuery = null }: { freezeQuery?: string | null }) {
  const { snapshot, status, freeze } = useFreeze("overview", freezeQuery);
  return (
    <div className="no-print space-y-2">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {freezeQuery !== null && (
          <FreezeButton status={status} onFreeze={freeze} testId="freeze-overview" what="overview" />
        )}
        <button type="button" className={BUTTON} onClick={() => window.print()}>
          Print
        </button>
      </div>
      <div aria-live="polite" className="text-xs text-slate-600 dark:text-slate-400">
        <FreezeResult snapshot={snapshot} status={status} what="overview" holds={!!snapshot?.copied} />
      </div>
    </div>
  );
}
