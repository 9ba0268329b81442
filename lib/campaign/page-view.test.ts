// Issue 26: the campaign page's view holds one page of load points and the chart laid out, not the whole report.
// Real files: 40 members each pointing at the real SGLang offline file (7 load points, 8 accelerators set), so 280
// runs: 12 pages of 25 (hand count: 11 × 25 + 5).
import { describe, expect, it } from "vitest";
import { analyzeCampaign } from "./index";
import { campaignPageView } from "./page-view";
import { buildReport } from "./report";
import { role, SGLANG, source } from "./test-campaign";

const members = Array.from({ length: 40 }, (_, i) =>
  role(source(SGLANG, { id: `sglang-member-${i}`, accelerators: 8 }), "batch"),
);
const report = buildReport({
  id: "view",
  name: "view",
  createdAt: "2026-12-02T00:00:00.000Z",
  updatedAt: "2026-12-02T00:00:00.000Z",
  members: members.map((m) => m.member),
  analysis: analyzeCampaign(members),
  published: [],
  dataVersion: "1",
});

describe("the campaign page's view", () => {
  it("holds the asked page's runs and the campaign's count", () => {
    const v = campaignPageView(report, 2, 25);
    expect(v.window).toEqual({ page: 2, pages: 12, from: 25, to: 50, total: 280 });
    expect(v.report.runs.map((r) => r.key)).toEqual(report.runs.slice(25, 50).map((r) => r.key));
    // the last page holds the 5 left; a page past the end is the last one
    expect(campaignPageView(report, 12, 25).report.runs).toHaveLength(5);
    expect(campaignPageView(report, 99, 25).window.page).toBe(12);
  });

  it("keeps the compared pair when it is on another page (the picker offers it)", () => {
    // the default pair: the first two runs from different members, 1.1 and 2.1, both on page 1
    expect(report.methodology?.a).toBe("1.1");
    expect(report.methodology?.b).toBe("2.1");
    expect(campaignPageView(report, 2, 25).pair.map((r) => r.key)).toEqual(["1.1", "2.1"]);
    expect(campaignPageView(report, 1, 25).pair).toEqual([]);
  });

  it("sends the chart laid out instead of the points: every point counted, one mark per load point of the file", () => {
    const v = campaignPageView(report, 1, 25);
    expect(v.report.pareto.points).toEqual([]);
    expect(v.figure.geometry.counts.points).toBe(280);
    expect(v.figure.geometry.counts.drawn).toBe(7);
    // the view is a small part of the report it was cut from
    expect(JSON.stringify(v).length).toBeLessThan(JSON.stringify(report).length / 3);
  });
});
