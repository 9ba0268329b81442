// The Endpoints client's result_summary.json, every shape it wrote (testdata/README.md names each writer), plus the
// checker's synthetic fixture curve in ../shared/data/endpoints. Expected values are taken by hand from the files
// (totals, percentile entries) and from the writers' rules (tps = output tokens ÷ window seconds).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "@/lib/input-error";
import { sharedPath } from "@/lib/shared-data";
import {
  type ClientSummaryShape,
  canonicalPercentileKey,
  checkerFigures,
  isClientSummaryText,
  parseClientSummary,
  percentileOf,
} from "./client-summary";

const here = path.join(__dirname, "testdata");
const read = (f: string) => readFileSync(path.join(here, f), "utf8");
const V61 = "v6.1/closed/Naeem Khoshnevis/results/H200/llama3.1-8b";

interface Row {
  file: string;
  shape: ClientSummaryShape;
  version: string | null;
  state: string | null;
  complete: boolean | null;
  interrupted: boolean;
  completed: number;
  failed: number | null;
  durationNs: number;
  tps: number;
  tpsSource: "file" | "computed";
  qps: number;
  ttftP90: number; // ns, as written
  tpotP90: number | null;
  isl: boolean;
  finish: Record<string, number> | null;
}

// every number below is read off the file by eye (or the file's own tps/qps line)
const ROWS: Row[] = [
  {
    file: "reporter-02f74bd.result_summary.json",
    shape: "reporter-2025",
    version: null,
    state: null,
    complete: null,
    interrupted: false,
    completed: 1000,
    failed: null,
    durationNs: 120e9,
    tps: 2133.3333333333335, // written: 256000 tokens / 120 s
    tpsSource: "file",
    qps: 8.333333333333334,
    ttftP90: 420e6, // key "90"
    tpotP90: 18e6,
    isl: false,
    finish: null,
  },
  {
    file: "kv-store-4b8327c.result_summary.json",
    shape: "kv-store",
    version: "0.1.0",
    state: null,
    complete: null,
    interrupted: false,
    completed: 1998,
    failed: 2,
    durationNs: 600e9,
    tps: 832.5, // not written: 499500 tokens / 600 s, report.py @ 4b8327c Report.tps()
    tpsSource: "computed",
    qps: 3.33, // 1998 / 600
    ttftP90: 330e6,
    tpotP90: 25e6,
    isl: false,
    finish: null,
  },
  {
    file: "snapshot-03cd909.result_summary.json",
    shape: "snapshot",
    version: "0.4.0",
    state: "complete",
    complete: true,
    interrupted: false,
    completed: 9600,
    failed: 0,
    durationNs: 600e9,
    tps: 4800,
    tpsSource: "file",
    qps: 16,
    ttftP90: 260e6, // key "90.0"
    tpotP90: 25e6,
    isl: false,
    finish: null,
  },
  {
    file: "interrupted-03cd909.result_summary.json",
    shape: "snapshot",
    version: "0.4.0",
    state: "interrupted",
    complete: false,
    interrupted: true,
    completed: 4100,
    failed: 0,
    durationNs: 250e9,
    tps: 4756,
    tpsSource: "file",
    qps: 16.4,
    ttftP90: 270e6,
    tpotP90: null, // "tpot": {}
    isl: false,
    finish: null,
  },
  {
    file: "snapshot-isl-530620f.result_summary.json",
    shape: "snapshot-isl",
    version: "0.6.0",
    state: "complete",
    complete: true,
    interrupted: false,
    completed: 12000,
    failed: 0,
    durationNs: 610e9,
    tps: 5000, // 3,000,000 tokens over the 600 s legacy window, not the 610 s run
    tpsSource: "file",
    qps: 19.998333333333335, // (12000 - 1) / 600
    ttftP90: 300e6,
    tpotP90: 25e6,
    isl: true,
    finish: { stop: 11800, length: 200 },
  },
  {
    file: `${V61}/Offline/performance/result_summary.json`,
    shape: "snapshot",
    version: "0.4.0",
    state: "complete",
    complete: true,
    interrupted: false,
    completed: 13368,
    failed: 0,
    durationNs: 1054614534461,
    tps: 7796.585132597627,
    tpsSource: "file",
    qps: 12.675721377984056,
    ttftP90: 940e9,
    tpotP90: 113e6,
    isl: false,
    finish: null,
  },
];

describe("parseClientSummary: every shape the client wrote", () => {
  it.each(ROWS.map((r) => [r.file, r] as const))("%s", (file, want) => {
    const text = read(file);
    expect(isClientSummaryText(text)).toBe(true);
    const s = parseClientSummary(text, file);
    expect(s.shape).toBe(want.shape);
    expect(s.version).toBe(want.version);
    expect(s.state).toBe(want.state);
    expect(s.complete).toBe(want.complete);
    expect(s.interrupted).toBe(want.interrupted);
    expect(s.samplesCompleted).toBe(want.completed);
    expect(s.samplesFailed).toBe(want.failed);
    expect(s.durationNs).toBe(want.durationNs);
    expect(s.tps).toBeCloseTo(want.tps, 9);
    expect(s.tpsSource).toBe(want.tpsSource);
    expect(s.qps).toBeCloseTo(want.qps, 9);
    expect(percentileOf(s.ttftNs, 90)).toBe(want.ttftP90);
    expect(percentileOf(s.tpotNs, 90)).toBe(want.tpotP90);
    expect(s.isl !== null).toBe(want.isl);
    expect(s.finishReasonCounts).toEqual(want.finish);
  });

  it("reads the newest shape's extra blocks and the legacy LoadGen window", () => {
    const s = parseClientSummary(read(ROWS[4]?.file ?? ""), "newest");
    expect(s.legacyWindowNs).toBe(600e9);
    expect(s.isl?.total).toBe(12_000_000);
    expect(percentileOf(s.isl, 50)).toBe(930);
    expect(s.ttftNs?.earlyStopping?.["99"]).toBe(720e6);
    expect(s.ttftNs?.earlyStopping?.["99.9"]).toBeNull();
    expect(s.loadPattern).toEqual({ type: "poisson", targetQps: 20, targetConcurrency: null });
    // the rules' system_tps is over the full 610 s duration, unlike the file's tps (600 s legacy window)
    const f = checkerFigures(s);
    expect(f.systemTps).toBeCloseTo(3_000_000 / 610, 9);
    expect(f.tpotP90Ms).toBe(25);
    expect(f.tpsPerUser).toBe(40);
    expect(f.ttftP90Ms).toBe(300);
  });

  it("keeps every percentile of the oldest shape under the checker's keys", () => {
    const s = parseClientSummary(read(ROWS[0]?.file ?? ""), "old");
    expect(Object.keys(s.tpotNs?.percentiles ?? {}).sort()).toEqual(
      ["1", "10", "25", "5", "50", "75", "80", "90", "95", "99", "99.9"].sort(),
    );
    expect(percentileOf(s.latencyNs, 99.9)).toBe(5990e6);
    expect(s.osl?.total).toBe(256000);
  });

  it("an interrupted run keeps its partial figures and empty series as null; NaN written as null stays null", () => {
    const s = parseClientSummary(read(ROWS[3]?.file ?? ""), "int");
    expect(s.tpotNs).toBeNull();
    expect(s.latencyNs).toBeNull();
    expect(s.ttftNs?.stdDev).toBeNull();
    expect(checkerFigures(s).tpsPerUser).toBeNull();
  });

  it("the v6.1 Server folder: tps over the LoadGen window corresponds to the published 7376.597666232419", () => {
    const s = parseClientSummary(read(`${V61}/Server/performance/result_summary.json`), "srv");
    expect(s.legacyWindowNs).toBe(1114699672132);
    expect(s.tps).toBeCloseTo(7376.597666232419, 6);
    expect(s.qps).toBeCloseTo(13367 / 1114.699672132, 9);
    expect(percentileOf(s.tpotNs, 99)).toBe(42e6);
    expect(s.loadPattern).toEqual({ type: "poisson", targetQps: 12, targetConcurrency: null });
  });
});

describe("the checker's synthetic fixture (reduced shape, integer keys, stored figures)", () => {
  const dir = sharedPath("endpoints", "test_submissions", "sub_a", "results", "sys_mi355x_8gpu", "gpt-oss-120b");
  // by hand from r4/result_summary.json: 22427551 tokens / 28913.949735508 s; tpot "90" 5500000 ns → 5.5 ms
  it("r4: stored system_tps 775.6654 and tps_per_user 181.8182 agree with the checker's formulas within 1 %", () => {
    const s = parseClientSummary(readFileSync(path.join(dir, "r4", "result_summary.json"), "utf8"), "r4");
    expect(s.shape).toBe("checker-fixture");
    expect(s.stored).toEqual({ systemTps: 775.6654, tpsPerUser: 181.8182 });
    const f = checkerFigures(s);
    expect(f.systemTps).toBeCloseTo(775.6654, 3);
    expect(f.tpotP90Ms).toBe(5.5);
    expect(f.tpsPerUser).toBeCloseTo(181.8182, 3);
    expect(f.ttftP90Ms).toBeCloseTo(163.215286, 6);
  });
  it("r64 has no tpot block: no per-user figure, none invented", () => {
    const s = parseClientSummary(readFileSync(path.join(dir, "r64", "result_summary.json"), "utf8"), "r64");
    expect(s.tpotNs).toBeNull();
    expect(checkerFigures(s).tpsPerUser).toBeNull();
    expect(percentileOf(s.ttftNs, 90)).toBeNull(); // r64 wrote only "50" and "95"
    expect(percentileOf(s.ttftNs, 95)).toBe(193387620);
  });
});

describe("percentile keys as the checker reads them", () => {
  it.each([
    ["90.0", "90"],
    ["90", "90"],
    ["99.9", "99.9"],
    ["99.90", "99.9"],
    ["1.0", "1"],
    ["p90", null],
    ["101", null],
    ["", null],
  ])("%s → %s", (k, want) => expect(canonicalPercentileKey(k)).toBe(want));
});

describe("bad input names file, line and field", () => {
  const bad = (text: string) => {
    try {
      parseClientSummary(text, "run/performance/result_summary.json");
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      const ie = e as InputError;
      return { file: ie.file, line: ie.line, field: ie.field, message: ie.message };
    }
    throw new Error("expected an InputError");
  };
  it("not JSON: the line of the break", () => {
    expect(bad('{\n  "n_samples_completed": 3,\n  "duration_ns": oops\n}')).toMatchObject({
      file: "run/performance/result_summary.json",
      line: 3,
      field: null,
    });
  });
  it("a string where nanoseconds belong", () => {
    expect(bad('{\n  "n_samples_completed": 3,\n  "duration_ns": "10s"\n}')).toMatchObject({
      line: 3,
      field: "duration_ns",
    });
  });
  it("a percentile value that is not a number, with its nested line", () => {
    const t =
      '{\n  "n_samples_completed": 3,\n  "duration_ns": 5,\n  "tpot": {\n    "percentiles": {\n      "90.0": "fast"\n    }\n  }\n}';
    expect(bad(t)).toMatchObject({ line: 6, field: "tpot.percentiles.90.0" });
  });
  it("two keys for one percentile with different values", () => {
    const t = '{"n_samples_completed": 3, "duration_ns": 5, "ttft": {"percentiles": {"90": 1, "90.0": 2}}}';
    expect(bad(t)).toMatchObject({ field: "ttft.percentiles.90.0" });
  });
  it("missing duration_ns, a negative count, zero duration, an array", () => {
    expect(bad('{"n_samples_completed": 3}')).toMatchObject({ field: "duration_ns" });
    expect(bad('{"n_samples_completed": -1, "duration_ns": 5}')).toMatchObject({ field: "n_samples_completed" });
    expect(bad('{"n_samples_completed": 1, "duration_ns": 0}')).toMatchObject({ field: "duration_ns" });
    expect(bad("[]")).toMatchObject({ line: 1 });
  });
});
