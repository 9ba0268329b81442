import { describe, expect, it } from "vitest";
import { EXPECTED_RUNS, expectedFor, findRealRuns, readText } from "./real-logs.testkit";
import { parseLoadgenConsole, parseLoadgenSummary } from "./summary";

const runs = findRealRuns();
const AMD87 = "mlperf/loadgen/v6.0/AMD/87xMI355X_22xEPYC_9575F/llama2-70b-99";
const summaryText = (id: string) => {
  const r = runs.find((x) => x.id === id);
  if (!r) throw new Error(`missing real run ${id}`);
  return readText(r.summaryPath);
};

describe("real LoadGen summaries", () => {
  it("finds exactly the 28 runs listed in the expectation table", () => {
    expect(runs.map((r) => r.id).sort()).toEqual(Object.keys(EXPECTED_RUNS).sort());
    expect(runs).toHaveLength(28);
  });

  it.each(runs.map((r) => [r.id, r] as const))("%s parses VALID with the published headline", (id, r) => {
    const want = expectedFor(id);
    const { run, errors } = parseLoadgenSummary(readText(r.summaryPath), r.summaryPath);
    expect(errors).toEqual([]);
    expect(run?.validity).toBe("VALID");
    expect(run?.tokensPerSecond).toBe(want.tokens);
    expect(run?.samplesPerSecond).toBe(want.samples);
    expect(run?.failedChecks).toEqual([]);
    expect(run?.mode).toBe("PerformanceOnly");
    expect(run?.hasSummary).toBe(true);
    // Interactive runs print "Scenario : Server".
    expect(run?.scenarioHeader).toBe(want.scenario === "Offline" ? "Offline" : "Server");
    expect(run?.latencyNs.p99).toBeGreaterThan(0);
    if (want.scenario === "Offline") {
      expect(run?.checks).toEqual({
        "Min duration satisfied": true,
        "Min queries satisfied": true,
        "Early stopping satisfied": true,
      });
      expect(run?.ttftNs.p99).toBeNull();
      expect(run?.tpotNs.p99).toBeNull();
      expect(run?.scheduledSamplesPerSecond).toBeNull();
    } else {
      expect(run?.checks["Performance constraints satisfied"]).toBe(true);
      expect(run?.checks["TTFT early stopping"]).toBe(true);
      expect(run?.checks["TPOT early stopping"]).toBe(true);
      expect(run?.ttftNs.p99).toBeGreaterThan(0);
      expect(run?.tpotNs.p99).toBeGreaterThan(0);
      expect(run?.scheduledSamplesPerSecond).toBeGreaterThan(0);
    }
  });

  it("reads every stat of the v6.0 AMD 87x Interactive run", () => {
    const { run } = parseLoadgenSummary(summaryText(`${AMD87}/Interactive`), "87x-interactive");
    expect(run?.ttftNs).toEqual({
      min: 18788820,
      max: 853746747,
      mean: 117769012,
      p50: 113105570,
      p90: 144083227,
      p95: 156849914,
      p97: 168329915,
      p99: 273811951,
      p999: 467134006,
    });
    expect(run?.tpotNs).toEqual({
      min: 23809,
      max: 338243483,
      mean: 36672738,
      p50: 36951255,
      p90: 38141700,
      p95: 38512097,
      p97: 38780718,
      p99: 39411933,
      p999: 41541893,
    });
    expect(run?.latencyNs.p999).toBe(38681663626);
    expect(run?.scheduledSamplesPerSecond).toBe(2797.08);
    expect(run?.ttftLimitNs).toBe(450_000_000);
    expect(run?.tpotLimitNs).toBe(40_000_000);
    expect(run?.targetQps).toBe(2800);
    expect(run?.minDurationMs).toBe(1_200_000);
    expect(run?.minQueryCount).toBe(100);
    expect(run?.samplesPerQuery).toBe(1);
    expect(run?.sutName).toBe("PySUT");
  });

  it("reads the exponent form of Offline throughput (1.04211e+06)", () => {
    const text = summaryText(`${AMD87}/Offline`);
    expect(text).toContain("Tokens per second: 1.04211e+06");
    const { run } = parseLoadgenSummary(text, "87x-offline");
    expect(run?.tokensPerSecond).toBe(1042110);
    expect(run?.samplesPerQuery).toBe(5016000);
  });

  it('reads TPOT under both labels: v4.1 "Time to Output Token" and v6.0 "Time per Output Token"', () => {
    const v41 = summaryText("mlperf/loadgen/v4.1/NVIDIA/H200-SXM-141GBx8_TRT/llama2-70b-99/Server");
    expect(v41).toContain("Min Time to Output Token (ns)");
    expect(v41).not.toContain("Time per Output Token");
    expect(parseLoadgenSummary(v41, "v41").run?.tpotNs).toMatchObject({
      min: 39156781,
      max: 298905181,
      mean: 123263268,
      p99: 146040006,
    });

    const v60 = summaryText("mlperf/loadgen/v6.0/AMD/8xMI355X_2xEPYC_9575F/llama2-70b-99/Server");
    expect(v60).toContain("Min Time per Output Token (ns)");
    expect(parseLoadgenSummary(v60, "v60").run?.tpotNs).toMatchObject({
      min: 221245,
      max: 628524568,
      mean: 144435776,
      p99: 161051159,
    });
  });

  it("reports INVALID runs and names the failed checks", () => {
    const text = summaryText(`${AMD87}/Server`)
      .replace("Result is : VALID", "Result is : INVALID")
      .replace("Performance constraints satisfied : Yes", "Performance constraints satisfied : NO")
      .replace(
        "TTFT Early Stopping Result:\n * Run successful.",
        "TTFT Early Stopping Result:\n * Run unsuccessful.\n * Processed 100 queries.",
      );
    const { run, errors } = parseLoadgenSummary(text, "invalid");
    expect(errors).toEqual([]);
    expect(run?.validity).toBe("INVALID");
    expect(run?.failedChecks).toEqual(["Performance constraints satisfied", "TTFT early stopping"]);
    expect(run?.checks["TPOT early stopping"]).toBe(true);
  });
});

describe("truncated and empty summaries", () => {
  const full = summaryText(`${AMD87}/Server`);
  const firstLines = (n: number) => full.split("\n").slice(0, n).join("\n");

  it("a log cut before the result line names the source, the last line and the field", () => {
    const { run, errors } = parseLoadgenSummary(firstLines(8), "cut.txt");
    expect(run?.tokensPerSecond).toBe(1016375);
    expect(run?.validity).toBe("UNKNOWN");
    expect(errors).toEqual([
      { source: "cut.txt", line: 8, field: "Result is", message: "log ends before the result line (truncated?)" },
    ]);
  });

  it("a log cut before the throughput lines reports both missing fields", () => {
    const { errors } = parseLoadgenSummary(firstLines(6), "cut6.txt");
    expect(errors).toEqual([
      { source: "cut6.txt", line: 6, field: "Result is", message: "log ends before the result line (truncated?)" },
      {
        source: "cut6.txt",
        line: 6,
        field: "Completed samples per second",
        message: "log ends before the throughput line (truncated?)",
      },
    ]);
  });

  // issue 15 finding 9: the error pointed at the file's last line (the end of "Test Parameters Used"); LoadGen's
  // PerformanceSummary::LogSummary (loadgen/results.cc) writes the throughput line right after "Mode", before "Result is"
  it("a header without any throughput line names the line where LoadGen writes it, not the file's last line", () => {
    const text = full.replace(/^Completed (samples|tokens) per second *: .*\n/gm, "");
    const lines = text.split("\n");
    const modeLine = lines.findIndex((l) => l.startsWith("Mode ")) + 1;
    const resultLine = lines.findIndex((l) => l.startsWith("Result is")) + 1;
    expect([modeLine, resultLine]).toEqual([6, 7]); // from the real file, minus its two throughput lines
    const { run, errors } = parseLoadgenSummary(text, "nothroughput");
    expect(run?.tokensPerSecond).toBeNull(); // the stats block's tokens/s is never promoted
    expect(errors).toEqual([
      {
        source: "nothroughput",
        line: 7,
        field: "Completed samples per second",
        message:
          'no throughput line: a Server summary has "Completed samples per second" (LLM runs) or "Scheduled samples per second" between "Mode" (line 6) and "Result is" (line 7)',
      },
    ]);
  });

  it("an Offline header without its throughput line names the field and the lines around it", () => {
    const offline = summaryText(`${AMD87}/Offline`);
    const text = offline.replace(/^(Samples|Tokens) per second *: .*\n/gm, "");
    const lines = text.split("\n");
    const modeLine = lines.findIndex((l) => l.startsWith("Mode ")) + 1;
    const { errors } = parseLoadgenSummary(text, "offline");
    expect(errors).toEqual([
      {
        source: "offline",
        line: modeLine + 1,
        field: "Samples per second",
        message: `no throughput line: an Offline summary has "Samples per second" between "Mode" (line ${modeLine}) and "Result is" (line ${modeLine + 1})`,
      },
    ]);
  });

  it("empty or unrelated text gives no run and an error", () => {
    expect(parseLoadgenSummary("", "empty.txt")).toEqual({
      run: null,
      errors: [{ source: "empty.txt", line: null, field: null, message: "empty LoadGen summary" }],
    });
    expect(parseLoadgenSummary("  \n\n", "blank.txt").run).toBeNull();
    const other = parseLoadgenSummary("hello: world\nfoo bar\n", "other.txt");
    expect(other.run).toBeNull();
    expect(other.errors[0]?.message).toBe("no LoadGen summary lines found");
  });

  it("a non-numeric value is an error on its line", () => {
    const { run, errors } = parseLoadgenSummary(
      full.replace("Completed tokens per second: 1016375.00", "Completed tokens per second: n/a"),
      "nan",
    );
    expect(run?.tokensPerSecond).toBeNull();
    expect(errors[0]).toMatchObject({ line: 8, field: "Completed tokens per second", message: 'not a number: "n/a"' });
  });
});

// Modelled on the AMD v6.0 reproduction guide's Server example: shell prompt and docker noise first, no
// ==== banners, "..." cuts, "* Run successful." without the leading space, and an extra stats block from
// another run (74638.54 tokens/s) before the real one.
const CONSOLE_PASTE = `root@mi355x:/lab-mlperf-inference# python /lab-mlperf-inference/code/main.py --config-name server_mi355x test_mode=performance
INFO 04-01 10:12:01 [__init__.py:239] Automatically detected platform rocm.
...

MLPerf Results Summary
SUT name : PySUT
Scenario : Server
Mode     : PerformanceOnly
Completed samples per second    : 354.41
Completed tokens per second: 100282.36
Result is : VALID
  Performance constraints satisfied : Yes
  Min duration satisfied : Yes
  Min queries satisfied : Yes
  Early stopping satisfied: Yes
TTFT Early Stopping Result:
* Run successful.
TPOT Early Stopping Result:
* Run successful.
 
Additional Stats
Scheduled samples per second : 264.96
Min latency (ns)                : 83955567
99.00 percentile latency (ns)   : 62057076953

Completed tokens per second                 : 74638.54
99.00 percentile first token latency (ns)   : 674674289

Min Time per Output Token (ns)                : 58799
99.00 percentile time to output token (ns)   : 191656553

Scheduled samples per second : 359.71
Min latency (ns)                : 137662641
99.00 percentile latency (ns)   : 136596635604
 
Completed tokens per second                 : 100282.36
99.00 percentile first token latency (ns)   : 1019241339
 
Min Time per Output Token (ns)                : 221245
99.00 percentile time to output token (ns)   : 161051159
...
`;

describe("console pastes", () => {
  it("takes throughput from the header, not from a stats block, and keeps the matching block's stats", () => {
    const { run, errors } = parseLoadgenConsole(CONSOLE_PASTE, "paste");
    expect(errors).toEqual([]);
    expect(run?.tokensPerSecond).toBe(100282.36);
    expect(run?.samplesPerSecond).toBe(354.41);
    expect(run?.validity).toBe("VALID");
    expect(run?.failedChecks).toEqual([]);
    expect(run?.checks["TTFT early stopping"]).toBe(true);
    expect(run?.scheduledSamplesPerSecond).toBe(359.71);
    expect(run?.latencyNs.min).toBe(137662641);
    expect(run?.latencyNs.p99).toBe(136596635604);
    expect(run?.ttftNs.p99).toBe(1019241339);
    expect(run?.tpotNs).toMatchObject({ min: 221245, p99: 161051159 });
  });

  it("picks the block matching the header even when another run's block comes after it", () => {
    const lines = CONSOLE_PASTE.split("\n");
    const junkStart = lines.indexOf("Scheduled samples per second : 264.96");
    const realStart = lines.indexOf("Scheduled samples per second : 359.71");
    const swapped = [
      ...lines.slice(0, junkStart),
      ...lines.slice(realStart, -2),
      "",
      ...lines.slice(junkStart, realStart),
      "...",
    ].join("\n");
    expect(swapped.indexOf("74638.54")).toBeGreaterThan(swapped.lastIndexOf("100282.36"));
    const { run, errors } = parseLoadgenConsole(swapped, "swapped");
    expect(errors).toEqual([]);
    expect(run?.tokensPerSecond).toBe(100282.36);
    expect(run?.tpotNs.p99).toBe(161051159);
    expect(run?.scheduledSamplesPerSecond).toBe(359.71);
  });

  it("reads the same numbers from Windows line endings", () => {
    const { run, errors } = parseLoadgenConsole(CONSOLE_PASTE.replace(/\n/g, "\r\n"), "crlf");
    expect(errors).toEqual([]);
    expect(run?.tokensPerSecond).toBe(100282.36);
    expect(run?.tpotNs.p99).toBe(161051159);
  });

  it("a paste cut before the result line is reported with its last line", () => {
    const cut = CONSOLE_PASTE.split("\n").slice(0, 10).join("\n");
    const { run, errors } = parseLoadgenConsole(cut, "paste-cut");
    expect(run?.tokensPerSecond).toBe(100282.36);
    expect(errors).toEqual([
      { source: "paste-cut", line: 10, field: "Result is", message: "log ends before the result line (truncated?)" },
    ]);
  });
});
