import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { campaignReport, pairFrom } from "@/app/api/campaigns/[id]/load";
import { PairPicker } from "@/components/campaign/pair-picker";
import { ReportActions } from "@/components/campaign/report-actions";
import { CampaignReportView } from "@/components/campaign/report-view";
import { getCampaignRow } from "@/db/campaigns";
import { getStore } from "@/db/client";
import { CAMPAIGN_ID_RE } from "@/lib/campaign/schema";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const row = CAMPAIGN_ID_RE.test(id) ? await getCampaignRow(await getStore(), id) : null;
  return { title: row ? `Report: ${row.name} (unverified)` : "Campaign not found", robots: { index: false } };
}

export default async function CampaignReportPage({ params, searchParams }: Props) {
  const { id } = await params;
  if (!CAMPAIGN_ID_RE.test(id)) notFound();
  const report = await campaignReport(await getStore(), id, pairFrom(await searchParams));
  if (!report) notFound();
  const pairQuery = report.methodology ? `a=${report.methodology.a}&b=${report.methodology.b}` : "";
  return (
    <div className="max-w-5xl">
      <CampaignReportView
        report={report}
        eyebrow="Evaluation campaign report"
        actions={
          <ReportActions id={id} pairQuery={pairQuery} tokenRequired={Boolean(process.env.PERFCONTEXT_ADMIN_TOKEN)} />
        }
        pairPicker={<PairPicker report={report} action={`/campaigns/${id}/report`} />}
      />
    </div>
  );
}
