import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { findCampaign, pairFrom } from "@/app/api/campaigns/[id]/load";
import { PairPicker } from "@/components/campaign/pair-picker";
import { ReportActions } from "@/components/campaign/report-actions";
import { CampaignReportView } from "@/components/campaign/report-view";
import { campaignPage } from "@/db/campaign-page";
import { getStore } from "@/db/client";
import { CAMPAIGN_ID_RE } from "@/lib/campaign/schema";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const row = await findCampaign(id);
  return { title: row ? `Report: ${row.name} (unverified)` : "Campaign not found", robots: { index: false } };
}

export default async function CampaignReportPage({ params, searchParams }: Props) {
  const { id } = await params;
  if (!CAMPAIGN_ID_RE.test(id)) notFound();
  // the campaign page's view, made by a worker from the stored report (db/campaign-page.ts, issue 26): the report
  // lists no load points (verdicts, figures, chart, methodology; printed as it is), so the first page of runs is only
  // what the pair picker offers, and the chart comes laid out; the request thread never parses the 1.7 MB report
  const view = (await campaignPage(await getStore(), id, pairFrom(await searchParams), null)) ?? notFound();
  const { report } = view;
  const pairQuery = report.methodology ? `a=${report.methodology.a}&b=${report.methodology.b}` : "";
  return (
    <div className="max-w-5xl">
      <CampaignReportView
        report={report}
        eyebrow="Evaluation campaign report"
        runTotal={view.window.total}
        figure={view.figure}
        actions={
          <ReportActions id={id} pairQuery={pairQuery} tokenRequired={Boolean(process.env.PERFCONTEXT_ADMIN_TOKEN)} />
        }
        pairPicker={
          <PairPicker report={report} action={`/campaigns/${id}/report`} pair={view.pair} total={view.window.total} />
        }
      />
    </div>
  );
}
