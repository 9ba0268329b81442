import { describe, expect, it } from "vitest";
import { createDetailParser, parseLoadgenDetail } from "./detail";
import { compareLogValues, compareWithSummary } from "./merge";
import { expectedFor, findRealRuns, readText } from "./real-logs.testkit";
import { parseLoadgenSummary } from "./summary";

const runs = findRealRuns();
const withDetail = runs.filter((r) => r.detailPath !== null);
const AMD87_INTERACTIVE = "mlperf/loadgen/v6.0/AMD/87xMI355X_22xEPYC_9575F/llama2-70b-99/Interactive";
const detailText = (id: string) => {
  const r = withDetail.find((x) => x.id === id);
  if (!r?.detailPath) throw new Error(`missing real detail log ${id}`);
  return readText(r.detailPath);
};

describe("real LoadGen detail logs", () => {
  it("finds a detail log for all but the 5 summary-only runs", () => {
    expect(withDetail).toHaveLength(23);
    expect(runs.filter((r) => r.detailPath === null).map((r) => r.id)).toEqual([
      "mlperf/loadgen/v5.1/MangoBoost/32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655/llama2-70b-99/Offline",
      "mlperf/loadgen/v5.1/MangoBoost/32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655/llama2-70b-99/Server",
      "mlperf/loadgen/v6.0/AMD/94xMI355X_24xEPYC_9575F/gpt-oss-120b/Offline",
      "mlperf/loadgen/v6.0/AMD/94xMI355X_24xEPYC_9575F/gpt-oss-120b/Server",
      "bakeoff/mlperf-loadgen/amd-8xMI300X-llama2-70b-99-offline",
    ]);
  });

  it.each(withDetail.map((r) => [r.id, r] as const))("%s parses VALID and matches the headline", (id, r) => {
    const want = expectedFor(id);
    const { run, errors } = parseLoadgenDetail(readText(r.detailPath ?? ""), r.detailPath ?? "");
    expect(errors).toEqual([]);
    expect(run?.validity).toBe("VALID");
    expect(run?.hasDetail).toBe(true);
    expect(run?.loadgenVersion).toBe(want.loadgenVersion);
    expect(run?.scenarioHeader).toBe(want.scenario === "Offline" ? "Offline" : "Server");
    // The detail log keeps 6 significant digits: 785521.65 is logged as 785522.
    const tokens = run?.tokensPerSecond ?? Number.NaN;
    expect(compareWithSummary(want.tokens, tokens).agrees).toBe(true);
    expect(tokens).toBeGreaterThan(1000); // never result_token_throughput (~1e-8)
    expect(run?.failedChecks).toEqual([]);
    expect(run?.queryCount).toBeGreaterThan(0);
    if (want.scenario === "Offline") expect(run?.queryCount).toBe(1);
  });

  it.each(withDetail.map((r) => [r.id, r] as const))("%s: summary and detail agree", (id, r) => {
    const want = expectedFor(id);
    const s = parseLoadgenSummary(readText(r.summaryPath), r.summaryPath).run;
    const d = parseLoadgenDetail(readText(r.detailPath ?? ""), r.detailPath ?? "").run;
    if (!s || !d) throw new Error("both logs must parse");
    expect(d.latencyNs).toEqual(s.latencyNs);
    expect(d.ttftNs).toEqual(s.ttftNs);
    expect(d.tpotNs).toEqual(s.tpotNs);
    expect(d.checks).toEqual(s.checks);
    expect(d.validity).toBe(s.validity);
    expect(d.sutName).toBe(s.sutName);
    expect(d.targetQps).toBe(s.targetQps);
    expect(d.minDurationMs).toBe(s.minDurationMs);
    expect(d.minQueryCount).toBe(s.minQueryCount);
    expect(d.samplesPerQuery).toBe(s.samplesPerQuery);
    for (const k of ["tokensPerSecond", "samplesPerSecond", "scheduledSamplesPerSecond"] as const) {
      const sv = s[k];
      const dv = d[k];
      if (sv === null || dv === null) expect([k, dv]).toEqual([k, sv]);
      else expect([k, compareLogValues(sv, dv).agrees]).toEqual([k, true]);
    }
    if (want.scenario !== "Offline") {
      // Offline detail logs carry no ttft/tpot settings; the summary prints the defaults.
      expect(d.ttftLimitNs).toBe(s.ttftLimitNs);
      expect(d.tpotLimitNs).toBe(s.tpotLimitNs);
    }
  });

  it("reads the v6.0 AMD 87x Interactive run field by field", () => {
    const { run } = parseLoadgenDetail(detailText(AMD87_INTERACTIVE), "87x");
    expect(run?.tokensPerSecond).toBe(785522);
    expect(run?.samplesPerSecond).toBe(2776.29);
    expect(run?.scheduledSamplesPerSecond).toBe(2797.08);
    expect(run?.ttftNs.p99).toBe(273811951);
    expect(run?.tpotNs.p99).toBe(39411933);
    expect(run?.tpotNs).toMatchObject({ min: 23809, max: 338243483, mean: 36672738 }); // result_time_to_output_token_*
    expect(run?.queryCount).toBe(3366912);
    expect(run?.ttftLimitNs).toBe(450_000_000);
    expect(run?.tpotLimitNs).toBe(40_000_000);
    expect(run?.targetQps).toBe(2800);
    expect(run?.mode).toBe("PerformanceOnly");
  });

  it("the v5.1 NVIDIA B200 logs were produced with LoadGen 5.0.25", () => {
    const b200 = withDetail.filter((r) => r.id.includes("v5.1/NVIDIA/B200"));
    expect(b200).toHaveLength(3);
    for (const r of b200) {
      expect(parseLoadgenDetail(readText(r.detailPath ?? ""), "b200").run?.loadgenVersion?.split(" ")[0]).toBe(
        "5.0.25",
      );
    }
  });

  it("streaming line by line gives the same run as the whole-text parser", () => {
    const text = detailText(AMD87_INTERACTIVE);
    const p = createDetailParser("stream");
    text.split("\n").forEach((line, i) => {
      p.pushLine(line, i + 1);
    });
    expect(p.finish()).toEqual(parseLoadgenDetail(text, "stream"));
  });
});

describe("broken detail logs", () => {
  const text = detailText(AMD87_INTERACTIVE);
  const lines = text.split("\n");
  /** The first n-1 lines whole, then half of line n: a log cut mid-way. */
  const cutInLine = (n: number) => {
    const last = lines[n - 1] ?? "";
    return [...lines.slice(0, n - 1), last.slice(0, Math.floor(last.length / 2))].join("\n");
  };

  it("a log cut mid-way before the result reports the cut line and the missing fields", () => {
    const { run, errors } = parseLoadgenDetail(cutInLine(60), "cut.txt");
    expect(run?.validity).toBe("UNKNOWN");
    expect(errors).toEqual([
      {
        source: "cut.txt",
        line: 60,
        field: null,
        message: "line is not valid JSON: the last line is incomplete (log cut mid-way?)",
      },
      {
        source: "cut.txt",
        line: 60,
        field: "result_validity",
        message: "log ends before result_validity (truncated?)",
      },
      {
        source: "cut.txt",
        line: 60,
        field: "result_completed_samples_per_sec",
        message: "log ends before the throughput entry (truncated?)",
      },
      {
        source: "cut.txt",
        line: 60,
        field: "result_completed_tokens_per_second",
        message: "log ends before the tokens/s entry (truncated?)",
      },
    ]);
  });

  it("a log cut on a line boundary after the result still misses tokens/s", () => {
    const { run, errors } = parseLoadgenDetail(lines.slice(0, 100).join("\n"), "cut100");
    expect(run?.validity).toBe("VALID");
    expect(run?.samplesPerSecond).toBe(2776.29);
    expect(errors).toEqual([
      {
        source: "cut100",
        line: 100,
        field: "result_completed_tokens_per_second",
        message: "log ends before the tokens/s entry (truncated?)",
      },
    ]);
  });

  it("a broken line in the middle is reported with its number and parsing goes on", () => {
    const broken = [...lines];
    broken[81] = (broken[81] ?? "").replace('"value": "VALID"', '"value": VALID'); // line 82: result_validity
    broken[9] = (broken[9] ?? "").slice(0, 40); // line 10: a key we skip, cut short
    broken[4] = "Traceback (most recent call last):"; // line 5: not an MLLOG line
    const { run, errors } = parseLoadgenDetail(broken.join("\n"), "broken");
    expect(errors).toEqual([
      { source: "broken", line: 5, field: null, message: "not a :::MLLOG line" },
      { source: "broken", line: 10, field: null, message: "line is not valid JSON" },
      { source: "broken", line: 82, field: null, message: "line is not valid JSON" },
      {
        source: "broken",
        line: 123,
        field: "result_validity",
        message: "log ends before result_validity (truncated?)",
      },
    ]);
    expect(run?.tokensPerSecond).toBe(785522);
  });

  it("never takes result_token_throughput for tokens/s", () => {
    const without = lines.filter((l) => !l.includes('"key": "result_completed_tokens_per_second"')).join("\n");
    expect(without).toContain('"key": "result_token_throughput"');
    const { run, errors } = parseLoadgenDetail(without, "no-tokens");
    expect(run?.tokensPerSecond).toBeNull();
    expect(errors.map((e) => e.field)).toEqual(["result_completed_tokens_per_second"]);
  });

  it("empty input gives no run", () => {
    expect(parseLoadgenDetail("", "e")).toEqual({
      run: null,
      errors: [{ source: "e", line: null, field: null, message: "empty LoadGen detail log" }],
    });
    expect(parseLoadgenDetail("\n\n", "e").run).toBeNull();
  });

  it("keeps at most 50 errors plus a count, however much garbage it reads", () => {
    const garbage = Array.from({ length: 10_000 }, (_, i) => `garbage ${i}`).join("\n");
    const { errors } = parseLoadgenDetail(garbage, "g");
    expect(errors).toHaveLength(51);
    expect(errors[0]).toEqual({ source: "g", line: 1, field: null, message: "not a :::MLLOG line" });
    // 10,000 bad lines + missing result_validity + missing throughput = 10,002; 50 kept.
    expect(errors[50]?.message).toBe("9952 more errors not shown");
  });

  it("tolerates bare nan values in the JSON", () => {
    const nan = text.replace(/("key": "result_first_token_mean_latency_ns", "value": )\d+/, "$1nan");
    const { run, errors } = parseLoadgenDetail(nan, "nan");
    expect(errors).toEqual([]);
    expect(run?.ttftNs.mean).toBeNull();
    expect(run?.ttftNs.p99).toBe(273811951);
  });
});

describe("detail parser speed", () => {
  // ~100 MB: the real log with its unneeded lines (git log, settings, messages) repeated in the middle,
  // the way long runs grow; result lines stay at the end as LoadGen writes them.
  const real = detailText(AMD87_INTERACTIVE).split("\n");
  const head = real.slice(0, 81);
  const filler = real.slice(1, 81).join("\n");
  const copies = Math.ceil(100e6 / filler.length);
  const big = [head.join("\n"), ...Array.from({ length: copies }, () => filler), real.slice(81).join("\n")].join("\n");

  it("parses a 100 MB log at 50 MB/s or more", () => {
    expect(big.length).toBeGreaterThan(100e6);
    let best = 0;
    let result: ReturnType<typeof parseLoadgenDetail> | null = null;
    for (let i = 0; i < 3 && best < 50; i++) {
      const t0 = performance.now();
      result = parseLoadgenDetail(big, "big");
      const mbPerS = big.length / 1e6 / ((performance.now() - t0) / 1000);
      best = Math.max(best, mbPerS);
    }
    expect(result?.errors).toEqual([]);
    expect(result?.run?.tokensPerSecond).toBe(785522);
    expect(result?.run?.loadgenVersion).toBe("6.0.5 @ 9142ef0e74");
    console.info(`detail parser: ${best.toFixed(0)} MB/s on ${(big.length / 1e6).toFixed(0)} MB`);
    expect(best).toBeGreaterThanOrEqual(50);
  });
});
