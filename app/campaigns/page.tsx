import type { Metadata } from "next";
import { CampaignEditor } from "@/components/campaign/campaign-editor";
import { RecentCampaigns } from "@/components/recent/recent";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Evaluation campaigns" };

// Private by link (issue 26 finding 5): this page lists no one's uploads or campaigns from the server; the campaigns
// and runs offered are the ones this browser made or opened (components/recent), plus any link pasted.
export default function CampaignsPage() {
  return (
    <div className="max-w-6xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Evaluation campaigns</h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          A campaign groups your bake-off runs by the plan they test: traffic shape (chat, long context, batch or a
          custom ISL/OSL), warm or cold cache, and condition (baseline, node loss, throttled link). It checks that the
          frozen parameters stayed frozen and reports capacity per successful request under each shape's SLO.
        </p>
      </header>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Your campaigns</h2>
        <RecentCampaigns />
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">New campaign</h2>
        <CampaignEditor
          campaignId={null}
          initialName=""
          initialMembers={[]}
          labels={{}}
          tokenRequired={Boolean(process.env.PERFCONTEXT_ADMIN_TOKEN)}
        />
      </section>
    </div>
  );
}
