import { describe, expect, it } from "vitest";
import { deriveAcceleratorCount, platformAcceleratorCount } from "./accelerators";

describe("platformAcceleratorCount", () => {
  it.each([
    ["87xMI355X_22xEPYC_9575F", 87],
    ["94xMI355X_24xEPYC_9575F", 94],
    ["8xMI355X_2xEPYC_9575F", 8],
    ["8xMI355X_2xEPYC-9575F", 8],
    ["8XMI350x_RHEL9", 8],
    ["Cisco_UCS_16xMI350x", 16],
    ["16xMI300X_4xXeon_8460Y", 16],
    ["8xMI300X_2xPlatinum_8470", 8],
    ["32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655", 48],
    ["16xMI325X_8xMI300X_2xEPYC_9575F", 24],
    ["8xMI300X_2xEPYC_9534_8xMI325X_2xEPYC_9655_8xMI355X_2xEPYC_9965", 24],
    ["64xMI355X-PollaraCluster-EPYC9575F", 64],
    ["2xL40S_RHEL9", 2],
    ["H200-SXM-141GBx8_TRT", 8],
    ["DGX-H100_H100-SXM-80GBx32_TRT", 32],
    ["GB200-NVL72_GB200-186GB_aarch64x72_TRT", 72],
    ["GB300-NVL72_GB300-288GB_aarch64x288_TRT", 288],
    ["xd670_h200_x16_vllm_092", 16],
    ["HPE_PROLIANT_DL380A_RTX_PRO_6000_PCIE_96GBx10_TRT_10_14_1_48_TRT", 10],
    ["GB300-NVL8-CoreWeave_TRT", null],
    ["1-node-2S-EMR-PyTorch", null],
    ["R770_XEON6787Px2", null],
    ["IBM_Cloud_gx3-48x240x2l40s_vLLM", null],
  ])("%s → %j", (platform, expected) => {
    expect(platformAcceleratorCount(platform).count).toBe(expected);
  });
});

const AMD_87 = {
  platform: "87xMI355X_22xEPYC_9575F",
  acceleratorRaw: "AMD Instinct MI355X 288GB HBM3e (x87)",
  acceleratorsPerNode: 8,
  nodes: 11,
  explicitTotal: 88,
};

describe("deriveAcceleratorCount", () => {
  it("stores what ran (87) for the v6.0 AMD cluster and notes the disagreement with numbers", () => {
    expect(deriveAcceleratorCount(AMD_87)).toEqual({
      total: 87,
      accelerator: "AMD Instinct MI355X 288GB HBM3e",
      heterogeneous: false,
      source: "accelerator-name",
      notes: [
        {
          code: "accelerator-count-disagrees",
          message:
            "platform and accelerator name say 87 accelerators ran; Nodes 11 × 8 per node = 88 and the published Total Accelerators is 88",
        },
      ],
    });
  });

  it("uses the platform prefix when the accelerator name has no (xN)", () => {
    const r = deriveAcceleratorCount({
      ...AMD_87,
      acceleratorRaw: "AMD Instinct MI355X 288GB HBM3e",
      explicitTotal: null,
    });
    expect(r.total).toBe(87);
    expect(r.source).toBe("platform");
    expect(r.notes[0]?.message).toBe("platform says 87 accelerators ran; Nodes 11 × 8 per node = 88");
  });

  it("sums heterogeneous (xN) suffixes and flags the mix", () => {
    const r = deriveAcceleratorCount({
      platform: "32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655",
      acceleratorRaw: "AMD Instinct MI300X 192GB HBM3 (x32), AMD Instinct MI325X 256GB HBM3e (x16)",
      acceleratorsPerNode: 8,
      nodes: 6,
      explicitTotal: null,
    });
    expect(r).toEqual({
      total: 48,
      accelerator: "AMD Instinct MI300X 192GB HBM3, AMD Instinct MI325X 256GB HBM3e",
      heterogeneous: true,
      source: "accelerator-name",
      notes: [],
    });
  });

  it("does not count host CPUs: 8xMI355X_2xEPYC → 8, no note", () => {
    const r = deriveAcceleratorCount({
      platform: "8xMI355X_2xEPYC_9575F",
      acceleratorRaw: "AMD Instinct MI355X 288GB HBM3e",
      acceleratorsPerNode: 8,
      nodes: 1,
      explicitTotal: 8,
    });
    expect(r).toMatchObject({ total: 8, heterogeneous: false, notes: [] });
  });

  it("keeps the published count when a platform count does not fit the node layout (RedHat v5.1 XE8640 ran 1 of 4)", () => {
    const r = deriveAcceleratorCount({
      platform: "XE8640_4xH100_vLLM",
      acceleratorRaw: "NVIDIA H100-SXM-80GB",
      acceleratorsPerNode: 1,
      nodes: 1,
      explicitTotal: null,
    });
    expect(r.total).toBe(1);
    expect(r.source).toBe("nodes-x-per-node");
    expect(r.notes.map((n) => n.code)).toEqual(["accelerator-count-disagrees"]);
    expect(r.notes[0]?.message).toContain("platform says 4 accelerators ran; Nodes 1 × 1 per node = 1");
  });

  it("does not take a per-node platform count as the cluster total", () => {
    const r = deriveAcceleratorCount({
      platform: "8xH100_cluster",
      acceleratorRaw: "NVIDIA H100",
      acceleratorsPerNode: 8,
      nodes: 4,
      explicitTotal: null,
    });
    expect(r.total).toBe(32);
    expect(r.notes).toHaveLength(1);
  });

  it("returns a null total for CPU-only rows (empty accelerator), even with Total Accelerators 0", () => {
    expect(
      deriveAcceleratorCount({
        platform: "1-node-2S-GNR_86C",
        acceleratorRaw: "",
        acceleratorsPerNode: null,
        nodes: 1,
        explicitTotal: 0,
      }),
    ).toEqual({ total: null, accelerator: null, heterogeneous: false, notes: [], source: null });
  });

  it("falls back to Total, then Nodes × per node", () => {
    const base = {
      platform: "GB300-NVL8-CoreWeave_TRT",
      acceleratorRaw: "NVIDIA GB300",
      acceleratorsPerNode: 4,
      nodes: 2,
    };
    expect(deriveAcceleratorCount({ ...base, explicitTotal: null })).toMatchObject({
      total: 8,
      source: "nodes-x-per-node",
    });
    expect(deriveAcceleratorCount({ ...base, explicitTotal: 8 })).toMatchObject({
      total: 8,
      source: "published-total",
      notes: [],
    });
    const odd = deriveAcceleratorCount({ ...base, explicitTotal: 6 });
    expect(odd.total).toBe(6);
    expect(odd.notes[0]?.message).toBe("Nodes 2 × 4 per node = 8 but the published Total Accelerators is 6");
  });

  it("notes when the accelerator name and the platform disagree", () => {
    const r = deriveAcceleratorCount({ ...AMD_87, acceleratorRaw: "AMD Instinct MI355X (x86)" });
    expect(r.total).toBe(86);
    expect(r.notes[0]?.message).toBe(
      "accelerator name says 86 accelerators ran but platform says 87; Nodes 11 × 8 per node = 88 and the published Total Accelerators is 88",
    );
  });
});
