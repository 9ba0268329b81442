// The Endpoints client's result_summary.json as a bake-off upload: the client-written v6.1 folder's files (the same
// result_summary.json /reproduce reads), an interrupted run, and a refusal with its line. Values by hand from
// lib/endpoints/testdata.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_TESTDATA, V61_FOLDER } from "@/lib/endpoints/test-folder";
import { BakeoffParseError } from "./common";
import { detectAndParse } from "./detect";

const rel = "closed/Naeem Khoshnevis/results/H200/llama3.1-8b";
const read = (p: string) => readFileSync(p, "utf8");

describe("mlperf-endpoints uploads", () => {
  it("the v6.1 Offline result_summary.json: one offline point at 7796.59 tokens/s, model from the path", () => {
    const name = `${rel}/Offline/performance/result_summary.json`;
    const p = detectAndParse(read(path.join(V61_FOLDER, name)), name);
    expect(p.tool).toBe("mlperf-endpoints");
    expect(p.format).toBe("mlperf-endpoints-result-summary");
    const run = p.runs[0];
    expect(run).toMatchObject({
      tool: "mlperf-endpoints",
      toolVersion: "inference-endpoint 0.4.0",
      model: "llama3.1-8b",
      load: { kind: "offline", concurrency: null, requestRate: null },
      scenarioHint: "Offline",
      validity: "UNKNOWN",
      numRequests: 13368,
      numFailed: 0,
    });
    expect(run?.outTokPerS).toBeCloseTo(7796.585132597627, 9);
    expect(run?.durationS).toBeCloseTo(1054.614534461, 9);
    expect(run?.tpotMs?.p90).toBe(113);
    expect(run?.oslMean).toBeCloseTo(8222392 / 13368, 6);
  });

  it("the v6.1 Server one: a 12 queries/s rate, Server's 2,000 / 100 ms limits, the LoadGen-window note", () => {
    const name = `${rel}/Server/performance/result_summary.json`;
    const run = detectAndParse(read(path.join(V61_FOLDER, name)), name).runs[0];
    expect(run?.load).toEqual({ kind: "rate", concurrency: null, requestRate: 12 });
    expect(run?.scenarioHint).toBe("Server");
    expect(run?.ttftLimitMs).toBe(2000);
    expect(run?.tpotLimitMs).toBe(100);
    expect(run?.ttftMs?.p99).toBe(1200);
    expect(run?.outTokPerS).toBeCloseTo(7376.597666233358, 9);
    expect(run?.latencyNotes.some((n) => /LoadGen's Server window/.test(n))).toBe(true);
  });

  it("an interrupted concurrency run: INVALID, with the partial-data warning", () => {
    const p = detectAndParse(read(path.join(CLIENT_TESTDATA, "interrupted-03cd909.result_summary.json")), "r.json");
    expect(p.runs[0]).toMatchObject({
      load: { kind: "concurrency", concurrency: 32, requestRate: null },
      validity: "INVALID",
      tpotMs: null,
      outTokPerS: 4756,
    });
    expect(p.warnings.some((w) => /interrupted.*partial/.test(w))).toBe(true);
  });

  it("a string where nanoseconds belong is refused naming its field and line", () => {
    const text = '{\n  "n_samples_completed": 3,\n  "duration_ns": 5,\n  "ttft": {\n    "avg": "slow"\n  }\n}';
    try {
      detectAndParse(text, "result_summary.json");
      throw new Error("expected a refusal");
    } catch (e) {
      expect(e).toBeInstanceOf(BakeoffParseError);
      expect(e).toMatchObject({ field: "ttft.avg", line: 5 });
    }
  });
});
