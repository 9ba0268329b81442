// The settings a run used, read from both logs of every real LoadGen run in shared/data: the summary's
// "Test Parameters Used" block and the detail log's effective_* keys must say the same, seeds digit for digit.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findRealRuns } from "@/lib/loadgen/real-logs.testkit";
import { loadgenRelease, SETTINGS, sameSetting, settingsFromDetail, settingsFromSummary } from "./settings";

describe("settings from the real logs", () => {
  const runs = findRealRuns().filter((r) => r.detailPath !== null);
  it("covers the real runs", () => {
    expect(runs.length).toBeGreaterThanOrEqual(15);
  });
  it.each(runs.map((r) => [r.id, r] as const))("%s: summary and detail agree on every setting both print", (_id, r) => {
    const s = settingsFromSummary(readFileSync(r.summaryPath, "utf8"));
    const d = settingsFromDetail(readFileSync(r.detailPath as string, "utf8"));
    let both = 0;
    for (const def of SETTINGS) {
      const a = s[def.key];
      const b = d[def.key];
      if (a === undefined || b === undefined || a === null || b === null) continue;
      both++;
      expect(sameSetting(a, b), `${def.key}: ${a} vs ${b}`).toBe(true);
    }
    expect(both).toBeGreaterThanOrEqual(10);
    expect(d.loadgenVersion).toMatch(/^\d+\.\d+/);
  });
});

describe("64-bit seeds stay exact", () => {
  it("keeps 14276810075590677512 as printed (a JavaScript number would make it …7000)", () => {
    const text = readFileSync(
      findRealRuns().find((r) => /v6\.0\/AMD\/8xMI355X_2xEPYC_9575F\/llama2-70b-99\/Server$/.test(r.id))
        ?.detailPath as string,
      "utf8",
    );
    expect(settingsFromDetail(text).sampleIndexRngSeed).toBe("14276810075590677512");
    expect(sameSetting("14276810075590677512", "14276810075590677513")).toBe(false);
    expect(sameSetting("1800000", "1.8e+06")).toBe(true);
  });
  it.each([
    ["6.0.6 @ fb1d0c0948", "6.0.6"],
    ["5.0.25", "5.0.25"],
    [null, null],
  ])("loadgenRelease(%s) = %s", (v, want) => {
    expect(loadgenRelease(v)).toBe(want);
  });
});
