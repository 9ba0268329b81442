// A client run as a LoadgenRun: figures, scenario from the load pattern, the checks on the file's own numbers.
// Expected values by hand from testdata/ (the Server folder's P99 TTFT 1,200 ms and TPOT 42 ms against llama3.1-8b
// Server's 2,000 ms / 100 ms limits, lib/judge tokenLimits).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import { CLIENT_COMPLETE_CHECK, clientScenario, clientSummaryToLoadgenRun, readClientConfig } from "./client-run";
import { parseClientSummary } from "./client-summary";

const here = path.join(__dirname, "testdata");
const V61 = path.join(here, "v6.1/closed/Naeem Khoshnevis/results/H200/llama3.1-8b");
const summary = (p: string) => parseClientSummary(readFileSync(p, "utf8"), p);

describe("readClientConfig", () => {
  it("the v6.1 Server folder's config.yaml", () => {
    expect(readClientConfig(readFileSync(path.join(V61, "Server/config.yaml"), "utf8"))).toEqual({
      type: "online",
      modelName: "meta-llama/Llama-3.1-8B-Instruct",
      minDurationMs: 600000,
      loadPatternType: "poisson",
      targetQps: 12,
      targetConcurrency: null,
    });
  });
  it("the client's real template (../shared/data/endpoints/client-config)", () => {
    const t = readFileSync(sharedPath("endpoints", "client-config", "concurrency_template.yaml"), "utf8");
    expect(readClientConfig(t)).toMatchObject({
      type: "online",
      minDurationMs: 600000,
      loadPatternType: "concurrency",
      targetConcurrency: 32,
    });
  });
  it("a duration with a suffix", () => {
    expect(readClientConfig("settings:\n  runtime:\n    min_duration_ms: 10m\n").minDurationMs).toBe(600000);
  });
});

describe("clientSummaryToLoadgenRun", () => {
  it("v6.1 Offline: tps as tokens/s, UNKNOWN (the client writes no verdict), no latency limits", () => {
    const s = summary(path.join(V61, "Offline/performance/result_summary.json"));
    expect(clientScenario(s, null).scenario).toBe("Offline");
    const run = clientSummaryToLoadgenRun(s, { scenario: "Offline", benchmark: "llama3.1-8b", config: null });
    expect(run.tokensPerSecond).toBeCloseTo(7796.585132597627, 9);
    expect(run.samplesPerSecond).toBeCloseTo(12.675721377984056, 9);
    expect(run.validity).toBe("UNKNOWN");
    expect(run.checks).toEqual({ "Min duration satisfied": true });
    expect(run.ttftLimitNs).toBeNull();
    expect(run.tpotNs.p90).toBe(113e6);
    expect(run.queryCount).toBe(13368);
  });
  it("v6.1 Server: P99s under llama3.1-8b's 2,000 ms / 100 ms limits, target QPS from run_config", () => {
    const s = summary(path.join(V61, "Server/performance/result_summary.json"));
    expect(clientScenario(s, null)).toMatchObject({ scenario: "Server" });
    const run = clientSummaryToLoadgenRun(s, { scenario: "Server", benchmark: "llama3.1-8b", config: null });
    expect(run.ttftLimitNs).toBe(2000e6);
    expect(run.tpotLimitNs).toBe(100e6);
    expect(run.ttftNs.p99).toBe(1200e6);
    expect(run.checks["Performance constraints satisfied"]).toBe(true);
    expect(run.validity).toBe("UNKNOWN");
    expect(run.targetQps).toBe(12);
  });
  it("the same Server run held to Interactive's 500 ms / 30 ms limits fails its constraints: INVALID", () => {
    const s = summary(path.join(V61, "Server/performance/result_summary.json"));
    const run = clientSummaryToLoadgenRun(s, { scenario: "Interactive", benchmark: "llama3.1-8b", config: null });
    expect(run.validity).toBe("INVALID");
    expect(run.failedChecks).toEqual(["Performance constraints satisfied"]);
  });
  it("an interrupted 250 s run: INVALID, not complete and short of the 600 s minimum", () => {
    const s = summary(path.join(here, "interrupted-03cd909.result_summary.json"));
    expect(clientScenario(s, null).scenario).toBeNull(); // a concurrency run
    const run = clientSummaryToLoadgenRun(s, { scenario: null, benchmark: null, config: null });
    expect(run.validity).toBe("INVALID");
    expect(run.failedChecks).toEqual([CLIENT_COMPLETE_CHECK, "Min duration satisfied"]);
    expect(run.tpotNs.p99).toBeNull();
  });
});
