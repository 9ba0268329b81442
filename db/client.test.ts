// A database written before migration 0003 (results carried their own natural key and search text) opens as the
// current schema with nothing lost: the two columns are gone, the rows are as they were, and every system gets
// its search text, lower-cased by JavaScript.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, describe, expect, it } from "vitest";
import { systemSearchText } from "@/lib/mlperf/search";
import { migrationsFolder, openDb } from "./client";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A migrations folder holding only the first `n` migrations, as an older checkout had. */
function olderMigrations(n: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-migrations-"));
  dirs.push(dir);
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, n);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(migrationsFolder(), `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

describe("openDb on a database from before migration 0003", () => {
  it("drops results' natural key and search text, keeps every row, and fills each system's search text", () => {
    const file = path.join(olderMigrations(3), "old.db");
    const old = new Database(file);
    migrate(drizzle(old), { migrationsFolder: path.dirname(file) });
    const systems = [
      ["s1", "AMD", "Supermicro AS-8125GS", "8xMI300X_2xEPYC", "AMD Instinct MI300X", "vLLM 0.4.3"],
      ["s2", "ÆON Systems", "ΣΥΣΤΗΜΑ Ärger", "1xB200", null, null],
    ] as const;
    for (const [id, submitter, name, platform, acc, sw] of systems)
      old
        .prepare(
          `insert into systems (id, round, submitter, platform, system_name, accelerator, heterogeneous, software, software_stack)
           values (?, 'v6.0', ?, ?, ?, ?, 0, ?, '[]')`,
        )
        .run(id, submitter, platform, name, acc, sw);
    old
      .prepare(
        `insert into results (id, natural_key, system_id, round, round_sort, division, submitter, platform, model, used_model,
           model_family, scenario, availability, suite, value, units, higher_is_better, has_power, inferred, validity,
           measurement_key, extra, origin, content_hash, search_text)
         values ('r1', '["v6.0"]', 's2', 'v6.0', 600, 'closed', 'ÆON Systems', '1xB200', 'llama2-70b-99', 'llama2-70b-99',
           'llama2-70b', 'Offline', 'available', 'datacenter', 123.5, 'Tokens/s', 1, 0, 0, 'VALID', 'm1', '{}', 'loadgen',
           'f0000000000000000', 'æon systems σύστημα')`,
      )
      .run();
    const before = old.prepare("select id, value, submitter, model from results").all();
    old.close();

    const h = openDb(file);
    const cols = (h.sqlite.prepare("pragma table_info(results)").all() as { name: string }[]).map((c) => c.name);
    expect(cols).not.toContain("natural_key");
    expect(cols).not.toContain("search_text");
    expect(h.sqlite.prepare("select id, value, submitter, model from results").all()).toEqual(before);
    const stored = h.sqlite
      .prepare(
        "select id, submitter, system_name as systemName, platform, accelerator, software, search_text from systems",
      )
      .all() as {
      id: string;
      search_text: string;
      submitter: string;
      systemName: string;
      platform: string;
      accelerator: string | null;
      software: string | null;
    }[];
    expect(stored.map((s) => [s.id, s.search_text])).toEqual([
      ["s1", "amd supermicro as-8125gs 8xmi300x_2xepyc amd instinct mi300x vllm 0.4.3"],
      ["s2", "æon systems συστημα ärger 1xb200"],
    ]);
    for (const s of stored) expect(s.search_text).toBe(systemSearchText(s));
    h.sqlite.close();
    // opening again changes nothing
    const again = openDb(file);
    expect(again.sqlite.prepare("select id, search_text from systems").all()).toEqual(
      stored.map((s) => ({ id: s.id, search_text: s.search_text })),
    );
    again.sqlite.close();
  });
});
