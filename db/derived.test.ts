// Stored per-accelerator figures carry the version of the rule that made them: a row made by another version is
// recomputed when the database is opened, and a re-import over such a row counts it as updated, never "unchanged".
// Over the real v6.0 round summary, imported by the real pipeline.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PER_ACCELERATOR_RULE_VERSION } from "@/lib/context/per-accelerator";
import { sharedPath } from "@/lib/shared-data";
import { openDb } from "./client";
import { postMigrationFills, recomputeDerived } from "./derived";
import { runImport } from "./import/pipeline";
import { stores } from "./test-stores";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-derived-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = sharedPath("mlperf", "summary", "v6.0.summary_results.json");
// AMD's 8×MI355X box (v6.0 6.0-0002): 103,480 tokens/s Offline in the file, 8 accelerators
const AMD8 = "platform = '8xMI355X_2xEPYC_9575F' and submitter = 'AMD'";

async function staleAmd8(db: string): Promise<number> {
  const h = openDb(db);
  const n = (
    await h.x.run(`update results set per_accelerator = -1, per_accelerator_rule = ? where ${AMD8}`, [
      PER_ACCELERATOR_RULE_VERSION - 1,
    ])
  ).changes;
  await h.close();
  return n;
}

async function offline(db: string) {
  const h = openDb(db);
  const row = await h.x.get<{ value: number; per: number; rule: number }>(
    `select value, per_accelerator as per, per_accelerator_rule as rule from results where ${AMD8} and scenario = 'Offline' and model = 'llama2-70b-99' and division = 'closed' and has_power = ?`,
    [false],
  );
  await h.close();
  return row;
}

describe("per-accelerator rule version", () => {
  it("a re-import over rows made by another rule version updates them (not 'unchanged')", async () => {
    const db = path.join(dir, "reimport.db");
    const h = openDb(db);
    const first = await runImport(h, [file]);
    expect(first.rejected).toBe(0);
    const stale = (
      await h.x.run(`update results set per_accelerator = -1, per_accelerator_rule = ? where ${AMD8}`, [
        PER_ACCELERATOR_RULE_VERSION - 1,
      ])
    ).changes;
    expect(stale).toBeGreaterThan(0);
    const again = await runImport(h, [file]);
    expect(again.updated).toBe(stale);
    expect(again.inserted).toBe(0);
    expect(again.unchanged).toBe(first.inserted - stale);
    await h.close();
    expect(await offline(db)).toEqual({ value: 103480, per: 103480 / 8, rule: PER_ACCELERATOR_RULE_VERSION });
  });

  it("opening a database recomputes rows made by another rule version, once", async () => {
    const db = path.join(dir, "open.db");
    const h = openDb(db);
    await runImport(h, [file]);
    await h.close();
    const n = await staleAmd8(db); // reopened by staleAmd8 after the update: recomputed there
    expect(n).toBeGreaterThan(0);
    expect(await offline(db)).toEqual({ value: 103480, per: 103480 / 8, rule: PER_ACCELERATOR_RULE_VERSION });
    const h2 = openDb(db);
    expect(await recomputeDerived(h2)).toBe(0);
    await h2.x.run(`update results set per_accelerator = -1, per_accelerator_rule = ? where ${AMD8}`, [
      PER_ACCELERATOR_RULE_VERSION + 1,
    ]);
    expect(await recomputeDerived(h2)).toBe(n);
    await h2.close();
    expect((await offline(db))?.per).toBe(103480 / 8);
  });
});

describe.each(stores())("post-migration fills on the $name store", ({ open }) => {
  it("recompute stale per-accelerator figures, search texts and benchmarks through the handle, once", async () => {
    const h = await open();
    expect((await runImport(h, [file])).rejected).toBe(0);
    const stale = (
      await h.x.run(`update results set per_accelerator = -1, per_accelerator_rule = ? where ${AMD8}`, [
        PER_ACCELERATOR_RULE_VERSION - 1,
      ])
    ).changes;
    expect(stale).toBeGreaterThan(0);
    const texts = (await h.x.run("update systems set search_text = '' where submitter = 'AMD'")).changes;
    expect(texts).toBeGreaterThan(0);
    const benchmarks = (await h.x.run("update results set benchmark = '' where submitter = 'AMD'")).changes;
    expect(benchmarks).toBeGreaterThan(0);
    await postMigrationFills(h);
    expect(await recomputeDerived(h)).toBe(0);
    const row = await h.x.get<{ per: number; rule: number }>(
      `select per_accelerator as per, per_accelerator_rule as rule from results where ${AMD8} and scenario = 'Offline' and model = 'llama2-70b-99' and division = 'closed' and has_power = ?`,
      [false],
    );
    expect(row).toEqual({ per: 103480 / 8, rule: PER_ACCELERATOR_RULE_VERSION });
    const left = await h.x.get<{ n: number }>(
      "select (select count(*) from systems where search_text = '') + (select count(*) from results where benchmark = '') as n",
    );
    expect(Number(left?.n)).toBe(0);
    // what the fill wrote is what the writer writes: a re-import changes nothing
    expect((await runImport(h, [file])).updated).toBe(0);
    await h.close();
  });
});
