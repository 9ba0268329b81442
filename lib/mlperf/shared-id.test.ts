import { describe, expect, it } from "vitest";
import { type IdHolder, sharedIdNote, sourceName } from "./shared-id";

const AMD: IdHolder = {
  submitter: "AMD",
  platform: "1xMI300X_2xEPYC-9374F",
  source: "/data/mlperf/summary/v4.1.summary_results.json",
};
const SCC: IdHolder = {
  submitter: "MLCommons",
  platform: "48ed6105bd85-nvidia-gpu-TensorRT-scc24-base",
  source: "/data/mlperf/summary/cm4mlperf-inference-scc24.summary_results.json",
};

describe("sourceName", () => {
  it.each([
    ["/a/b/v4.1.summary_results.json", "v4.1.summary_results.json"],
    ["C:\\data\\summary.csv", "summary.csv"],
    ["https://example.org/x/summary_results.json?raw=1#top", "summary_results.json"],
    ["/a/loadgen/v6.0/AMD/", "AMD"],
    // a file's own "#" or "?" is part of its name (an upload named run#2.json); only a URL has a query
    ["uploads/run#2.json", "run#2.json"],
    ["8xMI355X/Offline/performance/run_1/mlperf_log_summary.txt", "mlperf_log_summary.txt"],
    ["", null],
    [null, null],
  ])("%s → %s", (src, name) => expect(sourceName(src)).toBe(name));
});

describe("sharedIdNote", () => {
  it("names the other holder and this row's own file, on both sides", () => {
    const onAmd = sharedIdNote("4.1-0001", AMD, [AMD, SCC]);
    expect(onAmd?.code).toBe("result-id-shared");
    expect(onAmd?.message).toContain(
      "also carried by MLCommons 48ed6105bd85-nvidia-gpu-TensorRT-scc24-base (from cm4mlperf-inference-scc24.summary_results.json)",
    );
    expect(onAmd?.message).toContain("this row was imported from v4.1.summary_results.json");
    const onScc = sharedIdNote("4.1-0001", SCC, [AMD, SCC]);
    expect(onScc?.message).toContain("also carried by AMD 1xMI300X_2xEPYC-9374F (from v4.1.summary_results.json)");
  });

  it.each([
    ["one system only", [AMD]],
    ["the same system from two files (a checker CSV restating the summary)", [AMD, { ...AMD, source: "summary.csv" }]],
  ])("no note when the ID has %s", (_what, holders) => {
    expect(sharedIdNote("4.1-0001", AMD, holders)).toBeNull();
  });

  it("lists each other system once, and says nothing of a file it does not know", () => {
    const other = { submitter: "Cisco", platform: "C240M7", source: null };
    const n = sharedIdNote("4.1-0006", { ...AMD, source: null }, [AMD, other, { ...other, source: "x.csv" }, SCC]);
    expect(n?.message.match(/Cisco C240M7/g)).toHaveLength(1);
    expect(n?.message).toContain("Cisco C240M7; MLCommons");
    expect(n?.message).not.toContain("this row was imported from");
  });

  it("names three other systems at most and counts the rest", () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ submitter: "S", platform: `P${i}`, source: null }));
    const n = sharedIdNote("6.0-0001", AMD, [AMD, ...many]);
    expect(n?.message).toContain("S P0; S P1; S P2 and 3 other systems in this database");
    expect(n?.message).not.toContain("S P3");
  });
});
