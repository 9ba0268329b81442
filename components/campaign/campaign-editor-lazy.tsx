"use client";
// The member editor on a saved campaign's page, rendered in the browser only (issue 26): its rows (three selects and
// six inputs per member: 115 KB of the 380 KB page for 32 members) were the largest part of the page's server render,
// on the thread that answers every request, for a form that does nothing until its script runs. The page's report,
// chart and tables stay server-rendered; the editor arrives with its script.
import dynamic from "next/dynamic";

export const CampaignEditorLazy = dynamic(() => import("./campaign-editor").then((m) => m.CampaignEditor), {
  ssr: false,
  loading: () => (
    <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="campaign-editor-loading">
      Loading the member editor…
    </p>
  ),
});
