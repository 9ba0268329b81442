// readInContext over real rows, with real LoadGen logs from ../shared/data/mlperf/loadgen where they exist.
import { describe, expect, it } from "vitest";
import type { PublishedResult } from "@/lib/types";
import { readInContext } from "./checklist";
import { llama, real } from "./test-fixtures";
import { loadgenLatency } from "./test-logs";

const amd8 = (s: "Offline" | "Server" | "Interactive" = "Offline", m = "llama2-70b-99") =>
  llama("v6.0", "AMD", "8xMI355X_2xEPYC_9575F", s, m);
const amd87 = llama("v6.0", "AMD", "87xMI355X_22xEPYC_9575F", "Offline");
const b300s = llama("v6.0", "NVIDIA", "B300-SXM-270GBx8_TRT", "Server");
const log = (path: string) => loadgenLatency(path);
const item = (r: PublishedResult, name: string, siblings: PublishedResult[] = []) =>
  readInContext(r, { siblings }).checklist.find((c) => c.item.startsWith(name));

describe("tail latency", () => {
  it.each([
    [
      "AMD 8×MI355X Server",
      { ...amd8("Server"), latency: log("v6.0/AMD/8xMI355X_2xEPYC_9575F/llama2-70b-99/Server") },
      "p99 TTFT 1,019.2 ms (limit 2000 ms), p99 TPOT 161.1 ms (limit 200 ms): within the limits.",
      true,
    ],
    [
      "AMD 8×MI355X Interactive",
      { ...amd8("Interactive"), latency: log("v6.0/AMD/8xMI355X_2xEPYC_9575F/llama2-70b-99/Interactive") },
      "p99 TTFT 447.6 ms (limit 450 ms), p99 TPOT 38.9 ms (limit 40 ms): within the limits.",
      true,
    ],
    [
      "NVIDIA B300 Server",
      { ...b300s, latency: log("v6.0/NVIDIA/B300-SXM-270GBx8_TRT/llama2-70b-99/Server") },
      "p99 TTFT 471.9 ms (limit 2000 ms), p99 TPOT 154.9 ms (limit 200 ms): within the limits.",
      true,
    ],
    // The Server log read against the Interactive limits: the check must notice.
    [
      "Server log against Interactive limits",
      { ...amd8("Interactive"), latency: log("v6.0/AMD/8xMI355X_2xEPYC_9575F/llama2-70b-99/Server") },
      "p99 TTFT 1,019.2 ms (limit 450 ms), p99 TPOT 161.1 ms (limit 40 ms): over a limit.",
      false,
    ],
  ])("%s", (_n, row, answer, ok) => {
    const c = item(row, "Tail latency");
    expect(c?.item).toBe("Tail latency (from the LoadGen log)");
    expect(c?.answer).toBe(answer);
    expect(c?.ok).toBe(ok);
  });
  it.each([
    ["Offline", amd8(), "Offline has no latency bound"],
    // Offline's log "latency" times the whole batch: never presented as a tail latency.
    [
      "Offline, even with its log imported",
      { ...amd8("Offline"), latency: log("v6.0/AMD/8xMI355X_2xEPYC_9575F/llama2-70b-99/Offline") },
      "the log's latency figures time the whole batch",
    ],
    [
      "Server without a log",
      b300s,
      "No LoadGen log imported. A valid Server result met the limits by definition: Server measures the highest Poisson arrival rate at which p99 TTFT stays within 2000 ms and p99 TPOT within 200 ms",
    ],
    [
      "SingleStream",
      real({ round: "v4.1", platform: "h13_u1_preview", model: "resnet", scenario: "SingleStream" }),
      "The result itself is the p90 latency.",
    ],
  ])("no log: %s", (_n, row, text) => {
    const c = item(row, "Tail latency");
    expect(c?.answer).toContain(text);
    expect(c?.ok).toBeNull();
  });
});

describe("checklist items", () => {
  it.each([
    ["8×MI355X", amd8(), "8 × AMD Instinct MI355X 288GB HBM3e over 1 node.", true],
    ["87× cluster", amd87, "87 × AMD Instinct MI355X 288GB HBM3e over 11 nodes (8 per node).", false],
    [
      "GB200 NVL72",
      llama("v6.0", "NVIDIA", "GB200-NVL72_GB200-186GB_aarch64x72_TRT", "Offline"),
      "72 × NVIDIA GB200 over 18 nodes (4 per node).",
      false,
    ],
    [
      "heterogeneous MangoBoost",
      llama("v5.1", "MangoBoost", "32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655", "Offline"),
      "48 × AMD Instinct MI300X 192GB HBM3, AMD Instinct MI325X 256GB HBM3e over 6 nodes (8 per node). Heterogeneous: mixes accelerator types.",
      false,
    ],
  ])("accelerators over nodes: %s", (_n, row, answer, ok) => {
    expect(item(row, "Accelerators")).toEqual({ item: "Accelerators and nodes", answer, ok });
  });
  it.each([
    ["8×MI355X fp4", amd8(), "Precision", "fp4", true],
    [
      "Krai UNSET",
      real({ round: "v5.1", submitter: "Krai", platform: "b200_x8", model: "llama2-70b-99.9", scenario: "Offline" }),
      "Precision",
      "Not published.",
      null,
    ],
    [
      "UntetherAI float8",
      real({ round: "v4.1", platform: "h13_u1_preview", model: "resnet", scenario: "Offline" }),
      "Precision",
      'fp8 (published as "float8")',
      true,
    ],
    ["8×MI355X stack", amd8(), "Software stack", "PyTorch 2.9.1+git8907517, ROCm 7.0.0", true],
    [
      "Intel BMG Preview",
      llama("v6.0", "Intel", "1-node-4x-BMG-B70", "Offline"),
      "Availability",
      "Preview. A Preview system must be submitted as Available",
      false,
    ],
    [
      "Krai Open",
      real({ round: "v5.1", submitter: "Krai", platform: "b200_x8", model: "llama2-70b-99.9", scenario: "Offline" }),
      "Division",
      "Open: ran llama3_1-70b-fp8_trtllm for the llama2-70b-99.9 benchmark",
      false,
    ],
    [
      "8× Interactive inferred",
      amd8("Interactive"),
      "Inferred flag",
      "Set: the MLCommons summary marks this row inferred (inferred = 1). MLCommons' submission tools use that flag for results derived from another scenario's run",
      null,
    ],
    [
      "87× Interactive inferred",
      llama("v6.0", "AMD", "87xMI355X_22xEPYC_9575F", "Interactive"),
      "Inferred flag",
      "the summary does not say what it means for this row.",
      null,
    ],
    ["8× Offline not inferred", amd8(), "Inferred flag", "Not set", true],
    [
      "87× data note",
      amd87,
      "Data notes",
      "platform and accelerator name say 87 accelerators ran; Nodes 11 × 8 per node = 88 and the published Total Accelerators is 88",
      false,
    ],
    ["8× no data notes", amd8(), "Data notes", "None.", true],
    [
      // two notes of one row, the first without a full stop, read as two sentences
      "two notes",
      {
        ...amd8(),
        notes: [
          { code: "a", message: "the total is 88" },
          { code: "b", message: "The log header says Server." },
        ],
      },
      "Data notes",
      "the total is 88. The log header says Server.",
      false,
    ],
    [
      "INVALID",
      { ...amd8(), validity: "INVALID" as const },
      "Run validity",
      "INVALID in the imported LoadGen log",
      false,
    ],
    [
      "H200 MaxQ power",
      real({
        round: "v4.1",
        submitter: "NVIDIA",
        platform: "H200-SXM-141GBx8_TRT_MaxQ",
        model: "llama2-70b-99",
        scenario: "Offline",
        hasPower: true,
      }),
      "Power",
      "Power submission (6,153 Watts)",
      null,
    ],
  ])("%s", (_n, row, name, text, ok) => {
    const c = item(row, name);
    expect(c?.answer).toContain(text);
    expect(c?.ok).toBe(ok);
  });
  it("the -99.9 twin of one run is named once, as the same run", () => {
    const c = item(amd8(), "Published twice", [amd8("Offline", "llama2-70b-99.9"), amd8("Server")]);
    expect(c?.answer).toBe("The same run is also published as llama2-70b-99.9 with the same number; count it once.");
    expect(item(amd8(), "Published twice", [amd8("Server")])).toBeUndefined();
  });
});

describe("the inferred flag states only what the summary says", () => {
  it.each([
    ["8× Interactive", amd8("Interactive")],
    ["87× Interactive", llama("v6.0", "AMD", "87xMI355X_22xEPYC_9575F", "Interactive")],
    ["GB200 NVL72 Interactive", llama("v6.0", "NVIDIA", "GB200-NVL72_GB200-186GB_aarch64x72_TRT", "Interactive")],
  ])("%s", (_n, r) => {
    expect(r.inferred).toBe(true);
    const { checklist, paragraph } = readInContext(r);
    const text = [paragraph, ...checklist.map((c) => c.answer)].join(" ");
    expect(text).not.toMatch(/derived rather than measured|not measured|Measured\./);
    expect(paragraph).toContain(
      "The MLCommons summary marks it inferred (inferred = 1); the summary does not say what that means for this row.",
    );
  });
});

describe("the paragraph", () => {
  it("Offline: an upper bound, with this system's latency-bound results beside it", () => {
    const p = readInContext(amd8(), {
      siblings: [amd8("Server"), amd8("Interactive"), amd8("Offline", "llama2-70b-99.9")],
    }).paragraph;
    expect(p).toContain("This is 103,480 tokens/s in the Offline scenario");
    expect(p).toContain("upper bound on batch throughput");
    expect(p).toContain("The same system's Interactive result is 73,608.2 tokens/s, 71.1% of Offline.");
    expect(p).toContain("The same system's Server result is 100,282 tokens/s, 96.9% of Offline.");
    expect(p).toContain(
      "Divided by 8 accelerators it is 12,935 tokens/s per accelerator: derived, not an MLPerf metric.",
    );
  });
  it("multi-node: interconnect, scheduling, and a derived cluster average", () => {
    const p = readInContext(amd87).paragraph;
    expect(p).toContain("It spans 11 nodes and 87 accelerators, so it includes interconnect and scheduling");
    expect(p).toContain(
      "11,978.3 tokens/s per accelerator is a cluster average, not one card's throughput (derived, not an MLPerf metric)",
    );
  });
  it.each([
    [
      "Server",
      b300s,
      "This is the highest Poisson arrival rate at which p99 TTFT stays within 2000 ms and p99 TPOT within 200 ms (llama2-70b): 107,318 tokens/s",
    ],
    [
      "SingleStream",
      real({ round: "v4.1", platform: "h13_u1_preview", model: "resnet", scenario: "SingleStream" }),
      "not how many queries the system serves at once",
    ],
    ["Preview", llama("v6.0", "Intel", "1-node-4x-BMG-B70", "Offline"), "can still be invalidated"],
    [
      "Open",
      real({ round: "v5.1", submitter: "Krai", platform: "b200_x8", model: "llama2-70b-99.9", scenario: "Offline" }),
      "Open-division result that ran llama3_1-70b-fp8_trtllm for the llama2-70b-99.9 benchmark",
    ],
    [
      // an Open result that ran the benchmark's own model is not said to have run something else
      "Open, the benchmark's own model",
      real({
        round: "v6.0",
        submitter: "Lambda_SIT",
        platform: "B200-SXM-180GBx8_TRT",
        model: "gpt-oss-120b",
        scenario: "Server",
      }),
      "Open-division result: it ran the benchmark's own model (gpt-oss-120b), but Open rules allow retraining",
    ],
  ])("%s", (_n, row, text) => {
    const p = readInContext(row).paragraph;
    expect(p).toContain(text);
    expect(p).toContain("It cannot tell you cost");
  });
});
