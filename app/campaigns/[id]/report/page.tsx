import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { findCampaign, findCampaignReport, pairFrom } from "@/app/api/campaigns/[id]/load";
import { PairPicker } from "@/components/campaign/pair-picker";
import { ReportActions } from "@/components/campaign/report-actions";
import { CampaignReportView } from "@/components/campaign/report-view";

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
  const report = (await findCampaignReport(id, pairFrom(await searchParams))) ?? notFound();
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
