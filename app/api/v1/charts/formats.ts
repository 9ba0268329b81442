// A chart in the format asked for: JSON (checked against the v1 schema by respond.ts), CSV (one row per drawn
// point), SVG (lib/charts/svg.ts) or PNG (that SVG rasterised by sharp, which Next ships for image optimisation).
import sharp from "sharp";
import { type ChartData, chartCsv, chartFileName } from "@/lib/charts/chart-data";
import { chartSvg } from "@/lib/charts/svg";
import type { Answer } from "../respond";

export async function chartAnswer(chart: ChartData, format: string | undefined): Promise<Answer> {
  const file = (ext: string) => ({ "content-disposition": `inline; filename="${chartFileName(chart, ext)}"` });
  if (format === "csv")
    return {
      response: new Response(chartCsv(chart), {
        headers: { "content-type": "text/csv; charset=utf-8", ...file("csv") },
      }),
    };
  if (format === "svg" || format === "png") {
    const svg = chartSvg(chart);
    if (format === "svg")
      return {
        response: new Response(svg, { headers: { "content-type": "image/svg+xml; charset=utf-8", ...file("svg") } }),
      };
    const png = await sharp(Buffer.from(svg), { density: 144 }).png().toBuffer();
    return {
      response: new Response(new Uint8Array(png), { headers: { "content-type": "image/png", ...file("png") } }),
    };
  }
  return { json: chart };
}
