// Per-accelerator normalization over real rows: the figures, the formula, and every reason for null.
import { describe, expect, it } from "vitest";
import { DERIVED_LABEL, perAccelerator, perAcceleratorSentence, perGivenAccelerators } from "./per-accelerator";
import { llama, real } from "./test-fixtures";

describe("perAccelerator on real throughput rows", () => {
  it.each([
    // [name, row, per accelerator, accelerators, nodes, formula]
    [
      "v6.0 AMD 8×MI355X Offline",
      llama("v6.0", "AMD", "8xMI355X_2xEPYC_9575F", "Offline"),
      12935,
      8,
      1,
      "103,480 tokens/s ÷ 8 accelerators = 12,935 tokens/s per accelerator",
    ],
    [
      "v6.0 AMD 87×MI355X cluster Offline (88 in the summary, 87 ran)",
      llama("v6.0", "AMD", "87xMI355X_22xEPYC_9575F", "Offline"),
      1042110 / 87,
      87,
      11,
      "1,042,110 tokens/s ÷ 87 accelerators = 11,978.3 tokens/s per accelerator; 1,042,110 tokens/s ÷ 11 nodes = 94,737.3 tokens/s per node",
    ],
    [
      "v6.0 NVIDIA B300 Server",
      llama("v6.0", "NVIDIA", "B300-SXM-270GBx8_TRT", "Server"),
      107318 / 8,
      8,
      1,
      "107,318 tokens/s ÷ 8 accelerators = 13,414.8 tokens/s per accelerator",
    ],
    [
      "v6.0 GB200 NVL72 Offline (18 nodes × 4)",
      llama("v6.0", "NVIDIA", "GB200-NVL72_GB200-186GB_aarch64x72_TRT", "Offline"),
      888054 / 72,
      72,
      18,
      "888,054 tokens/s ÷ 72 accelerators = 12,334.1 tokens/s per accelerator; 888,054 tokens/s ÷ 18 nodes = 49,336.3 tokens/s per node",
    ],
    [
      "v4.1 H200 resnet Offline (samples/s)",
      real({
        round: "v4.1",
        submitter: "NVIDIA",
        platform: "H200-SXM-141GBx8_TRT",
        model: "resnet",
        scenario: "Offline",
      }),
      756960 / 8,
      8,
      1,
      "756,960 samples/s ÷ 8 accelerators = 94,620 samples/s per accelerator",
    ],
  ])("%s", (_n, row, value, accelerators, nodes, formula) => {
    const p = perAccelerator(row);
    expect(p.value).toBeCloseTo(value, 6);
    expect(p.accelerators).toBe(accelerators);
    expect(p.nodes).toBe(nodes);
    expect(p.perNode).toBeCloseTo(row.value / nodes, 6);
    expect(p.formula).toBe(formula);
    expect(p.label).toBe(DERIVED_LABEL);
    expect(p.label).toBe("derived, not an MLPerf metric");
  });

  it("the 87-GPU cluster figure is ≈ 11,978.3 and carries the multi-node caveat", () => {
    const p = perAccelerator(llama("v6.0", "AMD", "87xMI355X_22xEPYC_9575F", "Offline"));
    expect(p.value).toBeCloseTo(11978.3, 1);
    expect(p.note).toContain("Spans 11 nodes");
    expect(p.note).toContain("not one card's throughput");
  });

  it.each([
    [
      "v5.1 MangoBoost MI300X+MI325X (48 GPUs)",
      llama("v5.1", "MangoBoost", "32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655", "Offline"),
      48,
    ],
    [
      "v5.1 Supermicro_MangoBoost MI325X+MI300X (24 GPUs)",
      llama("v5.1", "Supermicro_MangoBoost", "16xMI325X_8xMI300X_2xEPYC_9575F", "Offline"),
      24,
    ],
    [
      "v6.0 Dell_MangoBoost three generations (24 GPUs)",
      llama("v6.0", "Dell_MangoBoost", "8xMI300X_2xEPYC_9534_8xMI325X_2xEPYC_9655_8xMI355X_2xEPYC_9965", "Offline"),
      24,
    ],
  ])("heterogeneous %s: a value with the caveat", (_n, row, count) => {
    const p = perAccelerator(row);
    expect(p.accelerators).toBe(count);
    expect(p.value).toBeCloseTo(row.value / count, 6);
    expect(p.note).toContain("Heterogeneous system");
  });
});

describe("perAccelerator is null, with the reason", () => {
  it.each([
    [
      "v4.1 UntetherAI resnet SingleStream",
      real({ round: "v4.1", platform: "h13_u1_preview", model: "resnet", scenario: "SingleStream" }),
      "SingleStream reports a latency",
    ],
    [
      "v4.1 UntetherAI resnet MultiStream",
      real({ round: "v4.1", platform: "h13_u1_preview", model: "resnet", scenario: "MultiStream" }),
      "MultiStream reports a latency",
    ],
    [
      "v4.1 Orin SDXL SingleStream",
      real({
        round: "v4.1",
        submitter: "NVIDIA",
        platform: "Orin_TRT",
        model: "stable-diffusion-xl",
        scenario: "SingleStream",
      }),
      "Latency (ms)",
    ],
  ])("latency scenario: %s", (_n, row, reason) => {
    const p = perAccelerator(row);
    expect(p.value).toBeNull();
    expect(p.perNode).toBeNull();
    expect(p.formula).toBe("");
    expect(p.note).toContain(reason);
  });

  it.each([
    [
      "v4.1 Intel GNR CPU-only bert-99 Offline",
      real({
        round: "v4.1",
        submitter: "Intel",
        platform: "1-node-2S-GNR-PyTorch",
        model: "bert-99",
        scenario: "Offline",
      }),
    ],
    [
      "v4.1 Intel GNR CPU-only resnet Server",
      real({
        round: "v4.1",
        submitter: "Intel",
        platform: "1-node-2S-GNR-PyTorch",
        model: "resnet",
        scenario: "Server",
      }),
    ],
    [
      "v6.0 AMD 8×MI355X with the count removed",
      { ...llama("v6.0", "AMD", "8xMI355X_2xEPYC_9575F", "Offline"), totalAccelerators: 0 },
    ],
  ])("no accelerators: %s", (_n, row) => {
    const p = perAccelerator(row);
    expect(p.value).toBeNull();
    expect(p.note).toContain("No accelerator count");
    expect(p.perNode).toBe(row.value);
  });
});

describe("the sentence beside per-accelerator figures states the rule that made them", () => {
  it("published figures: the result over the accelerators that ran, as the formula of a real row divides", () => {
    expect(perAcceleratorSentence()).toBe(
      "Per-accelerator figures are derived (result ÷ total accelerators), not MLPerf metrics.",
    );
    // v6.0 AMD 8xMI355X Offline: the published total is 8 accelerators, the formula divides by that total
    expect(perAccelerator(llama("v6.0", "AMD", "8xMI355X_2xEPYC_9575F", "Offline")).formula).toMatch(
      /÷ 8 accelerators = /,
    );
  });

  it("a page with an uploaded run also says its figure is over the count given at upload", () => {
    expect(perAcceleratorSentence({ run: true })).toBe(
      "Per-accelerator figures are derived (published: result ÷ total accelerators; your run: result ÷ the accelerators given at upload), not MLPerf metrics.",
    );
    expect(perGivenAccelerators(1000, 8)).toBe(125);
    expect(perGivenAccelerators(1000, 0)).toBeNull();
  });
});
