// Issue #14 item 4: a summary without result IDs or Details links (v6.1's root summary.csv) still cites each row:
// its `Location` in the round's results repository, pinned to the commit the summary was taken from; the footnote
// says the ID is not in the source summary. A source with IDs arriving later gives them under the precedence rules.
import fs from "node:fs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { footnote } from "@/lib/context/citations";
import { officialSource } from "@/lib/mlperf/official-sources";
import { sharedPath } from "@/lib/shared-data";
import { API_DEFAULTS } from "@/lib/url-state";
import { stores } from "../test-stores";
import { getResults } from "./results";

const V61 = sharedPath("mlperf", "summary", "v6.1.summary.csv");

describe.each(stores())("$name store", ({ open }) => {
  describe("v6.1: every row has a source link", () => {
    let h: DbHandle;
    beforeAll(async () => {
      h = await open();
      const r = await runImport(h, [V61]);
      expect(r.rejected).toBe(0);
    }, 120_000);
    afterAll(() => h.close());

    it("each of the file's rows links to its Location at commit 7bf15fd8 of mlcommons/inference_results_v6.1", async () => {
      const raw = Papa.parse<Record<string, string>>(fs.readFileSync(V61, "utf8"), {
        header: true,
        skipEmptyLines: true,
      }).data;
      const { rows, total } = await getResults(h, { ...API_DEFAULTS, round: ["v6.1"], limit: 500 });
      expect(total).toBe(raw.length);
      expect(rows).toHaveLength(raw.length);
      const commit = officialSource("v6.1")?.commit;
      expect(commit).toBe("7bf15fd8089655a71fb75c81a744d7ba5a632424");
      // the scenario folder (its performance/run_1 is one of the runs in it); "Naeem Khoshnevis" URL-encoded
      const folder = (loc: string) =>
        loc
          .replace(/^\.\//, "")
          .replace(/\/performance\/run_\d+$/, "")
          .split("/")
          .map(encodeURIComponent)
          .join("/");
      const expected = new Set(
        raw.map(
          (r) => `https://github.com/mlcommons/inference_results_v6.1/tree/${commit}/${folder(r.Location ?? "")}`,
        ),
      );
      const linked = rows.filter((r) => r.sourceUrl !== null);
      expect(linked).toHaveLength(raw.length);
      for (const r of rows) {
        expect(r.resultId).toBeNull();
        expect(expected.has(r.sourceUrl ?? "")).toBe(true);
        expect(r.resultsFolderUrl).toBe(r.sourceUrl);
      }
    });

    it("every row says when it was imported (the CSV's importedAt): an ISO time of this run", async () => {
      const { rows } = await getResults(h, { ...API_DEFAULTS, round: ["v6.1"], limit: 500 });
      const started = Date.parse("2026-01-01T00:00:00Z");
      for (const r of rows) {
        expect(r.importedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
        expect(Date.parse(r.importedAt ?? "")).toBeGreaterThan(started);
        expect(Date.parse(r.importedAt ?? "")).toBeLessThanOrEqual(Date.now());
      }
    });

    it("the footnote cites the folder and says the ID is not in the source summary (not 'not recorded')", async () => {
      const { rows } = await getResults(h, { ...API_DEFAULTS, round: ["v6.1"], limit: 1 });
      const row = rows[0];
      if (!row) throw new Error("no v6.1 row");
      const f = footnote(row, { retrievedAt: "2026-12-01" });
      expect(f).toContain("Result ID not in the source summary");
      expect(f).toContain(`Retrieved from ${row.sourceUrl} on 2026-12-01.`);
      expect(f).not.toContain("not recorded");
    });
  });

  describe("a source with IDs arriving later gives them to the rows (cm4mlperf's checker csv, then its summary_results.json)", () => {
    it("the rows gain the IDs and Details links; the citation stays the result's public folder", async () => {
      const h = await open();
      await runImport(h, [sharedPath("mlperf", "summary", "cm4mlperf-inference-scc24.summary.csv")]);
      const before = (await getResults(h, { ...API_DEFAULTS, limit: 50 })).rows;
      expect(before).toHaveLength(6);
      for (const r of before) {
        expect(r.resultId).toBeNull();
        expect(r.sourceUrl).toBe(r.resultsFolderUrl);
      }
      const official = JSON.parse(
        fs.readFileSync(sharedPath("mlperf", "summary", "cm4mlperf-inference-scc24.summary_results.json"), "utf8"),
      ) as { ID: string }[];
      await runImport(h, [sharedPath("mlperf", "summary", "cm4mlperf-inference-scc24.summary_results.json")]);
      const after = (await getResults(h, { ...API_DEFAULTS, limit: 50 })).rows;
      expect(after).toHaveLength(6);
      expect(after.map((r) => r.resultId).sort()).toEqual(official.map((o) => o.ID).sort());
      for (const r of after) {
        // Details names the members-only submission repository; a citation names the public folder (issue 30)
        expect(r.detailsUrl).toMatch(/^https:\/\/github\.com\/mlcommons\/submissions_inference_results_v4\.1\//);
        expect(r.sourceUrl).toBe(r.resultsFolderUrl);
        expect(r.sourceUrl).toMatch(
          /^https:\/\/github\.com\/mlcommons\/inference_results_v4\.1\/tree\/4a0c87411066bd697db46fa44cf6f04fd458f627\//,
        );
      }
      await h.close();
    });
  });
});
