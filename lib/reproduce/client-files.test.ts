// An Endpoints client folder read as an upload: the v6.1 folder written from the client's source (its scenarios by
// folder name, the systems JSON, the round from the path) and the flat run folder the client writes (its scenario
// from the load pattern). Expected values by hand from lib/endpoints/testdata.
import { describe, expect, it } from "vitest";
import { v61ClientUpload } from "@/lib/endpoints/test-folder";
import { fileKind, ReproduceInputError, readUploadedFolder } from "./files";

const upload = v61ClientUpload();
const offline = upload.find((e) => e.path.endsWith("Offline/performance/result_summary.json"));

describe("a client-written v6.1 result folder", () => {
  it("reads Offline and Server by folder, the H200 systems JSON and v6.1 from the path", () => {
    const f = readUploadedFolder(upload);
    expect(f.scenarios.map((s) => s.scenario)).toEqual(["Offline", "Server"]);
    expect(f.scenarios.map((s) => [s.platform, s.model])).toEqual([
      ["H200", "llama3.1-8b"],
      ["H200", "llama3.1-8b"],
    ]);
    expect(f.scenarios.map((s) => s.run.tokensPerSecond)).toEqual([7796.585132597627, 7376.597666233358]);
    expect(f.scenarios[1]?.settings).toEqual({
      testMode: "PerformanceOnly",
      targetQps: "12",
      minDurationMs: "600000",
      loadgenVersion: "Endpoints client 0.4.0",
    });
    expect(f.scenarios[0]?.clientFile).toMatch(/Offline\/performance\/result_summary\.json$/);
    expect(f.systems.map((s) => [s.platform, s.system.submitter])).toEqual([["H200", "Naeem Khoshnevis"]]);
    expect(f.roundFromPath).toBe("v6.1");
    expect(f.submitterFromPath).toBe("Naeem Khoshnevis");
    expect(f.ignored).toEqual([]);
  });

  it("a flat run folder (no scenario folder): Offline from load pattern max_throughput", () => {
    if (!offline) throw new Error("fixture missing");
    const f = readUploadedFolder([{ ...offline, path: "my-run/performance/result_summary.json" }]);
    expect(f.scenarios).toHaveLength(1);
    expect(f.scenarios[0]).toMatchObject({ scenario: "Offline", dir: "my-run", platform: null });
    expect(f.scenarios[0]?.scenarioReason).toMatch(/max_throughput/);
  });

  it("a concurrency run in a flat folder has no Inference scenario: refused with the file and field", () => {
    const text = (offline?.text ?? "").replace('"type": "max_throughput"', '"type": "concurrency"');
    expect(() => readUploadedFolder([{ path: "sweep/result_summary.json", text, size: text.length }])).toThrow(
      ReproduceInputError,
    );
    try {
      readUploadedFolder([{ path: "sweep/result_summary.json", text, size: text.length }]);
    } catch (e) {
      expect(e).toMatchObject({ file: "sweep/result_summary.json", field: "Scenario" });
      expect((e as Error).message).toMatch(/load pattern concurrency is no MLPerf Inference scenario/);
    }
  });

  it("a malformed summary is a ReproduceInputError naming file, line and field", () => {
    const text = (offline?.text ?? "").replace('"duration_ns": 1054614534461', '"duration_ns": "1054 s"');
    const path = "H200/llama3.1-8b/Offline/performance/result_summary.json";
    try {
      readUploadedFolder([{ path, text, size: text.length }]);
      throw new Error("expected a refusal");
    } catch (e) {
      expect(e).toBeInstanceOf(ReproduceInputError);
      expect(e).toMatchObject({ file: path, line: 8, field: "duration_ns" });
    }
  });

  it("files are told apart by content", () => {
    const cfg = upload.find((e) => e.path.endsWith("Offline/config.yaml"));
    expect(fileKind(offline?.path ?? "", offline?.text ?? null)).toBe("client");
    expect(fileKind(cfg?.path ?? "", cfg?.text ?? null)).toBe("client-config");
    expect(fileKind("x/result_summary.json", '{"rouge1": 38.6}')).toBe("other");
  });
});
