import type { Metadata } from "next";
import Link from "next/link";
import { CampaignEditor } from "@/components/campaign/campaign-editor";
import { listCampaigns, listUploadChoices } from "@/db/campaigns";
import { getStore } from "@/db/client";
import { formatUtc } from "@/lib/snapshot";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Evaluation campaigns" };

export default async function CampaignsPage() {
  const h = await getStore();
  const campaigns = await listCampaigns(h);
  const uploads = await listUploadChoices(h);
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
      {campaigns.length > 0 && (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">Campaigns</h2>
          <ul className="space-y-1 text-sm" data-testid="campaign-list">
            {campaigns.map((c) => (
              <li key={c.id}>
                <Link href={`/campaigns/${c.id}`} className="text-sky-700 underline dark:text-sky-400">
                  {c.name}
                </Link>{" "}
                · {c.members} members · updated {formatUtc(c.updatedAt)} ·{" "}
                <Link href={`/campaigns/${c.id}/report`} className="underline">
                  report
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">New campaign</h2>
        <CampaignEditor
          campaignId={null}
          initialName=""
          initialMembers={[]}
          uploads={uploads}
          tokenRequired={Boolean(process.env.PERFCONTEXT_ADMIN_TOKEN)}
        />
      </section>
    </div>
  );
}
