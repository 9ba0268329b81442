"use client";
// A frozen report's own actions: print, and the CSV of exactly what was frozen (served from the stored payload).
import { BUTTON_SECONDARY } from "@/components/share/use-freeze";

export function FrozenActions({ token }: { token: string }) {
  return (
    <div className="flex flex-wrap gap-2 print:hidden" data-testid="frozen-actions">
      <button type="button" className={BUTTON_SECONDARY} onClick={() => window.print()}>
        Print
      </button>
      <a className={BUTTON_SECONDARY} href={`/api/snapshots/${token}/csv`} data-testid="frozen-csv">
        CSV of this snapshot
      </a>
    </div>
  );
}
