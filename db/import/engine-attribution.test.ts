// Issue #14 item 8: a system's software list naming other benchmarks' serving engines is the system's list, not what
// ran this benchmark. Over the real files: NVIDIA's v6.0 list names TensorRT-LLM, NVIDIA Dynamo and "vLLM
// CentML:mlperf-inf-mm-q3vl-v6.0" on every row (llama2 included); Lambda's v6.1 list names each engine's benchmark.
import fs from "node:fs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { stores } from "@/db/test-stores";
import { engineOfStack } from "@/lib/judge";
import { sharedPath } from "@/lib/shared-data";
import { runImport } from "./pipeline";

const SUMMARY = sharedPath("mlperf", "summary");

describe.each(stores())(
  "serving engine per benchmark, from the system's published software list ($name store)",
  ({ open }) => {
    let h: DbHandle;
    beforeAll(async () => {
      h = await open();
      await runImport(h, [`${SUMMARY}/v6.0.summary_results.json`, `${SUMMARY}/v6.1.summary.csv`]);
    });
    afterAll(() => h.close());

    const engineOf = async (round: string, submitter: string, platform: string, model: string) =>
      (
        await h.x.all<{ e: string | null }>(
          "select distinct serving_engine as e from results where round = ? and submitter = ? and platform = ? and (model = ? or used_model = ?)",
          [round, submitter, platform, model, model],
        )
      ).map((r) => r.e);

    it("v6.0 NVIDIA B300: the list names TensorRT-LLM and vLLM on its llama2 rows, so it does not say which ran llama2", async () => {
      const rows = (
        JSON.parse(fs.readFileSync(`${SUMMARY}/v6.0.summary_results.json`, "utf8")) as Record<string, string>[]
      ).filter((r) => r.Platform === "B300-SXM-270GBx8_TRT" && r.Model === "llama2-70b-99");
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r.Software).toMatch(/TensorRT-LLM .*vLLM CentML:mlperf-inf-mm-q3vl/);
      const a = engineOfStack(rows[0]?.Software ?? "", null, "llama2-70b-99");
      expect(a.engine).toBeNull();
      expect(a.reason).toBe(
        "the system's software list names TensorRT-LLM and vLLM for all its benchmarks and does not say which ran this one",
      );
      // stored: no engine for these rows (it was "TensorRT-LLM", the first engine the list names)
      expect(await engineOf("v6.0", "NVIDIA", "B300-SXM-270GBx8_TRT", "llama2-70b-99")).toEqual([null]);
    });

    it("v6.1 Lambda: the part naming the benchmark gives its engine (TensorRT-LLM for gpt-oss, vLLM + Dynamo for Qwen3-VL)", async () => {
      const rows = Papa.parse<Record<string, string>>(fs.readFileSync(`${SUMMARY}/v6.1.summary.csv`, "utf8"), {
        header: true,
        skipEmptyLines: true,
      }).data.filter((r) => r.Organization === "Lambda" && (r.framework ?? "").includes("(GPT-OSS-120B)"));
      expect(new Set(rows.map((r) => r.Model))).toEqual(new Set(["gpt-oss-120b", "qwen3-vl-235b-a22b"]));
      expect(await engineOf("v6.1", "Lambda", "GB300-NVL4_GB300-288GB_aarch64x4", "gpt-oss-120b")).toEqual([
        "TensorRT-LLM",
      ]);
      expect(await engineOf("v6.1", "Lambda", "GB300-NVL4_GB300-288GB_aarch64x4", "qwen3-vl-235b-a22b")).toEqual([
        "vLLM",
      ]);
    });

    it("a list naming one serving engine keeps it (v6.1 AMD: 'vLLM 0.22.1 (ROCm 7.2.2), PyTorch 2.10')", async () => {
      expect(engineOfStack("vLLM 0.22.1 (ROCm 7.2.2), PyTorch 2.10", null, "llama2-70b-99.9")).toMatchObject({
        engine: "vLLM",
        decidedBy: ["vLLM 0.22.1 (ROCm 7.2.2)"],
      });
    });

    it("v6.0 AMD 87×MI355X 'PyTorch 2.9.1+git8907517, ROCm 7.0.0': a library is never stored as the engine (issue 25)", async () => {
      // it was "PyTorch" (the first component, guessed) before the judge
      expect(await engineOf("v6.0", "AMD", "87xMI355X_22xEPYC_9575F", "llama2-70b-99")).toEqual([null]);
    });
  },
);
