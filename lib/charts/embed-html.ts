// An embed (issue 29): one chart as a small HTML document made to sit in someone else's iframe. The chart is the
// same SVG the image download is (./svg.ts), inline; around it the data version, the citation and a link back to
// the page it comes from, and links to its data (CSV, JSON). No scripts at all, no external references: the
// document's own policy (next.config.mjs, /embed/*) allows framing from anywhere and runs nothing. Pure.
import { type ChartData, chartFileName } from "./chart-data";
import { chartSvg, escapeXml } from "./svg";

const STYLE = `
  html,body{margin:0;background:#fff;color:#0f172a;font:13px/1.4 "DejaVu Sans",Arial,Helvetica,sans-serif}
  main{max-width:880px;margin:0 auto;padding:8px}
  svg{width:100%;height:auto;display:block}
  footer{display:flex;flex-wrap:wrap;gap:4px 16px;padding:4px 8px;font-size:12px;color:#334155}
  a{color:#0369a1}
`;

/** `dataHref`: the chart's data route without `format` (e.g. `/api/v1/charts/results?round=v6.0`). */
export function embedHtml(chart: ChartData, dataHref: string): string {
  const svg = chartSvg(chart).replace(/^<\?xml[^>]*>\s*/, "");
  const sep = dataHref.includes("?") ? "&" : "?";
  const link = (href: string, text: string, extra = "") =>
    `<a href="${escapeXml(href)}" target="_blank" rel="noopener"${extra}>${escapeXml(text)}</a>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeXml(chart.title)} · PerfContext</title>
<style>${STYLE}</style>
</head>
<body>
<main data-testid="embed" data-data-version="${escapeXml(chart.dataVersion)}">
<figure style="margin:0">
${svg}
<figcaption style="position:absolute;left:-9999px">${escapeXml(chart.citation)}</figcaption>
</figure>
<footer>
<span>Data version ${escapeXml(chart.dataVersion)}</span>
${link(chart.link, "Open in PerfContext", ' data-testid="embed-link"')}
${link(`${dataHref}${sep}format=csv`, "CSV")}
${link(`${dataHref}${sep}format=json`, "JSON")}
${link(`${dataHref}${sep}format=svg`, "SVG", ` download="${chartFileName(chart, "svg")}"`)}
</footer>
</main>
</body>
</html>
`;
}

/** An embed that cannot draw its chart says why, in the same frame. */
export function embedErrorHtml(message: string, link: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>No chart · PerfContext</title><style>${STYLE}</style></head>
<body><main data-testid="embed-error"><p>${escapeXml(message)}</p>
<p><a href="${escapeXml(link)}" target="_blank" rel="noopener">Open PerfContext</a></p></main></body></html>
`;
}
