// Grouping an uploaded result folder into scenario runs, over the real v6.0 AMD 8×MI355X folder and edits of it.
import { describe, expect, it } from "vitest";
import { describeUploadPath, fileKind, ReproduceInputError, readUploadedFolder } from "./files";
import { edited, mi355xTrio } from "./test-upload";

describe("describeUploadPath", () => {
  it.each([
    [
      "closed/AMD/results/8xMI355X_2xEPYC_9575F/llama2-70b-99/Server/performance/run_1/mlperf_log_summary.txt",
      {
        scenarioName: "Server",
        model: "llama2-70b-99",
        platform: "8xMI355X_2xEPYC_9575F",
        accuracyRun: false,
        compliance: null,
      },
    ],
    [
      "8xMI355X/llama2-70b-99/Offline/accuracy/mlperf_log_accuracy.json",
      { scenarioName: "Offline", model: "llama2-70b-99", platform: "8xMI355X", accuracyRun: true, compliance: null },
    ],
    [
      "results/P/llama2-70b-99/Interactive/TEST06/accuracy/mlperf_log_accuracy.json",
      { scenarioName: "Interactive", model: "llama2-70b-99", platform: "P", accuracyRun: false, compliance: "TEST06" },
    ],
    [
      "mlperf_log_summary.txt",
      { scenarioName: null, model: null, platform: null, accuracyRun: false, compliance: null },
    ],
  ])("%s", (p, want) => {
    expect(describeUploadPath(p)).toMatchObject(want);
  });
});

describe("readUploadedFolder on the real v6.0 AMD 8×MI355X llama2-70b folder", () => {
  const trio = mi355xTrio();

  it("finds Offline, Server and Interactive (by folder, though Interactive's header says Server) and the systems JSON", () => {
    const f = readUploadedFolder(trio);
    expect(f.scenarios.map((s) => s.scenario)).toEqual(["Offline", "Server", "Interactive"]);
    expect(f.scenarios.every((s) => s.platform === "8xMI355X_2xEPYC_9575F" && s.model === "llama2-70b-99")).toBe(true);
    const inter = f.scenarios[2];
    expect(inter?.run.scenarioHeader).toBe("Server");
    // the summaries' own header lines (mlperf_log_summary.txt): 103480 / 100282.36 / 73608.25 tokens/s
    expect(f.scenarios.map((s) => s.run.tokensPerSecond)).toEqual([103480, 100282.36, 73608.25]);
    expect(f.systems).toHaveLength(1);
    expect(f.systems[0]?.system.submitter).toBe("AMD");
    expect(f.roundFromPath).toBe("v6.0");
  });

  it("reads loose files (no scenario folders) by their content: the 450/40 ms limits make a Server header Interactive", () => {
    const loose = trio.map((e) => ({ ...e, path: `${e.path.split("/").slice(-2).join("-")}` }));
    const f = readUploadedFolder(loose);
    expect(f.scenarios.map((s) => s.scenario).sort()).toEqual(["Interactive", "Offline", "Server"]);
    expect(f.scenarios.find((s) => s.scenario === "Interactive")?.scenarioReason).toMatch(/Interactive limits/);
  });

  it("ignores compliance runs and keeps accuracy files with their scenario", () => {
    const extra = [
      ...trio,
      {
        path: "v6.0/AMD/8xMI355X_2xEPYC_9575F/llama2-70b-99/Offline/TEST06/mlperf_log_summary.txt",
        text: trio[0]?.text ?? "",
        size: 1,
      },
      {
        path: "v6.0/AMD/8xMI355X_2xEPYC_9575F/llama2-70b-99/Offline/accuracy/mlperf_log_accuracy.json",
        text: null,
        size: 5,
      },
      {
        path: "v6.0/AMD/8xMI355X_2xEPYC_9575F/llama2-70b-99/Offline/accuracy/accuracy.txt",
        text: "{'ROUGE1': 44.4, 'TOKENS_PER_SAMPLE': 294.0}",
        size: 40,
      },
      {
        path: "v6.0/AMD/8xMI355X_2xEPYC_9575F/llama2-70b-99/Offline/user.conf",
        text: "*.Offline.target_qps = 360",
        size: 30,
      },
    ];
    const f = readUploadedFolder(extra);
    expect(f.scenarios).toHaveLength(3);
    const off = f.scenarios[0];
    expect(off?.accuracyFiles).toHaveLength(2);
    expect(off?.accuracyText).toContain("ROUGE1");
    expect(f.ignored.some((i) => /TEST06/.test(i))).toBe(true);
    expect(f.ignored.some((i) => /user\.conf/.test(i))).toBe(true);
  });

  it("refuses two runs of one scenario, naming both files", () => {
    const dup = [
      ...trio,
      ...trio
        .filter((e) => /Offline\/mlperf_log_summary/.test(e.path))
        .map((e) => ({
          ...e,
          path: e.path.replace(
            "8xMI355X_2xEPYC_9575F/llama2-70b-99/Offline",
            "copy/8xMI355X_2xEPYC_9575F/llama2-70b-99/Offline",
          ),
        })),
    ];
    expect(() => readUploadedFolder(dup)).toThrow(/two runs of Offline/);
  });

  it("names the file and line of a log that cannot be read", () => {
    const bad = edited(trio, /Server\/mlperf_log_summary/, (t) => t.replace("Result is : VALID", "Result is : MAYBE"));
    try {
      readUploadedFolder(bad);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ReproduceInputError);
      const err = e as ReproduceInputError;
      expect(err.file).toMatch(/Server\/mlperf_log_summary\.txt$/);
      expect(err.line).toBe(9); // "Result is : VALID" is line 9 of that mlperf_log_summary.txt
      expect(err.field).toBe("Result is");
    }
  });

  it("refuses an upload with no LoadGen run", () => {
    expect(() => readUploadedFolder([{ path: "notes.md", text: "# hi", size: 4 }])).toThrow(/no LoadGen run/);
  });

  it("tells files apart by content, not name", () => {
    expect(fileKind("x.txt", trio.find((e) => /detail/.test(e.path))?.text ?? null)).toBe("detail");
    expect(fileKind("x.log", trio.find((e) => /summary/.test(e.path))?.text ?? null)).toBe("summary");
    expect(fileKind("whatever.json", trio.find((e) => /systems/.test(e.path))?.text ?? null)).toBe("systems");
  });
});
