import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { findCampaign, pairFrom } from "@/app/api/campaigns/[id]/load";
import { PointsPager } from "@/components/bakeoff/points-pager";
import { CampaignEditorLazy } from "@/components/campaign/campaign-editor-lazy";
import { PairPicker } from "@/components/campaign/pair-picker";
import { CampaignReportView } from "@/components/campaign/report-view";
import { ChangedBanner } from "@/components/lifecycle/changed-banner";
import { RememberRecent } from "@/components/recent/remember";
import { campaignPage } from "@/db/campaign-page";
import { getStore } from "@/db/client";
import { getCitedChanges } from "@/db/queries/changes";
import { CAMPAIGN_PAGE_ROWS } from "@/lib/bakeoff/limits";
import { readStoredMembers } from "@/lib/campaign/schema";
import { citedIds } from "@/lib/lifecycle/cited";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const row = await findCampaign(id);
  return { title: row ? `Campaign: ${row.name} (unverified)` : "Campaign not found", robots: { index: false } };
}

export default async function CampaignPage({ params, searchParams }: Props) {
  const { id } = await params;
  const h = await getStore();
  const row = (await findCampaign(id, h)) ?? notFound();
  const query = await searchParams;
  // the table of every load point is paged (?page=N): a 32-member campaign on 100-point uploads is 3,200 runs. The
  // view holds that page's runs and the chart laid out, made by a worker from the stored report (db/campaign-page.ts)
  const asked = typeof query.page === "string" && /^\d{1,6}$/.test(query.page) ? Number(query.page) : null;
  const view = (await campaignPage(h, id, pairFrom(query), asked)) ?? notFound();
  const { report, window: paged } = view;
  const changed = await getCitedChanges(h, citedIds({ kind: "campaign", data: report }), row.createdAt);
  const pairQuery = report.methodology ? `a=${report.methodology.a}&b=${report.methodology.b}` : "";
  const pageHref = (p: number) => {
    const q = [pairQuery, p > 1 ? `page=${p}` : ""].filter(Boolean).join("&");
    return `/campaigns/${id}${q ? `?${q}` : ""}#runs`;
  };
  return (
    <div className="max-w-6xl space-y-6">
      <RememberRecent kind="campaign" id={id} label={row.name} />
      <ChangedBanner lines={changed} name="campaign" since="the campaign was created" />
      <CampaignReportView
        report={report}
        eyebrow="Evaluation campaign"
        detail
        runTotal={paged.total}
        figure={view.figure}
        actions={
          <p className="text-sm">
            <Link
              href={`/campaigns/${id}/report${pairQuery ? `?${pairQuery}` : ""}`}
              className="font-medium text-sky-700 underline dark:text-sky-400"
              data-testid="open-report"
            >
              Open the report for leadership →
            </Link>
          </p>
        }
        pairPicker={
          <PairPicker
            report={report}
            action={`/campaigns/${id}`}
            page={paged.pages > 1 ? paged.page : null}
            pair={view.pair}
            total={paged.total}
          />
        }
        runsPage={{
          from: 0,
          to: report.runs.length,
          pager: (
            <PointsPager perPage={CAMPAIGN_PAGE_ROWS} hrefFor={pageHref} testId="campaign-runs-pages" {...paged} />
          ),
        }}
      />
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Edit members and roles</h2>
        <CampaignEditorLazy
          campaignId={id}
          initialName={row.name}
          initialMembers={readStoredMembers(row.members).members}
          labels={Object.fromEntries(report.members.map((m) => [`${m.kind}:${m.id}`, m.label ?? m.id]))}
          tokenRequired={Boolean(process.env.PERFCONTEXT_ADMIN_TOKEN)}
        />
      </section>
    </div>
  );
}
