"use client";
// Copy link, Freeze & share and Print for a comparison. The link copied is the canonical one (ids sorted);
// freezing asks the server to recompute and store the comparison, then shows the /s/<token> link.
import Link from "next/link";
import { useState } from "react";
import {
  copyText,
  BUTTON_PRIMARY as PRIMARY,
  BUTTON_SECONDARY as SECONDARY,
  useFreeze,
} from "@/components/share/use-freeze";

function LinkBox({ label, url, testId, copied }: { label: string; url: string; testId: string; copied: boolean }) {
  return (
    <div className="flex w-full flex-wrap items-center gap-2 text-sm">
      <label className="flex min-w-0 flex-1 items-center gap-2">
        <span className="shrink-0 text-slate-600 dark:text-slate-400">{label}</span>
        <input
          readOnly
          value={url}
          data-testid={testId}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
        />
      </label>
      <span className="text-xs text-slate-600 dark:text-slate-400">
        {copied ? "Copied to the clipboard." : "Copy it from the box."}
      </span>
    </div>
  );
}

export function ShareBar({ path, freezeQuery }: { path: string; freezeQuery: string | null }) {
  const [linkCopied, setLinkCopied] = useState<{ url: string; ok: boolean } | null>(null);
  const { snapshot, status, freeze: onFreeze } = useFreeze("compare", freezeQuery);

  async function onCopy() {
    const url = `${window.location.origin}${path}`;
    setLinkCopied({ url, ok: await copyText(url) });
  }

  return (
    <div className="space-y-2 print:hidden" data-no-print>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={SECONDARY} onClick={onCopy} data-testid="copy-link">
          Copy link
        </button>
        {freezeQuery !== null && (
          <button
            type="button"
            className={PRIMARY}
            onClick={onFreeze}
            disabled={status.kind === "busy"}
            data-testid="freeze"
            title="Store this comparison as it is now; the link keeps showing these numbers after later imports"
          >
            {status.kind === "busy" ? "Freezing…" : "Freeze & share"}
          </button>
        )}
        <button type="button" className={SECONDARY} onClick={() => window.print()}>
          Print
        </button>
      </div>
      <div aria-live="polite" className="space-y-2">
        {linkCopied && <LinkBox label="Link" url={linkCopied.url} testId="share-url" copied={linkCopied.ok} />}
        {snapshot && (
          <div className="space-y-1">
            <LinkBox label="Snapshot" url={snapshot.url} testId="snapshot-url" copied={snapshot.copied} />
            <Link href={snapshot.path} className="text-sm text-sky-700 underline dark:text-sky-400">
              Open the frozen snapshot
            </Link>
          </div>
        )}
        {status.kind === "error" && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Could not freeze this comparison: {status.message}
          </p>
        )}
      </div>
    </div>
  );
}
