// Issue 25 finding 2: the serving engine contradicted itself (compare warned that the v6.0 DGX B300 "runs
// TensorRT-LLM" where the explorer, CSV and result page said unknown; a stack naming only PyTorch and ROCm was "runs
// PyTorch" and a warning against vLLM). Real v6.0 rows; expected engines read by hand from their Software field.
import { describe, expect, it } from "vitest";
import { computeFlags } from "@/lib/context/flags";
import { llama } from "@/lib/context/test-fixtures";
import { amd87, b300 } from "@/lib/context/test-rows";
import { engineOfResult } from "./index";

// v6.0 6.0-0019 Dell PowerEdge XE9680 (8x MI300X): "vLLM 0.9.0.2.dev108+g71faa1880.d20260213, Pytorch 2.7.0+gitf717b2a,
// ROCm 6.4.1"
const dell = () => llama("v6.0", "Dell", "8xMI300X_2xPlatinum_8470", "Offline");

describe("one engine per result, named by its source", () => {
  it.each([
    // "TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo …, vLLM CentML:…": the
    // system's list for all its benchmarks names two engines and ties neither to llama2-70b
    ["v6.0 NVIDIA DGX B300 (6.0-0073)", b300, null],
    // "PyTorch 2.9.1+git8907517, ROCm 7.0.0": a library and a runtime, no engine
    ["v6.0 AMD 87×MI355X (6.0-0001)", () => amd87(), null],
    ["v6.0 Dell XE9680 (6.0-0019)", dell, "vLLM"],
  ])("%s", (_name, row, engine) => {
    expect(engineOfResult(row()).engine).toBe(engine);
  });
});

describe("compare states the same engine: unknown against known is information, not a warning", () => {
  const softwareFlags = (a: ReturnType<typeof dell>, b: ReturnType<typeof dell>) =>
    computeFlags([a, b], []).filter((f) => f.code === "software");
  it("B300 against a vLLM result: no 'runs TensorRT-LLM' warning", () => {
    const f = softwareFlags(b300(), dell());
    expect(f.map((x) => x.severity)).not.toContain("warn");
    expect(f.map((x) => x.message).join(" ")).not.toMatch(/runs TensorRT-LLM/);
  });
  it("a PyTorch + ROCm stack against a vLLM one: PyTorch is not an engine, so no engine warning", () => {
    const f = softwareFlags(amd87(), dell());
    expect(f.map((x) => x.severity)).not.toContain("warn");
    expect(f.map((x) => x.message).join(" ")).not.toMatch(/runs PyTorch/);
  });
});
