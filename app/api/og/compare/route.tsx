import { ImageResponse } from "next/og";
import { OG_SIZE, OgCard } from "@/components/compare/og-card";
import { getStore } from "@/db/client";
import { buildCompare, UnknownIds } from "@/db/queries/compare";
import { parseCompareParams } from "@/lib/compare-params";
import { describeComparison } from "@/lib/snapshot";

export const dynamic = "force-dynamic";

/** GET /api/og/compare?ids=… → the 1200×630 PNG preview of a live comparison (bars and the top flag). */
export async function GET(req: Request): Promise<Response> {
  const parsed = parseCompareParams(new URL(req.url).searchParams);
  if (!parsed.ok)
    return new ImageResponse(<OgCard data={null} title="Compare MLPerf results" />, { ...OG_SIZE, status: 400 });
  try {
    const data = await buildCompare(await getStore(), parsed.ids, parsed.bakeoff);
    const title = describeComparison(data).title.split(" · ")[0] ?? "Comparison";
    return new ImageResponse(<OgCard data={data} title={title} />, {
      ...OG_SIZE,
      headers: { "cache-control": "public, max-age=300" },
    });
  } catch (e) {
    if (e instanceof UnknownIds)
      return new ImageResponse(<OgCard data={null} title="Results not found" />, { ...OG_SIZE, status: 404 });
    throw e;
  }
}
