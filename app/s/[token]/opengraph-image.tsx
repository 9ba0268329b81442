import { ImageResponse } from "next/og";
import { OG_SIZE, OgCard } from "@/components/compare/og-card";
import { describeComparison, formatUtc } from "@/lib/snapshot";
import { loadSnapshot } from "./load";

export const dynamic = "force-dynamic";
export const size = OG_SIZE;
export const contentType = "image/png";
export const alt = "A frozen MLPerf Inference comparison: values as bars and the top flag";

export default async function Image({ params }: { params: Promise<{ token: string }> }) {
  const state = loadSnapshot((await params).token);
  if (state?.kind !== "ok") return new Response("not found", { status: 404 });
  const title = describeComparison(state.data).title.split(" · ")[0] ?? "Comparison";
  return new ImageResponse(<OgCard data={state.data} title={title} frozen={formatUtc(state.createdAt)} />, OG_SIZE);
}
