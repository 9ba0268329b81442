// Cross-feature agreement (issue 25 build 6, first cases): the same real items through compare (lib/context
// computeFlags), the judge's set verdict, and for a LoadGen run the overlay, the SLO capacity and the lane pick; every
// feature must reach the verdict stated by hand. Cases: v6.0 summary rows and the 8×MI300X LoadGen server log.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { rankAgainst, runPoints } from "@/components/bakeoff/overlay-data";
import { parseLoadgenText } from "@/lib/bakeoff/loadgen";
import { capacityPerSuccessfulRequest } from "@/lib/bakeoff/slo";
import { pickPointFor } from "@/lib/campaign/sweeps";
import { computeFlags } from "@/lib/context/flags";
import { llama } from "@/lib/context/test-fixtures";
import { amd8, amd87, b300 } from "@/lib/context/test-rows";
import { sharedPath } from "@/lib/shared-data";
import type { PublishedResult } from "@/lib/types";
import { itemFromBakeoff, itemFromResult, judgeSet } from "./index";

const dell = () => llama("v6.0", "Dell", "8xMI300X_2xPlatinum_8470", "Offline");

// [case, rows, the one verdict by hand: blocking code or null, whether an engine warning is due]
const PAIRS: [string, () => PublishedResult[], string | null, boolean][] = [
  ["B300 (system list, no engine for llama2) vs Dell vLLM", () => [b300(), dell()], null, false],
  ["AMD 87× (PyTorch + ROCm) vs Dell vLLM", () => [amd87(), dell()], null, false],
  ["AMD 8× Offline vs B300 Server", () => [amd8(), b300("Server")], "scenario", false],
  ["AMD 8× llama2 vs B300 gpt-oss-120b", () => [amd8(), b300("Offline", "gpt-oss-120b")], "benchmark", false],
];

describe("compare and the judge's verdict agree on real pairs", () => {
  it.each(PAIRS)("%s", (_n, rows, block, engineWarn) => {
    const rs = rows();
    const compare = computeFlags(rs, []);
    const verdict = judgeSet(rs.map((r) => itemFromResult(r)));
    const compareBlock = compare.find((f) => f.severity === "block")?.code ?? null;
    const judgeBlock = verdict.flags.find((f) => f.severity === "block")?.code ?? null;
    expect([compareBlock, judgeBlock]).toEqual([block, block]);
    const compareEngineWarn = compare.some((f) => f.code === "software" && f.severity === "warn");
    const judgeEngineWarn = verdict.flags.some((f) => f.code === "engine" && f.severity === "warn");
    expect([compareEngineWarn, judgeEngineWarn]).toEqual([engineWarn, engineWarn]);
  });
});

describe("an INVALID LoadGen run: every feature leaves it out", () => {
  const FILE = sharedPath("bakeoff", "mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server", "mlperf_log_summary.txt");
  const text = readFileSync(FILE, "utf8")
    .replace("Result is : VALID", "Result is : INVALID")
    .replace("Performance constraints satisfied : Yes", "Performance constraints satisfied : NO");
  const run = {
    ...(parseLoadgenText(text, "amd-8xMI300X-llama2-70b-99-server/x.txt").runs[0] as NonNullable<
      ReturnType<typeof parseLoadgenText>["runs"][0]
    >),
    accelerators: 8,
  };
  const targets = { ttftP99Ms: 2000, tpotP99Ms: 200 };
  it("overlay, SLO capacity, lane pick and the set verdict", () => {
    const [point] = runPoints([run], 8);
    const results = {
      overlayRank: rankAgainst([{ scenario: "Server", perAcc: 1 }], "Server", point),
      capacity: capacityPerSuccessfulRequest(run, targets, 8).goodReqPerS,
      lanePick: pickPointFor([run], targets, 8),
      basis: judgeSet([itemFromBakeoff({ id: "u", label: "run", run })]).basis,
    };
    expect(results).toEqual({ overlayRank: null, capacity: null, lanePick: null, basis: [] });
    expect(point?.failedChecks).toEqual(["Performance constraints satisfied : NO"]);
  });
});
