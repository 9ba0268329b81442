import { describe, expect, it } from "vitest";
import { majorMinor, majorVersion, parseSoftwareStack } from "./software";

type C = [string, string | null][];
const c = (pairs: C) => pairs.map(([name, version]) => ({ name, version }));

// Real Software / framework values from the summary files, plus the brief's synthetic forms.
const STACKS: [string, C][] = [
  [
    "vLLM 0.4.3+rocm614, PyTorch 2.3.0, ROCm 6.1.2",
    [
      ["vLLM", "0.4.3+rocm614"],
      ["PyTorch", "2.3.0"],
      ["ROCm", "6.1.2"],
    ],
  ],
  [
    "TensorRT 10.2.0, CUDA 12.4",
    [
      ["TensorRT", "10.2.0"],
      ["CUDA", "12.4"],
    ],
  ],
  ["TensorRT", [["TensorRT", null]]],
  [
    "PyTorch 2.9.1+git8907517, ROCm 7.0.0",
    [
      ["PyTorch", "2.9.1+git8907517"],
      ["ROCm", "7.0.0"],
    ],
  ],
  ["Pytorch 2.7.0+gitf717b2a", [["Pytorch", "2.7.0+gitf717b2a"]]],
  ["TensorRT-LLM 0.x", [["TensorRT-LLM", "0.x"]]],
  ["vLLM v0.6.5", [["vLLM", "0.6.5"]]],
  ["SGLang", [["SGLang", null]]],
  ["ONNX Runtime 1.16", [["ONNX Runtime", "1.16"]]],
  [
    "vLLM 0.5.2; PyTorch 2.3.0",
    [
      ["vLLM", "0.5.2"],
      ["PyTorch", "2.3.0"],
    ],
  ],
  ["pytorch v2.4.1", [["pytorch", "2.4.1"]]],
  ["tflite vmaster", [["tflite", "master"]]],
  [
    "Pytorch 2.9.1 , ROCm 7.0",
    [
      ["Pytorch", "2.9.1"],
      ["ROCm", "7.0"],
    ],
  ],
  [
    "LLM-D v0.5.0 ,vLLM 0.14.1, RHEL 9.6",
    [
      ["LLM-D", "0.5.0"],
      ["vLLM", "0.14.1"],
      ["RHEL", "9.6"],
    ],
  ],
  [
    "PyTorch vLLM",
    [
      ["PyTorch", null],
      ["vLLM", null],
    ],
  ],
  [
    "ToDo: TensorRT 10.8, CUDA 12.8",
    [
      ["TensorRT", "10.8"],
      ["CUDA", "12.8"],
    ],
  ],
  ["TODO", []],
  ["", []],
  [
    "Mango LLMBoost AI Enterprise Platform, vllm-0.9.0.2.dev108+g71faa1880.d20250717.rocm641, ROCm 6.12.12",
    [
      ["Mango LLMBoost AI Enterprise Platform", null],
      ["vllm", "0.9.0.2.dev108+g71faa1880.d20250717.rocm641"],
      ["ROCm", "6.12.12"],
    ],
  ],
  [
    "vLLM 0.14.0rc3.dev30+gb026cf14e.d20260212.rocm700, Pytorch 2.9.1+git8907517, ROCm 7.0.0.70000-38~22.04 ",
    [
      ["vLLM", "0.14.0rc3.dev30+gb026cf14e.d20260212.rocm700"],
      ["Pytorch", "2.9.1+git8907517"],
      ["ROCm", "7.0.0.70000-38~22.04"],
    ],
  ],
  [
    "vLLM  + NVIDIA-dynamo + MLPerf Inference Qwen3-VL harness, RHEL 10.1",
    [
      ["vLLM", null],
      ["NVIDIA-dynamo", null],
      ["MLPerf Inference Qwen3-VL harness", null],
      ["RHEL", "10.1"],
    ],
  ],
  [
    "TensorRT 10.14, CUDA 13.1, cuDNN 9.17, TensorRT-LLM feat/1.2-mlpinf, NVIDIA Dynamo mlperf-v6.0-dynamo-v0.8.0, vLLM CentML:mlperf-inf-mm-q3vl-v6.0",
    [
      ["TensorRT", "10.14"],
      ["CUDA", "13.1"],
      ["cuDNN", "9.17"],
      ["TensorRT-LLM", "feat/1.2-mlpinf"],
      ["NVIDIA Dynamo", "mlperf-v6.0-dynamo-v0.8.0"],
      ["vLLM", "CentML:mlperf-inf-mm-q3vl-v6.0"],
    ],
  ],
  [
    "PyTorch: rgat: 2.7.0+cpu, whipser: 2.7.0+cpu, llama3.1-8b: 2.8.0.dev20250627+cpu",
    [
      ["PyTorch", "2.7.0+cpu"],
      ["PyTorch", "2.8.0.dev20250627+cpu"],
    ],
  ],
  ["UntetherAI imAIgine SDK v24.07.19", [["UntetherAI imAIgine SDK", "24.07.19"]]],
];

describe("parseSoftwareStack", () => {
  it.each(STACKS)("%j", (text, expected) => {
    expect(parseSoftwareStack(text)).toEqual(c(expected));
  });

  it("returns [] for null", () => {
    expect(parseSoftwareStack(null)).toEqual([]);
  });
});

describe("version helpers", () => {
  it.each([
    ["2.9.1+git8907517", 2, "2.9"],
    ["0.4.3+rocm614", 0, "0.4"],
    ["6.4.1.60401-83~22.04", 6, "6.4"],
    ["10.14", 10, "10.14"],
    ["12", 12, "12"],
    ["master", null, null],
    [null, null, null],
  ])("%j → major %j, major.minor %j", (v, major, mm) => {
    expect(majorVersion(v)).toBe(major);
    expect(majorMinor(v)).toBe(mm);
  });
});
