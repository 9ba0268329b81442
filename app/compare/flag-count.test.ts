// The compare page states its flags once: the subtitle's count, the preview title and image, and the boxes are all
// read off one grouping (lib/snapshot/flag-groups.ts), so the subtitle can no longer say "17 warnings" above four
// warning boxes. A real five-result compare: v6.0 llama2-70b-99 Server as published in
// ../shared/data/mlperf/summary/v6.0.summary_results.json, rendered to HTML.
//
// Hand values, from the five rows' published fields (Nodes, Total Accelerators / accelerator names, Precision):
//   AMD 87xMI355X_22xEPYC_9575F     11 nodes, 87 MI355X (Total Accelerators says 88), fp4
//   NVIDIA GB300-NVL72             18 nodes, 72 GB300, fp4
//   NVIDIA GB200-NVL72             18 nodes, 72 GB200, fp4
//   Cisco Cisco_UCS_16xMI350x       2 nodes, 16 MI350X, fp4
//   Dell_MangoBoost 8xMI300X…8xMI355X 3 nodes, 8+8+8 = 24 of three types, fp8
// Warnings, one box per fact: accelerator counts (16–87; past 4× the rule warns: 72/16, 72/16, 87/16), node counts
// (2–18, GB200 and GB300 alike: 9 of 10 pairs), precision (fp8 against fp4: 4 pairs) and Dell's heterogeneous mix → 4.
// Notes: AMD's 87-against-88 data note and the software stacks (9 pairs) → 2. Pairwise that is 17 warnings and
// 16 notes (3 + 9 + 4 + 1; 6 + 9 + 1), which is what the subtitle used to count.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompareView } from "@/components/compare/compare-view";
import { OgCard } from "@/components/compare/og-card";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { buildCompare, type ComparePayload } from "@/db/queries/compare";
import { stores } from "@/db/test-stores";
import { sharedPath } from "@/lib/shared-data";
import { describeComparison } from "@/lib/snapshot";

const PLATFORMS = [
  ["AMD", "87xMI355X_22xEPYC_9575F"],
  ["NVIDIA", "GB300-NVL72_GB300-288GB_aarch64x72_TRT"],
  ["NVIDIA", "GB200-NVL72_GB200-186GB_aarch64x72_TRT"],
  ["Cisco", "Cisco_UCS_16xMI350x"],
  ["Dell_MangoBoost", "8xMI300X_2xEPYC_9534_8xMI325X_2xEPYC_9655_8xMI355X_2xEPYC_9965"],
] as const;

const sqlite = stores()[0];
if (!sqlite) throw new Error("no SQLite store");

describe("a five-result compare states its warnings once, from the boxes' grouping", () => {
  let h: DbHandle;
  let data: ComparePayload;
  let html: string;
  beforeAll(async () => {
    h = await sqlite.open();
    const r = await runImport(h, [sharedPath("mlperf", "summary", "v6.0.summary_results.json")]);
    expect(r.rejected).toBe(0);
    const ids: string[] = [];
    for (const [submitter, platform] of PLATFORMS) {
      const row = await h.x.get<{ id: string }>(
        "select id from results where benchmark = 'llama2-70b-99' and scenario = 'Server' and submitter = ? and platform = ?",
        [submitter, platform],
      );
      expect(row?.id, platform).toBeTruthy();
      ids.push(row?.id ?? "");
    }
    data = await buildCompare(h, ids, [], []);
    html = renderToStaticMarkup(
      createElement(CompareView, {
        data,
        bakeoffIds: [],
        eyebrow: "Comparison",
        share: { path: `/compare?ids=${ids.join(",")}`, freezeQuery: null },
      }),
    );
  });
  afterAll(() => h.close());

  it("the engine still raises 17 warnings and 16 notes pair by pair (what the subtitle used to count)", () => {
    expect(data.flags.filter((f) => f.severity === "warn")).toHaveLength(17);
    expect(data.flags.filter((f) => f.severity === "info")).toHaveLength(16);
  });

  it("the subtitle says 4 warnings, and the page draws exactly 4 warning boxes and 2 notes", () => {
    expect(/data-testid="flag-counts">([^<]*)</.exec(html)?.[1]).toBe("4 warnings");
    // a box is a list item holding a panel (the pairs behind a group's disclosure are list items of their own)
    const warnBoxes =
      html.match(/<li><div class="rounded-lg[^"]*" data-testid="flag(?:-group)?" data-severity="warn"/g) ?? [];
    expect(warnBoxes).toHaveLength(4);
    expect(html).not.toMatch(/data-severity="block"/);
    expect(html).toContain(">2 notes<");
  });

  it("the link preview's title and image head count the same boxes", () => {
    expect(describeComparison(data).title).toMatch(/ · 4 warnings$/);
    const og = renderToStaticMarkup(createElement(OgCard, { data, title: "t" }));
    expect(og).toContain("WARNING · 4 warnings");
    expect(og).not.toContain("17 warnings");
  });
});
