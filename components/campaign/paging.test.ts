// Issue 26: a campaign page's render is bounded by a page of load points, not by the campaign. Real files: 40
// members each pointing at the real SGLang offline file (lib/campaign/test-campaign.ts; 7 load points, 8 accelerators
// set on the upload), rendered to HTML.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CAMPAIGN_PAGE_ROWS, PAGE_ROWS } from "@/lib/bakeoff/limits";
import { analyzeCampaign } from "@/lib/campaign";
import { buildReport } from "@/lib/campaign/report";
import { read, role, SGLANG, source } from "@/lib/campaign/test-campaign";
import { PairPicker } from "./pair-picker";
import { CampaignReportView } from "./report-view";

const members = Array.from({ length: 40 }, (_, i) =>
  role(source(SGLANG, { id: `sglang-member-${i}`, accelerators: 8 }), "batch"),
);
const analysis = analyzeCampaign(members);
const report = buildReport({
  id: "paged",
  name: "paged",
  createdAt: "2026-12-02T00:00:00.000Z",
  updatedAt: "2026-12-02T00:00:00.000Z",
  members: members.map((m) => m.member),
  analysis,
  published: [],
  dataVersion: "1",
});
const rowsOf = (html: string) =>
  (html.split('data-testid="campaign-runs"')[1] ?? "").split("<tbody>")[1]?.split("</tbody>")[0] ?? "";
const count = (html: string, tag: string) => html.split(tag).length - 1;

describe("a large campaign's page lists one page of its load points", () => {
  it("has more load points than one page", () => {
    expect(report.runs.length).toBeGreaterThan(2 * CAMPAIGN_PAGE_ROWS);
  });

  it("its table lists the page's slice; unpaged (a frozen view) it lists every run", () => {
    const from = CAMPAIGN_PAGE_ROWS;
    const page = renderToStaticMarkup(
      createElement(CampaignReportView, {
        report,
        eyebrow: "x",
        detail: true,
        runsPage: { from, to: from + CAMPAIGN_PAGE_ROWS, pager: null },
      }),
    );
    const rows = rowsOf(page);
    expect(count(rows, "<tr")).toBe(CAMPAIGN_PAGE_ROWS);
    expect(rows).toContain(`>${report.runs[from]?.key}<`);
    expect(rows).not.toContain(`>${report.runs[0]?.key}<`);
    const all = renderToStaticMarkup(createElement(CampaignReportView, { report, eyebrow: "x", detail: true }));
    expect(count(rowsOf(all), "<tr")).toBe(report.runs.length);
  });

  it("the methodology picker offers that page's runs and the pair compared, not every run", () => {
    const html = renderToStaticMarkup(
      createElement(PairPicker, { report, action: "/campaigns/paged", from: CAMPAIGN_PAGE_ROWS, page: 2 }),
    );
    // two pickers, each the 100 runs of page 2 and the default pair (runs 1 and 2, on page 1)
    expect(count(html, "<option")).toBe(2 * (CAMPAIGN_PAGE_ROWS + 2));
    for (const k of [report.methodology?.a, report.methodology?.b, report.runs[CAMPAIGN_PAGE_ROWS]?.key])
      expect(html).toContain(`value="${k}"`);
    expect(html).toContain('name="page" value="2"');
  });

  it("a page lists as many rows as the bake-off page's tables, and its markup is bounded by that page", () => {
    expect(CAMPAIGN_PAGE_ROWS).toBe(PAGE_ROWS);
    const html = renderToStaticMarkup(
      createElement(CampaignReportView, {
        report,
        eyebrow: "x",
        detail: true,
        runsPage: { from: 0, to: CAMPAIGN_PAGE_ROWS, pager: null },
      }),
    );
    // 112 KB before (a page of 100 rows, every run key listed under the chart)
    expect(html.length).toBeLessThan(80_000);
    // each sweep's keys as ranges: the 4096/1024 sweep holds each member's points 4 and 5
    expect(html).toContain("runs 1.4–1.5, 2.4–2.5, 3.4–3.5,");
  });

  it("the Pareto chart is drawn in the page's markup, one mark per pixel: 280 points, the file's 7 load points", () => {
    const loadPoints = read(SGLANG).trim().split("\n").length;
    expect(report.pareto.points.length).toBe(40 * loadPoints);
    const html = renderToStaticMarkup(createElement(CampaignReportView, { report, eyebrow: "x" }));
    const chart = html.split('data-testid="pareto-chart"')[1]?.split("</figure>")[0] ?? "";
    // every member points at the same file in the same role: six sweeps (one per dataset), each holding the same
    // point of all 40 members, so one mark per load point; only the 4096/1024 sweep's two points make a line
    expect(count(chart, 'data-testid="pareto-mark"')).toBe(loadPoints);
    expect(count(chart, 'data-testid="pareto-line"')).toBe(1);
    expect(count(chart, 'data-testid="pareto-series"')).toBe(6);
    expect(chart).toContain(`${40 * loadPoints} points, ${loadPoints} marks drawn`);
  });
});
