// Acceptance (issue 27): a v6.1 result folder as the MLPerf Endpoints client writes it (lib/endpoints/testdata, built
// from the client's source so that its tps corresponds to the published v6.1 rows of Naeem Khoshnevis' H200-1xGPU,
// llama3.1-8b, whose software names the "MLCommons endpoints (LoadGen++) client"), uploaded as a reproduction:
// matched by platform and systems JSON, each scenario reproduced like a LoadGen folder. Published figures by hand
// from ../shared/data/mlperf/summary/v6.1.summary.csv: Offline 7796.585132594509, Server 7376.597666232419 tokens/s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v61ClientUpload } from "@/lib/endpoints/test-folder";
import { sharedPath } from "@/lib/shared-data";
import type { DbHandle } from "./client";
import { runImport } from "./import/pipeline";
import { loadReproduction, saveReproduction } from "./reproductions";
import { stores } from "./test-stores";

const enc = new TextEncoder();

describe.each(stores())("$name store", ({ open }) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await open();
    const report = await runImport(h, [sharedPath("mlperf", "summary", "v6.1.summary.csv")]);
    expect(report.errors).toEqual([]);
  }, 120_000);
  afterAll(() => h.close());

  it("is matched to the published H200 rows and reproduces Offline and Server at 100 %", async () => {
    const files = v61ClientUpload().map((e) => ({ name: e.path, bytes: enc.encode(e.text) }));
    const { id } = await saveReproduction(h, files);
    const v = await loadReproduction(h, id, null);
    if (!v) throw new Error("not stored");
    expect(v.matched).toMatchObject({ platform: "H200", submitter: "Naeem Khoshnevis", round: "v6.1" });
    expect(v.how).toMatch(/platform H200/);
    expect(v.reports.map((r) => [r.scenario, r.published])).toEqual([
      ["Offline", 7796.585132594509],
      ["Server", 7376.597666232419],
    ]);
    for (const r of v.reports) {
      expect(r.units).toBe("Tokens/s");
      expect(Math.abs((r.reproducedPct ?? 0) - 100)).toBeLessThan(1e-6);
      expect(r.withinRounding).toBe(true);
      // the client writes no LoadGen verdict: UNKNOWN, and no check failed on the file's own figures
      expect(r.validity).toBe("UNKNOWN");
      expect(r.failedChecks).toEqual([]);
      expect(r.verdict.kind).toBe("reproduced");
      expect(r.perAccelerator).toMatchObject({ yoursCount: 1, publishedCount: 1 });
    }
    const ttft = v.reports[1]?.latency.find((l) => l.metric === "TTFT" && l.percentile === "p99");
    expect(ttft).toMatchObject({ yoursMs: 1200, limitMs: 2000, overLimit: false });
    expect(v.headline.kind).toBe("valid");
  });
});
