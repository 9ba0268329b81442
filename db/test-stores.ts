// The stores a db/ or app/api test runs on: SQLite always, PostgreSQL too when PERFCONTEXT_TEST_PG names a server
// (`npm test` starts a throwaway cluster for it: scripts/pg-cluster.sh). Each `open()` gives a fresh, migrated,
// empty store: SQLite in memory; on PostgreSQL a new database copied from a migrated template (CREATE DATABASE …
// TEMPLATE, ~0.1 s), dropped again by `close()`.
//
//   describe.each(stores())("$name store", ({ open }) => {
//     let h: DbHandle;
//     beforeAll(async () => { h = await open(); });
//     afterAll(() => h.close());
//     …
//   });
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { type DbHandle, openDb } from "./client";
import { migrationsFolderPg, openPgStore } from "./pg";

export interface TestStore {
  readonly name: "sqlite" | "pg";
  open(): Promise<DbHandle>;
}

/** The server tests run PostgreSQL against, if any. */
export function testPgUrl(): string | undefined {
  return process.env.PERFCONTEXT_TEST_PG || undefined;
}

export function stores(): TestStore[] {
  const out: TestStore[] = [{ name: "sqlite", open: async () => openDb(":memory:") }];
  if (testPgUrl()) out.push({ name: "pg", open: () => openFreshPg() });
  return out;
}

/** A URL naming another database on the same server. */
export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** The template's name follows the migrations, so a server kept between runs never serves an old schema. */
function templateName(): string {
  const dir = migrationsFolderPg();
  const hash = createHash("sha256");
  for (const f of fs.readdirSync(dir).sort()) if (f.endsWith(".sql")) hash.update(fs.readFileSync(path.join(dir, f)));
  return `perfcontext_tpl_${hash.digest("hex").slice(0, 12)}`;
}

/** pg_advisory_lock key for making the template ("pctmpl"). */
const TEMPLATE_LOCK = 0x7063746d706c;
let made: Promise<string> | null = null;
let counter = 0;

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: testPgUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Make the migrated template once per server (test files run in parallel processes: an advisory lock orders them). */
function template(): Promise<string> {
  if (!made)
    made = admin(async (c) => {
      const name = templateName();
      await c.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
      try {
        const exists = await c.query("select 1 from pg_database where datname = $1", [name]);
        if (exists.rowCount === 0) {
          await c.query(`create database "${name}"`);
          const h = await openPgStore(withDatabase(testPgUrl() as string, name), { max: 1 });
          await h.close();
        }
      } finally {
        await c.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
      }
      return name;
    });
  return made;
}

/** A fresh database copied from the migrated template: its URL, and `drop()` to remove it. */
export async function freshPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const tpl = await template();
  const name = `perfcontext_t${process.pid}_${++counter}_${Date.now().toString(36)}`;
  await admin(async (c) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database "${name}" template "${tpl}"`);
        return;
      } catch (e) {
        // another process may be connected to the template for an instant (the one that just made it)
        if (attempt >= 20 || !/being accessed by other users/.test((e as Error).message)) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  return {
    url: withDatabase(testPgUrl() as string, name),
    drop: () => admin(async (c) => void (await c.query(`drop database if exists "${name}" with (force)`))),
  };
}

/** A fresh PostgreSQL store, its database dropped when the store closes. */
export async function openFreshPg(): Promise<DbHandle> {
  const { url, drop } = await freshPgDatabase();
  return openPgStore(url, { migrate: false, onClose: drop });
}
