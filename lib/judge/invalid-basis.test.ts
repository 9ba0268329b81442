// Issue 25 finding 1: an INVALID LoadGen run read backwards ("LoadGen marked the run INVALID: Performance constraints
// satisfied, …") and was still ranked and sized. These cases failed before lib/judge; expected values by hand from
// LoadGen's summary writer (loadgen/results.cc) and the run's own log.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { rankAgainst, runPoints } from "@/components/bakeoff/overlay-data";
import { parseLoadgenText } from "@/lib/bakeoff/loadgen";
import { capacityPerSuccessfulRequest } from "@/lib/bakeoff/slo";
import { pickPointFor } from "@/lib/campaign/sweeps";
import { sharedPath } from "@/lib/shared-data";

const FILE = sharedPath("bakeoff", "mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server", "mlperf_log_summary.txt");
const valid = readFileSync(FILE, "utf8");
// the same real log as LoadGen writes it for a run that missed its latency bound
const invalid = valid
  .replace("Result is : VALID", "Result is : INVALID")
  .replace("Performance constraints satisfied : Yes", "Performance constraints satisfied : NO")
  .replace("Early stopping satisfied: Yes", "Early stopping satisfied: NO")
  .replace("TTFT Early Stopping Result:\n * Run successful.", "TTFT Early Stopping Result:\n * Run unsuccessful.");
const NAME = "amd-8xMI300X-llama2-70b-99-server/mlperf_log_summary.txt";
const runOf = (text: string) => {
  const p = parseLoadgenText(text, NAME);
  const run = p.runs[0];
  if (!run) throw new Error("no run");
  return { run: { ...run, accelerators: 8 }, warnings: p.warnings };
};
const LINES = [
  "Performance constraints satisfied : NO",
  "Early stopping satisfied: NO",
  "TTFT Early Stopping Result: * Run unsuccessful.",
];

describe("an INVALID run states its failed checks as LoadGen writes them", () => {
  it("the upload warning quotes each failed line with its NO", () => {
    const { run, warnings } = runOf(invalid);
    expect(run.failedChecks).toEqual(LINES);
    expect(warnings).toContain(`LoadGen marked the run INVALID: ${LINES.join("; ")}`);
  });
});

describe("an INVALID run is never a basis", () => {
  // targets: llama2-70b Server 2000 / 200 ms (the run's own p99s are 1914.6 / 193.4 ms, within them)
  const targets = { ttftP99Ms: 2000, tpotP99Ms: 200 };
  it("is not sized: no SLO capacity", () => {
    const cap = capacityPerSuccessfulRequest(runOf(invalid).run, targets, 8);
    expect(cap.goodReqPerS).toBeNull();
    expect(cap.method).toBe("unavailable");
    expect(cap.approximation).toMatch(/^INVALID: Performance constraints satisfied : NO/);
    // the VALID twin keeps its capacity
    expect(capacityPerSuccessfulRequest(runOf(valid).run, targets, 8).goodReqPerS).not.toBeNull();
  });
  it("is not picked as a lane's point, and not ranked", () => {
    const bad = runOf(invalid).run;
    const good = { ...runOf(valid).run, outTokPerS: 1000 };
    expect(pickPointFor([bad, good], targets, 8)?.index).toBe(1);
    expect(pickPointFor([bad], targets, 8)).toBeNull();
    const [point] = runPoints([bad], 8);
    if (!point) throw new Error("no point");
    expect(point.failedChecks).toEqual(LINES);
    const published = [{ scenario: "Server" as const, perAcc: 1 }];
    expect(rankAgainst(published, "Server", point)).toBeNull();
  });
});
