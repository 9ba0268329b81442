// The worker's own write of an upload's row (db/work/sqlite-write.ts, issue 26): the row a second connection writes
// is the row the request thread's insert would have written, with the data version bumped in the same transaction;
// a write that fails leaves nothing. Run in process (the job's entry, as a worker thread runs it) over a SQLite file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBakeoffUpload, getBakeoffUploadText, storePreparedUpload, uploadRowTarget } from "@/db/bakeoff";
import { prepareBakeoffRow } from "@/db/bakeoff-prepare";
import { type DbHandle, openDb } from "@/db/client";
import { readDataVersion } from "@/db/data-version";
import { sharedPath } from "@/lib/shared-data";
import work from "./jobs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-wwrite-"));
let h: DbHandle;
beforeAll(() => {
  h = openDb(path.join(dir, "w.db"));
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// a real guidellm report (the largest real bake-off file in ../shared/data) and a real vLLM result
const input = (rel: string) => ({
  files: [{ name: path.basename(rel), bytes: new Uint8Array(fs.readFileSync(sharedPath("bakeoff", rel))) }],
  label: null,
  accelerator: null,
  accelerators: 8,
  nodes: null,
  modelFamily: null,
});

describe("a worker writes an upload's row on its own SQLite connection", () => {
  it("is the row the request thread would store, and the data version moves with it", async () => {
    const rel = "guidellm/guidellm_report_v2.json";
    const target = uploadRowTarget(h);
    expect(target?.sqlite).toBe(h.file);
    if (!target) return;
    const before = await readDataVersion(h);
    const out = await work({ kind: "bakeoff", input: input(rel), write: target });
    expect(out.ok).toBe(true);
    if (!out.ok || !out.value || typeof out.value !== "object" || !("row" in out.value)) throw new Error("no answer");
    expect(out.value.stored).toEqual(target);
    // the answer leaves the whole runs and facts behind (they stay in the worker, written)
    expect(Object.keys(out.value.row)).not.toContain("runs");
    expect(await readDataVersion(h)).toBe(before + 1);
    // the same upload stored by the request thread's own insert: the two rows read back alike
    const ref = await storePreparedUpload(h, prepareBakeoffRow(input(rel)));
    const mine = await getBakeoffUpload(h, target.id);
    const theirs = await getBakeoffUpload(h, ref.id);
    expect(mine).toEqual({ ...theirs, id: target.id, createdAt: target.createdAt });
    const text = await getBakeoffUploadText(h, target.id, false);
    expect(text?.head.perRequestSamples).toBe(out.value.row.perRequestSamples);
  });

  it("an upload with per-request samples keeps its whole runs apart; the row holds the summary", async () => {
    // the real LLMPerf individual-responses file: one load point, 2 requests, each its own sample
    const rel = "llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_individual_responses.json";
    const target = uploadRowTarget(h);
    if (!target) throw new Error("no target");
    expect((await work({ kind: "bakeoff", input: input(rel), write: target })).ok).toBe(true);
    const ref = await storePreparedUpload(h, prepareBakeoffRow(input(rel)));
    for (const id of [target.id, ref.id]) {
      const row = await h.x.get<{ runs: string; summary: string; n: number }>(
        "select runs, runs_summary as summary, per_request_samples as n from bakeoff_uploads where id = ?",
        [id],
      );
      expect(row?.n).toBe(2);
      expect(row?.runs).toBe(row?.summary);
      const apart = await h.x.get<{ runs: string }>("select runs from bakeoff_samples where upload_id = ?", [id]);
      expect((JSON.parse(apart?.runs ?? "[]") as { perRequest: unknown[] }[])[0]?.perRequest).toHaveLength(2);
      // readers that need the samples get them whole; the summary read leaves them out
      expect((await getBakeoffUpload(h, id))?.runs[0]?.perRequest).toHaveLength(2);
      const whole = await getBakeoffUploadText(h, id, true);
      expect(whole?.summarised).toBe(false);
      // a worker read them on its own connection and moved the bytes over (issue 26: ?full=1 off the request thread)
      expect(whole?.runs).toBeInstanceOf(Uint8Array);
      expect(new TextDecoder().decode(whole?.runs as Uint8Array)).toBe(apart?.runs);
      const summary = await getBakeoffUploadText(h, id, false);
      expect(summary?.summarised).toBe(true);
      expect(summary?.runs).toBe(row?.summary);
    }
  });

  it("a write that fails (the id already taken) stores nothing and leaves the version", async () => {
    const target = uploadRowTarget(h);
    if (!target) throw new Error("no target");
    expect((await work({ kind: "bakeoff", input: input("vllm/run=0.json"), write: target })).ok).toBe(true);
    const version = await readDataVersion(h);
    const count = await h.x.get<{ n: number }>("select count(*) as n from bakeoff_uploads");
    await expect(work({ kind: "bakeoff", input: input("vllm/run=0.json"), write: target })).rejects.toThrow(/UNIQUE/);
    expect(await readDataVersion(h)).toBe(version);
    expect(await h.x.get<{ n: number }>("select count(*) as n from bakeoff_uploads")).toEqual(count);
  });

  it("an in-memory store gets no target (no other connection reaches it)", () => {
    const mem = openDb(":memory:");
    expect(uploadRowTarget(mem)).toBeNull();
  });
});
