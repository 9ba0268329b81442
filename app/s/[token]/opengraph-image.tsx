import { ImageResponse } from "next/og";
import { CampaignOgCard } from "@/components/campaign/og-card";
import { OG_SIZE, OgCard } from "@/components/compare/og-card";
import { OverviewOgCard } from "@/components/overview/overview-og-card";
import { PlanOgCard } from "@/components/plan/plan-og-card";
import { ReproductionOgCard } from "@/components/reproduce/og-card";
import { describeComparison, formatUtc } from "@/lib/snapshot";
import { loadSnapshot } from "./load";

export const dynamic = "force-dynamic";
export const size = OG_SIZE;
export const contentType = "image/png";
export const alt = "A frozen MLPerf Inference comparison or capacity plan: the values and the top flag or answer";

export default async function Image({ params }: { params: Promise<{ token: string }> }) {
  const state = await loadSnapshot((await params).token);
  if (state?.kind !== "ok") return new Response("not found", { status: 404 });
  const frozen = formatUtc(state.createdAt);
  if (state.snapshot === "reproduction")
    return new ImageResponse(<ReproductionOgCard view={state.data} frozen={frozen} />, OG_SIZE);
  if (state.snapshot === "overview")
    return new ImageResponse(<OverviewOgCard data={state.data} frozen={frozen} />, OG_SIZE);
  if (state.snapshot === "plan") return new ImageResponse(<PlanOgCard data={state.data} frozen={frozen} />, OG_SIZE);
  if (state.snapshot === "campaign")
    return new ImageResponse(<CampaignOgCard report={state.data} frozen={frozen} />, OG_SIZE);
  const title = describeComparison(state.data).title.split(" · ")[0] ?? "Comparison";
  return new ImageResponse(<OgCard data={state.data} title={title} frozen={frozen} />, OG_SIZE);
}
