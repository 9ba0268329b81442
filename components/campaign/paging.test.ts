// Issue 26: a campaign page's render is bounded by a page of load points, not by the campaign. Real files: 40
// members each pointing at the real SGLang offline file (lib/campaign/test-campaign.ts), rendered to HTML.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CAMPAIGN_PAGE_ROWS } from "@/lib/bakeoff/limits";
import { analyzeCampaign } from "@/lib/campaign";
import { buildReport } from "@/lib/campaign/report";
import { role, SGLANG, source } from "@/lib/campaign/test-campaign";
import { PairPicker } from "./pair-picker";
import { CampaignReportView } from "./report-view";

const members = Array.from({ length: 40 }, (_, i) => role(source(SGLANG, { id: `sglang-member-${i}` }), "batch"));
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
});
