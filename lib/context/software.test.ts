import { describe, expect, it } from "vitest";
import { diffStacks, releaseLine } from "./software";

describe("releaseLine", () => {
  it.each([
    ["12.4", "12"],
    ["12.4.1.60401-83~22.04", "12"],
    ["v2.9.1+git8907517", "2"],
    ["0.9.0.2.dev108", "0.9"],
    ["0.6.5", "0.6"],
    ["0.10.1", "0.10"],
    ["24", "24"],
    ["r24.09", "24"],
    ["master", null],
    ["", null],
    [null, null],
  ])("%j → %j", (version, line) => {
    expect(releaseLine(version)).toBe(line);
  });
});

describe("diffStacks", () => {
  const stack = (software: string) => ({ softwareStack: [], software });

  it.each([
    ["a 0.x minor step breaks", "vLLM 0.6.5", "vLLM 0.9.0", ["vLLM"]],
    ["a patch below 1.0 does not", "vLLM 0.6.3", "vLLM 0.6.5", []],
    ["a major step breaks", "TensorRT 9.3.0, CUDA 12.2", "TensorRT 10.2.0, CUDA 12.4", ["TensorRT"]],
    ["a minor step at 1.0 and above does not", "CUDA 12.2", "CUDA 12.8", []],
    ["names match however they are written", "TensorRT-LLM 0.12.0", "tensorrt_llm 0.13.0", ["TensorRT-LLM"]],
  ])("%s", (_name, a, b, changed) => {
    expect(diffStacks(stack(a), stack(b)).majorChanged.map((c) => c.name)).toEqual(changed);
  });

  it("lists what only one side has", () => {
    const d = diffStacks(stack("vLLM 0.6.5, PyTorch 2.5.0"), stack("vLLM 0.6.5, ROCm 6.2"));
    expect(d.onlyA.map((c) => c.name)).toEqual(["PyTorch"]);
    expect(d.onlyB.map((c) => c.name)).toEqual(["ROCm"]);
  });
});
