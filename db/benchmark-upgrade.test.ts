// The stored-data upgrade path for migration 0006: rows written before it have no canonical benchmark; opening the
// database fills it in from the benchmark table, and a re-import then changes nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parsedSummary } from "@/lib/mlperf/test-real-summaries";
import { openDb } from "./client";
import { writeResults } from "./write";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-benchmark-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const META = { source: "v6.1.summary.csv", format: "checker_csv", sha256: "0".repeat(64) };

describe("benchmark column on a database written before migration 0006", () => {
  it("is filled when the database is opened, and a re-import is then unchanged", async () => {
    const file = path.join(dir, "old.db");
    const records = parsedSummary("v6.1.summary.csv").records;
    const h = openDb(file);
    expect(await writeResults(h, records, META)).toMatchObject({ inserted: 492 });
    // as the previous version stored them: no benchmark, the family split from the published name ("VLM")
    h.sqlite.prepare("update results set benchmark = ''").run();
    h.sqlite.prepare("update results set model_family = model where model in ('VLM', 'text_to_video')").run();
    await h.close();
    const again = openDb(file);
    const by = (m: string) =>
      again.sqlite.prepare("select distinct benchmark, model_family as f from results where model = ?").all(m);
    expect(by("VLM")).toEqual([{ benchmark: "qwen3-vl-235b-a22b", f: "qwen3-vl-235b-a22b" }]);
    expect(by("text_to_video")).toEqual([{ benchmark: "wan-2.2-t2v-a14b", f: "wan-2.2-t2v-a14b" }]);
    expect(again.sqlite.prepare("select count(*) as n from results where benchmark = ''").get()).toEqual({ n: 0 });
    expect(await writeResults(again, records, META)).toMatchObject({ inserted: 0, updated: 0, unchanged: 492 });
    await again.close();
  });
});

describe("a database that ran a later migration before 0006 arrived", () => {
  it("gets the column anyway (drizzle skips a migration older than the last one applied)", async () => {
    const file = path.join(dir, "skipped.db");
    const h = openDb(file);
    // as if 0006 had never run: no benchmark column, the old index on the published name
    h.sqlite.exec("drop index results_round_benchmark_scenario");
    h.sqlite.exec("alter table results drop column benchmark");
    h.sqlite.exec("create index results_round_benchmark_scenario on results (round, model, scenario)");
    await h.close();
    const again = openDb(file);
    const cols = (again.sqlite.prepare("pragma table_info(results)").all() as { name: string }[]).map((c) => c.name);
    expect(cols).toContain("benchmark");
    const META61 = { ...META };
    expect(await writeResults(again, parsedSummary("v6.1.summary.csv").records, META61)).toMatchObject({
      inserted: 492,
    });
    await again.close();
  });
});
