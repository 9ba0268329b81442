// The bake-off writer against an in-memory database: every real sample saves and reads back; bad uploads
// store nothing and say what was expected; pairs of files of one run fold into one point.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import {
  BakeoffUploadError,
  countBakeoffUploads,
  getBakeoffUpload,
  prepareBakeoffUpload,
  saveBakeoffUpload,
  UPLOAD_ID_RE,
  type UploadFile,
} from "./bakeoff";
import { summaryRuns } from "./bakeoff-prepare";
import type { DbHandle } from "./client";
import { stores } from "./test-stores";

const ROOT = sharedPath("bakeoff");

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const full = path.join(dir, n);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
}

function file(rel: string): UploadFile {
  return { name: rel, text: readFileSync(path.join(ROOT, rel), "utf8") };
}

/** Every number anywhere in v that is NaN or ±Infinity. */
function nonFinite(v: unknown, at = "upload"): string[] {
  if (typeof v === "number") return Number.isFinite(v) ? [] : [at];
  if (Array.isArray(v)) return v.flatMap((x, i) => nonFinite(x, `${at}[${i}]`));
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => nonFinite(x, `${at}.${k}`));
  return [];
}

describe.each(stores())("$name store", ({ open }) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await open();
  });
  afterAll(() => h.close());

  describe("saveBakeoffUpload: every real sample", () => {
    const files = walk(ROOT).map((f) => path.relative(ROOT, f));
    it("finds the samples", () => expect(files.length).toBeGreaterThanOrEqual(18));
    for (const rel of files) {
      it(`saves and reads back ${rel}`, async () => {
        const before = await countBakeoffUploads(h);
        const saved = await saveBakeoffUpload(h, {
          files: [file(rel)],
          label: `sample ${path.basename(rel).slice(0, 60)}`,
        });
        expect(await countBakeoffUploads(h)).toBe(before + 1);
        expect(saved.id).toMatch(UPLOAD_ID_RE);
        expect(saved.id).toHaveLength(22);
        const back = await getBakeoffUpload(h, saved.id);
        // what the save returns is the stored upload with its per-request samples left out and counted
        const { perRequestSamples, ...view } = saved;
        expect(back && { ...back, runs: summaryRuns(back.runs) }).toEqual(view);
        expect(perRequestSamples).toBe(back?.runs.reduce((n, r) => n + (r.perRequest?.length ?? 0), 0));
        expect(back?.label).toBe(`sample ${path.basename(rel).slice(0, 60)}`);
        expect(back?.runs.length).toBeGreaterThan(0);
        expect(nonFinite(back)).toEqual([]);
        // the JSON round trip keeps every field, so the stored runs equal a fresh parse
        expect(back?.runs).toEqual(prepareBakeoffUpload([file(rel)]).runs);
      });
    }

    it("keeps the values of the real vLLM file", async () => {
      const u = await saveBakeoffUpload(h, { files: [file("vllm/run=0.json")], label: "v", accelerators: 1 });
      const r = u.runs[0];
      expect(u.format).toBe("vllm-bench-serve-json");
      expect(u.accelerators).toBe(1);
      expect(r?.ttftMs?.p99).toBe(762.4942294094944);
      expect(r?.outTokPerS).toBe(93.74767963046673);
      expect(r?.numRequests).toBe(8);
      expect(u.modelFamily).toBeNull(); // facebook/opt-125m is no MLPerf benchmark
    });

    it("maps the LoadGen folder to llama2-70b and 8 accelerators", async () => {
      const u = await saveBakeoffUpload(h, {
        files: [file("mlperf-loadgen/amd-8xMI300X-llama2-70b-99-server/mlperf_log_summary.txt")],
        label: "",
      });
      expect(u.modelFamily).toBe("llama2-70b");
      expect(u.accelerators).toBe(8);
      expect(u.label).toMatch(/^mlperf-loadgen · llama2-70b-99$/);
      expect(u.runs[0]?.scenarioHint).toBe("Server");
    });

    it("stores the all-failed vLLM file with zero successes and no latency", async () => {
      const u = await saveBakeoffUpload(h, { files: [file("vllm/bench_serve_all_requests_failed_v0.25.1.json")] });
      const r = u.runs[0];
      expect(r?.numRequests).toBe(0);
      expect(r?.numFailed).toBe(8);
      expect(r?.ttftMs).toBeNull();
      expect(u.warnings.join(" ")).toMatch(/every request failed/);
    });

    it("stores hostile labels as given", async () => {
      for (const label of ["<script>alert(1)</script>", "=cmd|' /C calc'!A0"]) {
        const u = await saveBakeoffUpload(h, { files: [file("vllm/run=0.json")], label });
        expect((await getBakeoffUpload(h, u.id))?.label).toBe(label);
      }
    });

    it("gives every upload a different id", async () => {
      const ids = new Set(
        await Promise.all(
          Array.from({ length: 20 }, async () => (await saveBakeoffUpload(h, { files: [file("vllm/run=0.json")] })).id),
        ),
      );
      expect(ids.size).toBe(20);
    });
  });

  describe("saveBakeoffUpload: several files, one upload", () => {
    it("merges a LoadGen summary and detail log of one run into one point", async () => {
      const dir = "mlperf-loadgen/amd-8xMI300X-llama2-70b-99-server";
      const u = await saveBakeoffUpload(h, {
        files: [file(`${dir}/mlperf_log_summary.txt`), file(`${dir}/mlperf_log_detail.txt`)],
      });
      expect(u.runs).toHaveLength(1);
      const r = u.runs[0];
      expect(r?.numRequests).toBe(73728); // from the detail log
      expect(r?.outTokPerS).toBe(24593.77); // the summary's finer printing
      expect(r?.ttftMs?.p99).toBeCloseTo(1914.647645, 6);
      expect(u.format).toBe("mlperf-loadgen-detail");
      expect(u.warnings.join("\n")).toMatch(/merged/);
    });

    it("refuses a merged pair whose point breaks a rule neither file breaks alone, and stores nothing", async () => {
      // the detail log with only a TTFT p50, above the summary's p99 (1,914.6 ms): each file is in order on its own;
      // merged (p50 from the detail, p90…p99 from the summary) TTFT p50 > p90
      const dir = "mlperf-loadgen/amd-8xMI300X-llama2-70b-99-server";
      const detail = file(`${dir}/mlperf_log_detail.txt`)
        .text.split("\n")
        .filter((l) => !/"result_first_token_(90|95|97|99)\.00_percentile_latency_ns"/.test(l))
        .map((l) =>
          l.includes('"result_first_token_50.00_percentile_latency_ns"')
            ? l.replace(/"value": \d+/, '"value": 1999000000')
            : l,
        )
        .join("\n");
      const before = await countBakeoffUploads(h);
      await expect(
        saveBakeoffUpload(h, {
          files: [file(`${dir}/mlperf_log_summary.txt`), { name: `${dir}/mlperf_log_detail.txt`, text: detail }],
        }),
      ).rejects.toThrow(/first token latency percentiles out of order: first token latency p50 1999000000 is above/);
      try {
        await saveBakeoffUpload(h, {
          files: [file(`${dir}/mlperf_log_summary.txt`), { name: `${dir}/mlperf_log_detail.txt`, text: detail }],
        });
      } catch (e) {
        expect(e).toBeInstanceOf(BakeoffUploadError);
        expect((e as BakeoffUploadError).file).toBe(`${dir}/mlperf_log_detail.txt`);
      }
      expect(await countBakeoffUploads(h)).toBe(before);
    });

    it("merges the pair by numbers when the names carry no folder", async () => {
      const dir = "mlperf-loadgen/amd-8xMI300X-llama2-70b-99-server";
      const u = await saveBakeoffUpload(h, {
        files: [
          { name: "mlperf_log_detail.txt", text: file(`${dir}/mlperf_log_detail.txt`).text },
          { name: "mlperf_log_summary.txt", text: file(`${dir}/mlperf_log_summary.txt`).text },
        ],
        modelFamily: "llama2-70b",
        accelerators: 8,
      });
      expect(u.runs).toHaveLength(1);
      expect(u.modelFamily).toBe("llama2-70b");
      expect(u.accelerators).toBe(8);
    });

    it("keeps Offline and Server LoadGen runs as two points", async () => {
      const u = await saveBakeoffUpload(h, {
        files: [
          file("mlperf-loadgen/amd-8xMI300X-llama2-70b-99-offline/mlperf_log_summary.txt"),
          file("mlperf-loadgen/amd-8xMI300X-llama2-70b-99-server/mlperf_log_summary.txt"),
        ],
      });
      expect(u.runs.map((r) => r.scenarioHint)).toEqual(["Offline", "Server"]);
    });

    it("joins an LLMPerf summary with its individual responses (exact SLO counts)", async () => {
      const u = await saveBakeoffUpload(h, {
        files: [
          file("llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_summary.json"),
          file("llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_individual_responses.json"),
        ],
      });
      expect(u.runs).toHaveLength(1);
      // the returned view leaves the samples out and counts them; the stored upload holds them
      expect(u.runs[0]?.perRequest).toBeNull();
      expect(u.perRequestSamples).toBe(2);
      expect((await getBakeoffUpload(h, u.id))?.runs[0]?.perRequest).toHaveLength(2);
      expect(u.runs[0]?.tpotMs?.p99).not.toBeNull();
      expect(u.runs[0]?.outTokPerS).toBeCloseTo(4.493054265583841, 9);
    });

    it("draws GenAI-Perf concurrency folders as two points, dropping the CSV twins", async () => {
      const g = (c: number, ext: string) =>
        file(`genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency${c}/profile_export_genai_perf.${ext}`);
      const u = await saveBakeoffUpload(h, { files: [g(10, "json"), g(10, "csv"), g(100, "json"), g(100, "csv")] });
      expect(u.runs.map((r) => r.load.concurrency)).toEqual([10, 100]);
      expect(u.format).toBe("genai-perf-json");
    });

    it("keeps an SGLang sweep's points in file order", async () => {
      const u = await saveBakeoffUpload(h, { files: [file("sglang/llama_3_3_70b_offline_output.jsonl")] });
      expect(u.runs).toHaveLength(7);
    });
  });

  describe("saveBakeoffUpload: bad uploads store nothing", () => {
    const run0 = readFileSync(path.join(ROOT, "vllm", "run=0.json"), "utf8");
    const BAD: { name: string; text: string; message: RegExp; line?: number | null; field?: string | null }[] = [
      { name: "empty.json", text: "", message: /empty \(0 bytes\).*expected vLLM/ },
      { name: "image.png", text: "\ufffdPNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u0000", message: /binary file/ },
      {
        name: "login.html",
        text: "<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>x</body></html>",
        message: /HTML\/XML page.*expected vLLM/,
        line: 1,
      },
      {
        name: "cut.json",
        text: run0.split("\n").slice(0, 20).join("\n").slice(0, -5),
        message: /not closed/,
        line: 20,
      },
      {
        name: "other.csv",
        text: "timestamp,latency,tokens\r\n1,2,3\r\n",
        message: /unrecognised CSV headers.*expected a GenAI-Perf/,
        line: 1,
        field: "timestamp",
      },
      {
        name: "unknown.json",
        text: '{"hello": "world", "answer": 42}',
        message: /JSON from an unknown tool.*expected output of one of/,
        line: 1,
      },
    ];
    for (const b of BAD) {
      it(`rejects ${b.name}`, async () => {
        const before = await countBakeoffUploads(h);
        let err: unknown = null;
        try {
          await saveBakeoffUpload(h, { files: [{ name: b.name, text: b.text }], label: "bad" });
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(BakeoffUploadError);
        const e = err as BakeoffUploadError;
        expect(e.message).toMatch(b.message);
        expect(e.file).toBe(b.name);
        if (b.line !== undefined) expect(e.line).toBe(b.line);
        if (b.field !== undefined) expect(e.field).toBe(b.field);
        expect(await countBakeoffUploads(h)).toBe(before);
      });
    }

    it("rejects the whole upload when one of several files is bad", async () => {
      const before = await countBakeoffUploads(h);
      await expect(
        saveBakeoffUpload(h, {
          files: [file("vllm/run=0.json"), { name: "notes.txt", text: "just some notes\n" }],
        }),
      ).rejects.toThrow(BakeoffUploadError);
      expect(await countBakeoffUploads(h)).toBe(before);
    });

    it("rejects no files, an over-long label and a bad family", async () => {
      const before = await countBakeoffUploads(h);
      await expect(saveBakeoffUpload(h, { files: [] })).rejects.toThrow(/no file/);
      await expect(saveBakeoffUpload(h, { files: [file("vllm/run=0.json")], label: "x".repeat(121) })).rejects.toThrow(
        /label/,
      );
      await expect(saveBakeoffUpload(h, { files: [file("vllm/run=0.json")], modelFamily: "<b>" })).rejects.toThrow(
        /family/,
      );
      expect(await countBakeoffUploads(h)).toBe(before);
    });

    it("returns null for an unknown id", async () => {
      expect(await getBakeoffUpload(h, "AAAAAAAAAAAAAAAAAAAAAA")).toBeNull();
    });
  });
});
