import { ImageResponse } from "next/og";
import { OG_SIZE } from "@/components/compare/og-card";
import { ReproductionOgCard } from "@/components/reproduce/og-card";
import { getStore } from "@/db/client";
import { loadReproduction } from "@/db/reproductions";

export const dynamic = "force-dynamic";
export const size = OG_SIZE;
export const contentType = "image/png";
export const alt =
  "A LoadGen reproduction of a published MLPerf Inference result: each scenario's % and validity (unverified)";

export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  // the match is in the query string, which an OG image route does not see: the image shows the outright match
  const view = await loadReproduction(await getStore(), (await params).id, null);
  if (!view) return new Response("not found", { status: 404 });
  return new ImageResponse(<ReproductionOgCard view={view} />, OG_SIZE);
}
