// Issue 25 finding 3: a vLLM results file holding runs with `framework: vllm` and `framework: sgl` passed unremarked:
// one colour for all series and a campaign saying "Held fixed: Serving engine vllm". The file: the real vLLM bench
// result ../shared/data/bakeoff/vllm/run=0.json, twice, each record naming its engine in `framework` as the file
// that raised the issue did. Expected values by hand.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectAndParse } from "@/lib/bakeoff/detect";
import { fileFacts } from "@/lib/campaign/facts";
import { checkParams } from "@/lib/campaign/params";
import { campaignRuns } from "@/lib/campaign/runs";
import { sweepLabels } from "@/lib/campaign/sweeps";
import { sharedPath } from "@/lib/shared-data";

const one = JSON.parse(readFileSync(sharedPath("bakeoff", "vllm", "run=0.json"), "utf8")) as Record<string, unknown>;
const text = [
  JSON.stringify({ ...one, framework: "vllm" }),
  JSON.stringify({ ...one, framework: "sgl", max_concurrency: 4 }),
].join("\n");

const parsed = detectAndParse(text, "mixed.jsonl");
const facts = fileFacts(text, "vllm", parsed.runs.length);

describe("several engines inside one upload", () => {
  it("each run is named with the engine its record states", () => {
    expect(parsed.runs).toHaveLength(2);
    expect(facts.map((f) => f.engine)).toEqual(["vllm", "sgl"]);
  });
  it("each engine is its own series (its own colour)", () => {
    const labels = sweepLabels(parsed.runs, facts);
    expect(new Set(labels).size).toBe(2);
    expect(labels[0]).toContain("vLLM");
    expect(labels[1]).toContain("SGLang");
  });
  it("a campaign never summarises them as held fixed: the engine differs (warn)", () => {
    const source = {
      kind: "bakeoff" as const,
      id: "u1",
      label: "mixed",
      accelerator: null,
      accelerators: 8,
      nodes: 1,
      modelFamily: null,
      runs: parsed.runs,
      facts,
    };
    const member = {
      kind: "bakeoff" as const,
      id: "u1",
      shape: "chat" as const,
      cache: "cold" as const,
      condition: "baseline" as const,
    };
    const check = checkParams(campaignRuns([{ member, source }]));
    expect(check.frozen.map((f) => f.field)).not.toContain("engine");
    const d = check.differences.find((x) => x.field === "engine");
    expect(d?.severity).toBe("warn");
    expect(d?.values).toEqual(["vLLM", "SGLang"]);
  });
});
