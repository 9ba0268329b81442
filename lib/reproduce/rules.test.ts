// Issue 25 finding 6: /reproduce keeps the rules. Real LoadGen folders of ../shared/data uploaded as they are,
// against the real published rows of their round; expected values by hand from the summary and the folder names.
import { describe, expect, it } from "vitest";
import { allResults } from "@/lib/context/test-fixtures";
import type { PublishedResult } from "@/lib/types";
import { readUploadedFolder, type UploadEntry } from "./files";
import { buildReproduction, type CandidateRow, type PublishedSide } from "./index";
import { matchUpload, publishedRowFor } from "./match";
import { buildScenarioReport } from "./report";
import { entriesOf, mi355xTrio, realPlatforms } from "./test-upload";

const candidate = (r: PublishedResult): CandidateRow => ({
  ...r,
  systemId: `${r.round}/${r.submitter}/${r.platform}`,
  software: r.software,
});
const side = (r: PublishedResult): PublishedSide => ({ ...r, settings: null, latency: null });

function reproduce(entries: UploadEntry[], round: "v6.0" | "v5.1" | "v4.1", platform: string) {
  const rows = allResults(round).filter((r) => r.platform === platform && !r.hasPower);
  return buildReproduction({
    id: "r".repeat(22),
    label: platform,
    createdAt: "2026-12-01T00:00:00Z",
    folder: readUploadedFolder(entries),
    candidates: rows.map(candidate),
    confirmed: null,
    systemRows: (sys) => rows.filter((r) => candidate(r).systemId === sys.systemId).map(side),
  });
}

const platformFiles = (platform: string) => {
  const p = realPlatforms().find((x) => x.platform === platform);
  if (!p) throw new Error(`${platform} is missing from shared/data`);
  return entriesOf(p.files);
};

describe("benchmark identity for result-folder names", () => {
  // MLCommons result folders spell llama3.1-405b as llama3_1-405b (submission checker model_mapping); the summary
  // writes llama3.1-405b. v6.0 AMD 8xMI355X_2xEPYC_9575F published llama3.1-405b Offline (6.0-0102, open).
  const offline = mi355xTrio()
    .filter((e) => /\/Offline\/|systems\//.test(e.path))
    .map((e) => ({ ...e, path: e.path.replace("/llama2-70b-99/", "/llama3_1-405b/") }));

  it("a llama3_1-405b folder is the llama3.1-405b benchmark and finds its published row", () => {
    const folder = readUploadedFolder(offline);
    expect(folder.scenarios.map((s) => [s.model, s.scenario])).toEqual([["llama3.1-405b", "Offline"]]);
    const rows = allResults("v6.0").filter((r) => r.platform === "8xMI355X_2xEPYC_9575F" && !r.hasPower);
    const s = folder.scenarios[0];
    if (!s) throw new Error("no scenario");
    expect(publishedRowFor(rows, s)?.resultId).toBe("6.0-0102");
    const m = matchUpload(folder, rows.map(candidate));
    expect(m.candidates[0]?.covers).toEqual(["Offline"]);
  });
});

describe("the one per-accelerator rule and the importer's accelerator count", () => {
  // v6.0 AMD 87xMI355X_22xEPYC_9575F: 11 nodes × 8 slots, 87 GPUs ran ("(x87)" in the accelerator name, the
  // platform id); the published figure is divided by 87, and so is the same run uploaded as it was published.
  it("the 87-GPU cluster's own folder: 87 on both sides, 100 %, nothing differs", () => {
    const v = reproduce(platformFiles("87xMI355X_22xEPYC_9575F"), "v6.0", "87xMI355X_22xEPYC_9575F");
    expect(v.match).not.toBeNull();
    for (const r of v.reports) {
      expect([r.perAccelerator.yoursCount, r.perAccelerator.publishedCount]).toEqual([87, 87]);
      expect(r.system.filter((d) => d.differs)).toEqual([]);
      expect(r.perAccelerator.pct).toBeCloseTo(100, 3);
    }
    // Offline: 1,042,110 tokens/s published (6.0-0001) ÷ 87 = 11,978.28 per accelerator
    expect(v.reports[0]?.perAccelerator.published).toBeCloseTo(1_042_110 / 87, 6);
  });

  it("a latency result has no per-accelerator figure on the published side: the rule says none", () => {
    // the trio's Offline run set against a real published SingleStream row (v6.0, a latency in ms): the rule
    // (lib/context/per-accelerator.ts noFigureReason) gives no figure for a latency, so neither does the report
    const s = readUploadedFolder(mi355xTrio()).scenarios[0];
    const latency = allResults("v6.0").find((r) => r.scenario === "SingleStream" && r.totalAccelerators === 8);
    if (!s || !latency) throw new Error("fixtures missing");
    const r = buildScenarioReport({
      scenario: { ...s, scenario: "SingleStream" },
      published: side(latency),
      uploadedSystem: null,
      uploadedCount: 8,
      limits: { ttftMs: null, tpotMs: null, percentile: null },
    });
    expect(latency.units).toMatch(/^Latency/);
    expect(r.perAccelerator.published).toBeNull();
    expect(r.perAccelerator.pct).toBeNull();
  });
});

describe("the settings diff: each difference once, none for identical stacks", () => {
  it.each(["B300-SXM-270GBx8_TRT", "GB200-NVL72_GB200-186GB_aarch64x72_TRT", "H200-SXM-141GBx8_TRT"])(
    "%s: every stack entry once, and the same run differs in nothing",
    (platform) => {
      const round = platform === "H200-SXM-141GBx8_TRT" ? "v4.1" : "v6.0";
      const v = reproduce(platformFiles(platform), round, platform);
      for (const r of v.reports) {
        const sw = r.system.find((d) => d.key === "software");
        const items = (sw?.yours ?? "").split(", ");
        expect(items.length).toBe(new Set(items).size);
        expect(r.system.filter((d) => d.differs)).toEqual([]);
      }
    },
  );

  it("the byte-identical trio: 'reproduced', no '0 %' difference, one plain verdict for all three scenarios", () => {
    const v = reproduce(mi355xTrio(), "v6.0", "8xMI355X_2xEPYC_9575F");
    for (const r of v.reports) {
      expect(r.verdict.kind).toBe("reproduced");
      expect(r.verdict.text).not.toMatch(/within 0 %/);
      expect(r.verdict.text).toBe(
        "Reproduced: the log's figure equals the published one (to its 6 significant digits).",
      );
    }
    expect(v.headline).toEqual({ kind: "valid", text: "Reproduced in all 3 scenarios: Offline, Server, Interactive." });
  });
});
