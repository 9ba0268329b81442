// Reproductions against a database holding all of ../shared/data/mlperf (summaries + LoadGen folders), imported by
// the real importer. Acceptance: each published LoadGen run, uploaded as a reproduction, reproduces its own result;
// the v6.0 AMD 8×MI355X trio is matched to 6.0-0002 at 100 %, VALID; derived cases (scaled, INVALID, another
// LoadGen version, a shorter min duration, a scenario missing) say what changed.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareWithSummary } from "@/lib/loadgen/merge";
import type { UploadEntry } from "@/lib/reproduce/files";
import { edited, entriesOf, invalidated, mi355xTrio, realPlatforms } from "@/lib/reproduce/test-upload";
import { sharedPath } from "@/lib/shared-data";
import type { DbHandle } from "./client";
import { runImport } from "./import/pipeline";
import { loadReproduction, type RawUpload, reproductionMemberSource, saveReproduction } from "./reproductions";
import { stores } from "./test-stores";

const enc = new TextEncoder();
const raw = (entries: UploadEntry[]): RawUpload[] =>
  entries.map((e) => ({ name: e.path, bytes: enc.encode(e.text ?? "") }));

/** 6.0-0002's published llama2-70b-99 figures, read from the round's summary_results.json. */
function published6_0_0002(): Record<string, number> {
  const rows = JSON.parse(readFileSync(sharedPath("mlperf", "summary", "v6.0.summary_results.json"), "utf8")) as {
    ID: string;
    Model: string;
    Scenario: string;
    Performance_Result: number;
  }[];
  const out: Record<string, number> = {};
  for (const r of rows) if (r.ID === "6.0-0002" && r.Model === "llama2-70b-99") out[r.Scenario] = r.Performance_Result;
  return out;
}

describe.each(stores())("$name store", ({ open }) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await open();
    const report = await runImport(h, [sharedPath("mlperf")]);
    expect(report.errors.filter((e) => /loadgen/.test(e.source))).toEqual([]);
  }, 120_000);
  afterAll(() => h.close());

  async function reproduce(entries: UploadEntry[], match: string | null = null) {
    const { id } = await await saveReproduction(h, raw(entries));
    const v = await await loadReproduction(h, id, match);
    if (!v) throw new Error("not stored");
    return v;
  }

  describe("the v6.0 AMD 8×MI355X llama2-70b trio as one upload", () => {
    it("is matched to 6.0-0002 by platform and systems JSON, each scenario 100 % and VALID", async () => {
      const want = published6_0_0002();
      const v = await reproduce(mi355xTrio());
      expect(v.match?.resultId).toBe("6.0-0002");
      expect(v.how).toMatch(/platform 8xMI355X_2xEPYC_9575F and your systems JSON/);
      expect(v.reports.map((r) => r.scenario)).toEqual(["Offline", "Server", "Interactive"]);
      for (const r of v.reports) {
        expect(r.published).toBe(want[r.scenario]);
        expect(r.withinRounding).toBe(true);
        expect(Math.abs((r.reproducedPct ?? 0) - 100)).toBeLessThan(1e-3);
        expect(r.validity).toBe("VALID");
        expect(r.failedChecks).toEqual([]);
        expect(r.verdict.kind).toBe("reproduced");
        // the same run: reproduced, and no "within 0 %" difference to read into it
        expect(r.verdict.text).toBe(
          "Reproduced: the log's figure equals the published one (to its 6 significant digits).",
        );
        expect(r.system.filter((d) => d.differs)).toEqual([]);
        // per accelerator: 8 and 8
        expect(r.perAccelerator.pct).toBeCloseTo(r.reproducedPct ?? 0, 9);
        // the published run's own log is imported: every setting is the same
        expect(r.settings.filter((d) => d.differs)).toEqual([]);
        const seed = r.settings.find((d) => d.key === "sampleIndexRngSeed");
        expect(seed?.published).toBe("14276810075590677512"); // the v6.0 seed, as the published logs print it
        expect(seed?.yours).toBe(seed?.published);
      }
      const server = v.reports[1];
      // Server log: target_qps 360, p99 TTFT 1,019.241339 ms against the 2,000 ms limit
      expect(server?.latency.find((l) => l.metric === "TTFT" && l.percentile === "p99")).toMatchObject({
        yoursMs: 1019.241339,
        publishedMs: 1019.241339,
        limitMs: 2000,
        overLimit: false,
      });
      expect(v.missing).toEqual({ uploadedNotPublished: [], publishedNotUploaded: [] });
      expect(v.headline.text).toBe("Reproduced in all 3 scenarios: Offline, Server, Interactive.");
    });

    it("ranks ORACLE's 6.0-0086 (same platform name) below, naming the submitter it disagrees on", async () => {
      const v = await reproduce(mi355xTrio());
      const oracle = v.candidates.find((c) => c.resultId === "6.0-0086");
      expect(oracle?.disagreements.join(" ")).toMatch(
        /submitter: your systems JSON says AMD, the published system ORACLE/,
      );
    });
  });

  describe("every published LoadGen run in shared/data reproduces its own result", () => {
    const platforms = realPlatforms();
    it("has the real folders", () => expect(platforms.length).toBe(11));
    it.each(platforms.map((p) => [`${p.round}/${p.submitter}/${p.platform}`, p] as const))("%s", async (_n, p) => {
      const v = await reproduce(entriesOf(p.files));
      expect(v.match, v.how).not.toBeNull();
      for (const r of v.reports) {
        // the published row the importer attached this very log to
        const attached = await h.x.get<{ id: string; value: number }>(
          "select r.id, r.value from latency_details l join results r on r.id = l.result_id where l.source like ? and r.scenario = ?",
          [`%${p.platform}/${r.model}/${r.scenario}%`, r.scenario],
        );
        expect(attached, `${r.scenario}: the importer attached the log`).toBeDefined();
        expect(r.published).toBe(attached?.value);
        expect(compareWithSummary(r.value ?? 0, r.published ?? 0).agrees).toBe(true);
        expect(r.withinRounding).toBe(true);
        expect(r.verdict.kind).toBe(r.validity === "INVALID" ? "invalid" : "reproduced");
        // a published run uploaded as it is differs from itself in nothing (the 87- and 94-GPU clusters included)
        expect(r.system.filter((d) => d.differs)).toEqual([]);
        expect(r.perAccelerator.yoursCount).toBe(r.perAccelerator.publishedCount);
      }
    });
  });

  describe("derived cases from the real trio", () => {
    const trio = mi355xTrio();

    it("a log scaled to 90 % reads 90 % and names no setting (the logs record none that differs)", async () => {
      const scaled = edited(trio, /Offline\/mlperf_log_(summary|detail)/, (t) =>
        t
          .replace("Samples per second: 365.738", "Samples per second: 329.164")
          .replace("Tokens per second: 103480", "Tokens per second: 93132")
          .replace(
            /"key": "result_samples_per_second", "value": [0-9.e+]+/,
            '"key": "result_samples_per_second", "value": 329.164',
          )
          .replace(
            /"key": "result_tokens_per_second", "value": [0-9.e+]+/,
            '"key": "result_tokens_per_second", "value": 93132',
          ),
      );
      const r = (await reproduce(scaled)).reports[0];
      expect(r?.value).toBe(93132);
      expect(r?.reproducedPct).toBeCloseTo(90, 6);
      expect(r?.verdict.kind).toBe("below");
      expect(r?.verdict.text).toMatch(/^10\.00 % below the published figure; what differs: nothing the logs record/);
    });

    it("an INVALID run is red with its failed checks, and the verdict says INVALID", async () => {
      const invalid = invalidated(trio, /Server\/mlperf_log_(summary|detail)/);
      const v = await reproduce(invalid);
      const r = v.reports.find((x) => x.scenario === "Server");
      expect(r?.validity).toBe("INVALID");
      expect(r?.loadgenValidity).toBe("INVALID");
      // as LoadGen writes it (loadgen/results.cc), then in plain words with the run's own numbers
      expect(r?.failedChecks).toEqual(["Performance constraints satisfied : NO"]);
      expect(r?.failedCheckNotes[0]).toMatch(/^Latency limits not met at this load \(target 360 queries\/s\)/);
      expect(r?.verdict.kind).toBe("invalid");
      expect(r?.verdict.text).toMatch(/^INVALID, not counted as reproduced: Performance constraints satisfied : NO \(/);
      expect(r?.reproducedPct).toBeNull();
      expect(v.headline).toEqual({
        kind: "mixed",
        text: "Reproduced in Offline and Interactive; INVALID in Server, not counted as reproduced.",
      });
      expect(v.reports.find((x) => x.scenario === "Offline")?.validity).toBe("VALID");
    });

    it("another LoadGen version is named in the diff", async () => {
      const other = edited(trio, /Interactive\/mlperf_log_detail/, (t) =>
        t.replace('"value": "6.0.6 @ fb1d0c0948"', '"value": "5.1.3 @ 0123456789"'),
      );
      const r = (await reproduce(other)).reports.find((x) => x.scenario === "Interactive");
      const row = r?.settings.find((d) => d.key === "loadgenVersion");
      expect(row).toMatchObject({ yours: "5.1.3 @ 0123456789", published: "6.0.6 @ fb1d0c0948", differs: true });
      expect(r?.verdict.text).toMatch(/what differs: loadgen version 5\.1\.3 @ 0123456789 vs 6\.0\.6 @ fb1d0c0948/);
    });

    it("a shorter min duration (60,000 ms where the submission ran 3,600,000) is named and breaks the 600,000 ms rule", async () => {
      const short = edited(trio, /Offline\/mlperf_log_(summary|detail)/, (t) =>
        t
          .replace("min_duration (ms): 3600000", "min_duration (ms): 60000")
          .replace(
            '"key": "effective_min_duration_ms", "value": 3600000',
            '"key": "effective_min_duration_ms", "value": 60000',
          ),
      );
      const r = (await reproduce(short)).reports[0];
      expect(r?.settings.find((d) => d.key === "minDurationMs")).toMatchObject({
        yours: "60000",
        published: "3600000",
        differs: true,
      });
      expect(r?.loadgenValidity).toBe("VALID");
      expect(r?.validity).toBe("INVALID");
      expect(r?.failedChecks.join(" ")).toMatch(/Min duration 60,000 ms is shorter than the 600,000 ms/);
    });

    it("a folder with one scenario missing says which", async () => {
      const v = await reproduce(trio.filter((e) => !/\/Interactive\//.test(e.path)));
      expect(v.match?.resultId).toBe("6.0-0002");
      expect(v.reports.map((r) => r.scenario)).toEqual(["Offline", "Server"]);
      expect(v.missing.publishedNotUploaded).toEqual(["Interactive"]);
    });

    it("without platform folder or systems JSON, ranks candidates and follows ?match=", async () => {
      const loose = trio
        .filter((e) => /Offline\//.test(e.path))
        .map((e) => ({ ...e, path: e.path.split("/").pop() ?? e.path }));
      const v = await reproduce(loose);
      expect(v.match).toBeNull();
      expect(v.candidates.length).toBeGreaterThan(1);
      const pick = v.candidates.find((c) => c.resultId === "6.0-0002");
      expect(pick).toBeDefined();
      const again = await loadReproduction(h, v.id, pick?.id ?? null);
      expect(again?.match?.resultId).toBe("6.0-0002");
      expect(again?.how).toMatch(/confirmed by you/);
      expect(again?.url).toBe(`/reproduce/${v.id}?match=${pick?.id}`);
    });
  });

  describe("a reproduction as a campaign member", () => {
    it("gives one LoadGen load point per scenario, with the folder's model and the systems JSON's count", async () => {
      const { id } = await saveReproduction(h, raw(mi355xTrio()));
      const m = await reproductionMemberSource(h, id);
      expect(m?.kind).toBe("reproduction");
      expect(m?.modelFamily).toBe("llama2-70b");
      expect(m?.accelerators).toBe(8);
      expect(m?.runs.map((r) => [r.tool, r.scenarioHint, r.outTokPerS, r.validity])).toEqual([
        ["mlperf-loadgen", "Offline", 103480, "VALID"],
        ["mlperf-loadgen", "Server", 100282.36, "VALID"],
        ["mlperf-loadgen", "Interactive", 73608.25, "VALID"],
      ]);
      expect(await reproductionMemberSource(h, "x".repeat(22))).toBeNull();
    });
  });
});
