"use client";
// The pieces the compare and plan share bars have in common: the Freeze & share button, a copyable link box,
// and the frozen snapshot's link with its "open" link and the freeze error.
import Link from "next/link";
import { BUTTON_PRIMARY, type FreezeStatus, type Snapshot } from "./use-freeze";

export function FreezeButton({
  status,
  onFreeze,
  testId,
  what,
}: {
  status: FreezeStatus;
  onFreeze: () => void;
  testId: string;
  /** "comparison" | "plan", for the tooltip */
  what: string;
}) {
  return (
    <button
      type="button"
      className={BUTTON_PRIMARY}
      onClick={onFreeze}
      disabled={status.kind === "busy"}
      data-testid={testId}
      title={`Store this ${what} as it is now; the link keeps showing these numbers after later imports`}
    >
      {status.kind === "busy" ? "Freezing…" : "Freeze & share"}
    </button>
  );
}

export function LinkBox({
  label,
  url,
  testId,
  copied,
}: {
  label: string;
  url: string;
  testId: string;
  copied: boolean;
}) {
  return (
    <div className="flex w-full flex-wrap items-center gap-2 text-sm">
      <label className="flex min-w-0 flex-1 items-center gap-2">
        <span className="shrink-0 text-slate-600 dark:text-slate-400">{label}</span>
        <input
          readOnly
          value={url}
          data-testid={testId}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs text-slate-900 sm:min-w-72 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
      </label>
      <span className="text-xs text-slate-600 dark:text-slate-400">
        {copied ? "Copied to the clipboard." : "Copy it from the box."}
      </span>
    </div>
  );
}

/** The frozen link (copied where the browser allows), a link to open it, and why freezing failed. */
export function FreezeResult({
  snapshot,
  status,
  what,
  holds = true,
}: {
  snapshot: Snapshot | null;
  status: FreezeStatus;
  what: string;
  /** Whether the clipboard still holds the snapshot's link (false once another link was copied after it). */
  holds?: boolean;
}) {
  return (
    <>
      {snapshot && (
        <div className="space-y-1">
          <LinkBox label="Snapshot" url={snapshot.url} testId="snapshot-url" copied={snapshot.copied && holds} />
          <Link href={snapshot.path} className="text-sm text-sky-700 underline dark:text-sky-400">
            Open the frozen {what === "comparison" ? "snapshot" : what}
          </Link>
        </div>
      )}
      {status.kind === "error" && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Could not freeze this {what}: {status.message}
        </p>
      )}
    </>
  );
}
