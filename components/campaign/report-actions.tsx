"use client";
// The report's actions: Freeze & share (POST /api/campaigns/{id}/freeze, with the write token when one is needed),
// print, CSV and JSON. The frozen link opens the report as it is now, in any browser.
import Link from "next/link";
import { useState } from "react";
import { FreezeButton, FreezeResult } from "@/components/share/share-controls";
import { BUTTON_SECONDARY, copyText, type FreezeStatus, type Snapshot } from "@/components/share/use-freeze";

export function ReportActions(props: { id: string; pairQuery: string; tokenRequired: boolean }) {
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [status, setStatus] = useState<FreezeStatus>({ kind: "idle" });
  const [token, setToken] = useState("");
  async function freeze() {
    setStatus({ kind: "busy" });
    try {
      const res = await fetch(`/api/campaigns/${props.id}/freeze${props.pairQuery ? `?${props.pairQuery}` : ""}`, {
        method: "POST",
        headers: props.tokenRequired && token ? { authorization: `Bearer ${token}` } : {},
      });
      const body = (await res.json()) as { url?: string; error?: { message?: string } };
      if (!res.ok || !body.url) throw new Error(body.error?.message ?? `the server answered ${res.status}`);
      const url = `${window.location.origin}${body.url}`;
      setSnapshot({ url, path: body.url, copied: await copyText(url) });
      setStatus({ kind: "idle" });
    } catch (e) {
      setStatus({ kind: "error", message: e instanceof Error ? e.message : String(e) });
    }
  }
  const q = props.pairQuery ? `&${props.pairQuery}` : "";
  return (
    <div className="space-y-2 print:hidden" data-testid="report-actions">
      <div className="flex flex-wrap items-center gap-2">
        {props.tokenRequired && (
          <label className="flex items-center gap-1 text-sm">
            <span>Write token</span>
            <input
              type="password"
              className="rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
              value={token}
              onChange={(e) => setToken(e.target.value)}
            />
          </label>
        )}
        <FreezeButton status={status} onFreeze={() => void freeze()} testId="campaign-freeze" what="campaign report" />
        <button type="button" className={BUTTON_SECONDARY} onClick={() => window.print()}>
          Print
        </button>
        <a className={BUTTON_SECONDARY} href={`/api/campaigns/${props.id}?format=csv${q}`} data-testid="campaign-csv">
          CSV
        </a>
        <a className={BUTTON_SECONDARY} href={`/api/campaigns/${props.id}?format=json${q}`}>
          JSON
        </a>
        <Link
          className={BUTTON_SECONDARY}
          href={`/campaigns/${props.id}${props.pairQuery ? `?${props.pairQuery}` : ""}`}
        >
          Edit the campaign
        </Link>
      </div>
      <FreezeResult snapshot={snapshot} status={status} what="report" />
    </div>
  );
}
