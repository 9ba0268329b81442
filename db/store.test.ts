// The store on both backends (SQLite always; PostgreSQL when PERFCONTEXT_TEST_PG names a server, as `npm test`
// arranges): opened and migrated, raw statements and drizzle reads alike, transactions that commit or leave
// nothing, the data version, and the places where the two databases differ by default (integer types, NULL order,
// LIKE's case) written so both give the same answer.
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type DbHandle, getDb, getStore, openStore } from "./client";
import { redactUrl } from "./pg";
import * as pgSchema from "./schema-pg";
import { sqlBool } from "./sql";
import { freshPgDatabase, stores, testPgUrl } from "./test-stores";

const SYSTEM = {
  id: "s1",
  round: "v6.0",
  submitter: "ÆON Systems",
  platform: "8xB200",
  systemName: "ΣΥΣΤΗΜΑ 8xB200",
  heterogeneous: false,
  softwareStack: "[]",
};

async function count(h: DbHandle, table: string): Promise<number> {
  return ((await h.x.get<{ n: number }>(`select count(*) as n from ${table}`)) as { n: number }).n;
}

describe.each(stores())("$name store", ({ name, open }) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await open();
  });
  afterAll(async () => {
    await h.close();
  });
  afterEach(async () => {
    await h.tx(async (w) => {
      await w.x.run("delete from data_notes");
      await w.x.run("delete from results");
      await w.x.run("delete from systems");
      await w.x.run("delete from imports");
      await w.x.run("update data_version set version = 1 where id = 1");
    });
  });

  it("opens migrated: every table is there, empty, and the data version starts at 1", async () => {
    expect(h.dialect).toBe(name);
    for (const t of ["rounds", "systems", "results", "imports", "data_notes", "latency_details", "snapshots"])
      expect(await count(h, t)).toBe(0);
    expect(await h.x.get("select version from data_version where id = 1")).toEqual({ version: 1 });
  });

  it("counts, sums and averages are JS numbers on both", async () => {
    await h.db
      .insert(h.t.systems)
      .values([SYSTEM, { ...SYSTEM, id: "s2", nodes: 3 }, { ...SYSTEM, id: "s3", nodes: 4 }]);
    const row = await h.x.get<{ n: unknown; total: unknown; mean: unknown }>(
      "select count(*) as n, sum(nodes) as total, avg(nodes) as mean from systems",
    );
    expect(row).toEqual({ n: 3, total: 7, mean: 3.5 });
    // a value past 2^31 (nanosecond latencies, sizes) survives an integer column
    await h.x.run("update systems set nodes = ? where id = 's1'", [5_000_000_000]);
    expect(await h.x.get("select nodes from systems where id = 's1'")).toEqual({ nodes: 5_000_000_000 });
  });

  it("drizzle writes and reads rows alike: booleans, text, NULLs, identity ids", async () => {
    await h.db.insert(h.t.systems).values({ ...SYSTEM, heterogeneous: true });
    const [s] = await h.db.select().from(h.t.systems);
    expect(s).toMatchObject({ ...SYSTEM, heterogeneous: true, accelerator: null, nodes: null, searchText: "" });
    const ids = await h.db
      .insert(h.t.imports)
      .values(
        [1, 2].map((n) => ({
          source: `f${n}`,
          format: "json",
          sha256: "0",
          startedAt: "t",
          finishedAt: "t",
          rows: n,
          inserted: n,
          updated: 0,
          unchanged: 0,
        })),
      )
      .returning({ id: h.t.imports.id });
    expect(ids).toHaveLength(2);
    expect(typeof ids[0]?.id).toBe("number");
    expect((ids[1]?.id ?? 0) - (ids[0]?.id ?? 0)).toBe(1);
    // raw SQL gives 0/1 on SQLite and true/false on PostgreSQL: sqlBool reads both
    const raw = await h.x.get<{ heterogeneous: unknown }>("select heterogeneous from systems");
    expect(sqlBool(raw?.heterogeneous)).toBe(true);
    expect(await h.x.all("select id from systems where heterogeneous = ?", [true])).toEqual([{ id: "s1" }]);
  });

  it("insert … on conflict do nothing / do update behave alike", async () => {
    await h.x.run("insert into rounds (id, sort_key) values (?, ?) on conflict (id) do nothing", ["v6.0", 600]);
    const again = await h.x.run("insert into rounds (id, sort_key) values (?, ?) on conflict (id) do nothing", [
      "v6.0",
      601,
    ]);
    expect(again.changes).toBe(0);
    await h.x.run(
      "insert into rounds (id, sort_key) values (?, ?) on conflict (id) do update set sort_key = excluded.sort_key",
      ["v6.0", 602],
    );
    expect(await h.x.all('select id, sort_key as "sortKey" from rounds')).toEqual([{ id: "v6.0", sortKey: 602 }]);
    await h.x.run("delete from rounds");
  });

  it("a transaction commits as one; one that throws leaves nothing (raw SQL and drizzle writes alike)", async () => {
    await h.tx(async (w) => {
      await w.db.insert(w.t.systems).values(SYSTEM);
      await w.x.run("update data_version set version = version + 1 where id = 1");
    });
    expect(await count(h, "systems")).toBe(1);
    await expect(
      h.tx(async (w) => {
        await w.db.insert(w.t.systems).values({ ...SYSTEM, id: "s2" });
        await w.x.run("update data_version set version = version + 1 where id = 1");
        // the write is visible inside its own transaction
        expect(await count(w, "systems")).toBe(2);
        throw new Error("rejected source");
      }),
    ).rejects.toThrow("rejected source");
    expect(await count(h, "systems")).toBe(1);
    expect(await h.x.get("select version from data_version where id = 1")).toEqual({ version: 2 });
  });

  it("a failing statement inside a transaction rolls the whole transaction back", async () => {
    await expect(
      h.tx(async (w) => {
        await w.db.insert(w.t.systems).values(SYSTEM);
        await w.db.insert(w.t.systems).values(SYSTEM); // duplicate primary key
      }),
    ).rejects.toThrow();
    expect(await count(h, "systems")).toBe(0);
    // and the store is usable afterwards (the connection went back clean)
    await h.tx(async (w) => void (await w.db.insert(w.t.systems).values(SYSTEM)));
    expect(await count(h, "systems")).toBe(1);
  });

  it("nested transactions join the open one: an inner failure undoes the outer writes too", async () => {
    await expect(
      h.tx(async (w) => {
        await w.db.insert(w.t.systems).values(SYSTEM);
        // through the handle passed in, and through the store's own handle (code that calls h.tx deeper down)
        await w.tx(async (w2) => void (await w2.db.insert(w2.t.systems).values({ ...SYSTEM, id: "s2" })));
        await h.tx(async (w3) => {
          expect(await count(w3, "systems")).toBe(2);
          await w3.db.insert(w3.t.systems).values({ ...SYSTEM, id: "s3" });
          throw new Error("inner");
        });
      }),
    ).rejects.toThrow("inner");
    expect(await count(h, "systems")).toBe(0);
  });

  it("concurrent transactions each count: 20 bumps of the data version give +20", async () => {
    const before = (await h.x.get<{ version: number }>("select version from data_version where id = 1"))?.version;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.tx(async (w) => {
          await w.x.run("update data_version set version = version + 1 where id = 1");
          await w.db.insert(w.t.systems).values({ ...SYSTEM, id: `c${i}` });
        }),
      ),
    );
    expect(await h.x.get("select version from data_version where id = 1")).toEqual({ version: (before ?? 0) + 20 });
    expect(await count(h, "systems")).toBe(20);
  });

  it("NULLs sort first on SQLite and last on PostgreSQL; `x is null, x` orders both alike", async () => {
    await h.db.insert(h.t.systems).values([
      { ...SYSTEM, id: "a", nodes: 2 },
      { ...SYSTEM, id: "b", nodes: null },
      { ...SYSTEM, id: "c", nodes: 1 },
    ]);
    const plain = (await h.x.all<{ id: string }>("select id from systems order by nodes, id")).map((r) => r.id);
    expect(plain).toEqual(name === "sqlite" ? ["b", "c", "a"] : ["c", "a", "b"]);
    const portable = (await h.x.all<{ id: string }>("select id from systems order by nodes is null, nodes, id")).map(
      (r) => r.id,
    );
    expect(portable).toEqual(["c", "a", "b"]);
  });

  it("LIKE: case-sensitive on PostgreSQL only; lower() on both sides matches alike", async () => {
    await h.db.insert(h.t.systems).values(SYSTEM);
    const plain = await h.x.all("select id from systems where system_name like ?", ["%8xb200%"]);
    expect(plain).toHaveLength(name === "sqlite" ? 1 : 0);
    expect(await h.x.all("select id from systems where lower(platform) like lower(?)", ["%8XB200%"])).toHaveLength(1);
  });
});

describe.runIf(testPgUrl())("PostgreSQL store: migrations, URL, getStore", () => {
  it("the migrated database holds exactly db/schema-pg.ts: columns, types, nullability, indexes", async () => {
    const { url, drop } = await freshPgDatabase();
    const h = await openStore(url);
    try {
      const cols = await h.x.all<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
        "select table_name, column_name, data_type, is_nullable from information_schema.columns where table_schema = 'public'",
      );
      const idx = await h.x.all<{ indexname: string }>(
        "select indexname from pg_indexes where schemaname = 'public' and indexname not like '%_pkey'",
      );
      const TYPE: Record<string, string> = {
        PgText: "text",
        PgBigInt53: "bigint",
        PgBoolean: "boolean",
        PgDoublePrecision: "double precision",
      };
      const want: string[] = [];
      const wantIdx: string[] = [];
      for (const t of Object.values(pgSchema)) {
        const cfg = getTableConfig(t as PgTable);
        for (const c of cfg.columns)
          want.push(`${cfg.name}.${c.name} ${TYPE[c.columnType]} ${c.notNull ? "NO" : "YES"}`);
        for (const i of cfg.indexes) wantIdx.push(i.config.name as string);
      }
      expect(cols.map((c) => `${c.table_name}.${c.column_name} ${c.data_type} ${c.is_nullable}`).sort()).toEqual(
        want.sort(),
      );
      expect(idx.map((i) => i.indexname).sort()).toEqual(wantIdx.sort());
      // reopening applies nothing twice
      const again = await openStore(url);
      expect(await again.x.get("select version from data_version")).toEqual({ version: 1 });
      await again.close();
    } finally {
      await h.close();
      await drop();
    }
  });

  it("DATABASE_URL=postgres://… makes getStore() the PostgreSQL store, and getDb() (SQLite) refuses", async () => {
    const { url, drop } = await freshPgDatabase();
    vi.stubEnv("DATABASE_URL", url);
    try {
      const h = await getStore();
      expect(h.dialect).toBe("pg");
      expect(await getStore()).toBe(h);
      expect(() => getDb()).toThrow(/getStore/);
      expect(() => h.sqlite).toThrow(/PostgreSQL/);
      await h.close();
    } finally {
      vi.unstubAllEnvs();
      await drop();
    }
  });
});

describe("redactUrl", () => {
  it.each([
    ["postgres://app:s3cret@db.internal:5432/perfcontext", "postgres://app@db.internal:5432/perfcontext"],
    ["postgres://postgres@127.0.0.1:5432/postgres", "postgres://postgres@127.0.0.1:5432/postgres"],
  ])("%s → %s", (url, want) => expect(redactUrl(url)).toBe(want));
});
