"use client";
// Copy link, Freeze & share and Print for a comparison. The link copied is the canonical one (ids sorted);
// freezing asks the server to recompute and store the comparison, then shows the /s/<token> link.
import { useState } from "react";
import { FreezeButton, FreezeResult, LinkBox } from "@/components/share/share-controls";
import { copyText, holdsClipboard, BUTTON_SECONDARY as SECONDARY, useFreeze } from "@/components/share/use-freeze";

export function ShareBar({ path, freezeQuery }: { path: string; freezeQuery: string | null }) {
  const [linkCopied, setLinkCopied] = useState<{ url: string; ok: boolean; at: number } | null>(null);
  const { snapshot, status, freeze: onFreeze } = useFreeze("compare", freezeQuery);

  async function onCopy() {
    const url = `${window.location.origin}${path}`;
    const ok = await copyText(url);
    setLinkCopied({ url, ok, at: Date.now() });
  }

  // only the link copied last says "Copied": the clipboard holds one
  const snap = snapshot ? { ok: snapshot.copied, at: snapshot.at ?? 0 } : null;
  return (
    <div className="space-y-2 print:hidden" data-no-print>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={SECONDARY} onClick={onCopy} data-testid="copy-link">
          Copy link
        </button>
        {freezeQuery !== null && <FreezeButton status={status} onFreeze={onFreeze} testId="freeze" what="comparison" />}
        <button type="button" className={SECONDARY} onClick={() => window.print()}>
          Print
        </button>
      </div>
      <div aria-live="polite" className="space-y-2">
        {linkCopied && (
          <LinkBox label="Link" url={linkCopied.url} testId="share-url" copied={holdsClipboard(linkCopied, snap)} />
        )}
        <FreezeResult snapshot={snapshot} status={status} what="comparison" holds={holdsClipboard(snap, linkCopied)} />
      </div>
    </div>
  );
}
