// InferenceMAX agg-row topology → GPU count and absolute throughputs (per-GPU figures × GPUs).
import { describe, expect, it } from "vitest";
import { inferenceMaxAggToRun, inferenceMaxGpuCount } from "./inferencemax";

describe("InferenceMAX agg rows", () => {
  it.each([
    [{ tp: 8 }, 8],
    [{ tp: 4, pp: 2, pcp_size: 2 }, 16], // tp · pp · pcp_size
    [{ tp: 8, is_multinode: true, num_prefill_gpu: 8, num_decode_gpu: 16 }, 24], // prefill + decode
    [{ is_multinode: true, num_prefill_gpu: 8 }, null],
    [{ ep: 8 }, null],
  ])("%j → %s GPUs", (row, gpus) => {
    expect(inferenceMaxGpuCount(row)).toBe(gpus);
  });

  it("multinode: total = tput_per_gpu × all GPUs, output = output_tput_per_gpu × decode GPUs", () => {
    const row = {
      hw: "gb200",
      conc: 256,
      model: "deepseek-ai/DeepSeek-R1",
      is_multinode: true,
      num_prefill_gpu: 8,
      num_decode_gpu: 16,
      tput_per_gpu: 100,
      output_tput_per_gpu: 40,
      p99_ttft: 1.5,
      median_tpot: 0.02,
      isl: 8192,
      osl: 1024,
    };
    const { run } = inferenceMaxAggToRun(row);
    expect([run.accelerators, run.totalTokPerS, run.outTokPerS]).toEqual([24, 2400, 640]);
    expect(run.ttftMs?.p99).toBe(1500);
    expect(run.tpotMs?.p50).toBe(20);
    expect([run.islMean, run.oslMean, run.numRequests]).toEqual([8192, 1024, null]);
  });
});
