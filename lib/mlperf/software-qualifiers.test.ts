// Issue #14 item 8: software stacks keep their parenthesised qualifiers, over every software field of the real
// round summaries ("vLLM 0.22.1 (ROCm 7.2.2)" is vLLM 0.22.1 on ROCm 7.2.2, not "vLLM 0.22.1 (ROCm" version "7.2.2)").
import fs from "node:fs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { diffStacks, isEmptyDiff } from "@/lib/context/software";
import { sharedPath } from "@/lib/shared-data";
import { componentText, parseSoftwareStack } from "./software";
import { ROUND_FILES, rawSummaryRows } from "./test-real-summaries";

/** Every distinct software text of the real rounds: summary_results.json `Software`, v6.1's `framework`. */
const TEXTS: string[] = [
  ...new Set([
    ...Object.values(ROUND_FILES).flatMap((f) => rawSummaryRows(f).map((r) => String(r.Software ?? ""))),
    ...Papa.parse<Record<string, string>>(
      fs.readFileSync(sharedPath("mlperf", "summary", "v6.1.summary.csv"), "utf8"),
      {
        header: true,
        skipEmptyLines: true,
      },
    ).data.map((r) => r.framework ?? ""),
  ]),
].filter((t) => t.includes("("));

describe("parenthesised qualifiers in the real software fields", () => {
  it("there are some (v6.1's AMD, NVIDIA partner and Krai systems)", () => {
    expect(TEXTS.length).toBeGreaterThanOrEqual(8);
    expect(TEXTS).toContain("vLLM 0.22.1 (ROCm 7.2.2), PyTorch 2.10");
  });

  it.each(TEXTS)("%s: no component name or version carries half a parenthesis", (text) => {
    const balanced = (t: string) => (t.match(/\(/g) ?? []).length === (t.match(/\)/g) ?? []).length;
    for (const c of parseSoftwareStack(text)) {
      expect(balanced(c.name)).toBe(true);
      expect(c.version ?? "").not.toMatch(/[()]/);
    }
  });

  it("vLLM 0.22.1 (ROCm 7.2.2) is vLLM 0.22.1 on ROCm 7.2.2", () => {
    expect(parseSoftwareStack("vLLM 0.22.1 (ROCm 7.2.2), PyTorch 2.10")).toEqual([
      { name: "vLLM", version: "0.22.1", qualifier: "ROCm 7.2.2" },
      { name: "ROCm", version: "7.2.2" },
      { name: "PyTorch", version: "2.10" },
    ]);
    expect(componentText({ name: "vLLM", version: "0.22.1", qualifier: "ROCm 7.2.2" })).toBe(
      "vLLM 0.22.1 (ROCm 7.2.2)",
    );
  });

  it("a qualifier between name and version, and commas inside parentheses, stay with their component", () => {
    const text = TEXTS.find((t) => t.startsWith("TensorRT-LLM 1.3.0rc14")) ?? "";
    expect(parseSoftwareStack(text)).toEqual([
      { name: "TensorRT-LLM", version: "1.3.0rc14", qualifier: "GPT-OSS-120B" },
      { name: "vLLM", version: "0.20.2rc1.dev2091+g2e1040b7e", qualifier: "CentML" },
      { name: "NVIDIA Dynamo", version: null, qualifier: "Qwen3-VL-235B" },
      { name: "CUDA", version: "13.0" },
    ]);
    const trt = TEXTS.find((t) => t.startsWith("TensorRT-LLM 1.0.0 (FP8")) ?? "";
    expect(parseSoftwareStack(trt)[0]).toEqual({
      name: "TensorRT-LLM",
      version: "1.0.0",
      qualifier: "FP8 W8A8 engine built with trtllm-build, served by trtllm-serve",
    });
  });

  it("a version-less component's qualifier still tells two stacks apart (Krai v6.0 KISS-V and its Fast Mode)", () => {
    const fast = TEXTS.find((t) => t.includes("(Fast Mode)")) ?? "";
    expect(parseSoftwareStack(fast)).toEqual([
      { name: "KISS-V: Krai Inference Serving Solution for Video", version: null, qualifier: "Fast Mode" },
    ]);
    const plain = fast.replace(/\s*\(Fast Mode\)/, "");
    expect(isEmptyDiff(diffStacks({ softwareStack: [], software: fast }, { softwareStack: [], software: plain }))).toBe(
      false,
    );
  });
});
