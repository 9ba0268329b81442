import { ImageResponse } from "next/og";
import { OG_SIZE } from "@/components/compare/og-card";
import { OverviewOgCard } from "@/components/overview/overview-og-card";
import { getStore } from "@/db/client";
import { loadOverview, overviewReportData } from "../../../overview/load";

export const dynamic = "force-dynamic";

/** GET /api/og/overview?<the /overview keys> → the 1200×630 PNG preview of a live overview (the top meeting rows). */
export async function GET(req: Request): Promise<Response> {
  const d = await loadOverview(await getStore(), new URL(req.url).searchParams);
  const data = overviewReportData(d);
  return new ImageResponse(<OverviewOgCard data={data} frozen={null} />, {
    ...OG_SIZE,
    headers: { "cache-control": "public, max-age=300" },
  });
}
