"use client";
// Copy link, Freeze & share (a snapshot the server recomputes and stores), Print.
import { FreezeButton, FreezeResult } from "@/components/share/share-controls";
import { BUTTON_SECONDARY, useFreeze } from "@/components/share/use-freeze";

export function ReproductionShare({ query }: { query: string }) {
  const { snapshot, status, freeze } = useFreeze("reproduction", query);
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden" data-testid="reproduce-share">
      <FreezeButton status={status} onFreeze={freeze} testId="freeze" what="reproduction report" />
      <button type="button" className={BUTTON_SECONDARY} onClick={() => window.print()}>
        Print
      </button>
      <div className="w-full">
        <FreezeResult snapshot={snapshot} status={status} what="reproduction report" />
      </div>
    </div>
  );
}
