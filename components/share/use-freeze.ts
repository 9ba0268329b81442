"use client";
// Shared by every "Copy link / Freeze & share" control: copying to the clipboard, and freezing a view through
// POST /api/snapshots (the server recomputes what it stores) — one implementation for compare and plan.
import { useState } from "react";

export type FreezeStatus = { kind: "idle" } | { kind: "busy" } | { kind: "error"; message: string };
export interface Snapshot {
  url: string;
  path: string;
  copied: boolean;
  /** When it was copied (Date.now()): the clipboard holds whichever link was copied last. */
  at?: number;
}

/** Copy text to the clipboard; false where the browser refuses (the caller then shows the text to copy). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export const BUTTON_BASE =
  "rounded-md border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:opacity-60";
export const BUTTON_PRIMARY = `${BUTTON_BASE} border-sky-700 bg-sky-700 text-white hover:bg-sky-800 dark:border-sky-500 dark:bg-sky-700 dark:hover:bg-sky-800`;
export const BUTTON_SECONDARY = `${BUTTON_BASE} border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;

/** Freeze `query` as a snapshot of `kind`; the snapshot's link is copied where the browser allows. */
export function useFreeze(kind: "compare" | "plan" | "reproduction" | "overview", query: string | null) {
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [status, setStatus] = useState<FreezeStatus>({ kind: "idle" });

  async function freeze(): Promise<void> {
    if (query === null) return;
    setStatus({ kind: "busy" });
    try {
      const res = await fetch("/api/snapshots", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind, query }),
      });
      const body = (await res.json()) as { url?: string; error?: { message?: string } };
      if (!res.ok || !body.url) throw new Error(body.error?.message ?? `the server answered ${res.status}`);
      const url = `${window.location.origin}${body.url}`;
      const copied = await copyText(url);
      setSnapshot({ url, path: body.url, copied, at: Date.now() });
      setStatus({ kind: "idle" });
    } catch (e) {
      setStatus({ kind: "error", message: e instanceof Error ? e.message : String(e) });
    }
  }

  return { snapshot, status, freeze };
}

/** Whether a copy made at `at` still holds the clipboard, given the other copy (null: none made). */
export function holdsClipboard(mine: { ok: boolean; at: number } | null, other: { ok: boolean; at: number } | null) {
  return !!mine?.ok && !(other?.ok && other.at > mine.at);
}
