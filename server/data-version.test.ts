// The response cache's data version (server/data-version.mjs) read from each store: the number every write bumps,
// null before migration, and on PostgreSQL never a read older than the request (a write committed on another
// instance before the request arrived is always seen, however reads are coalesced).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb, openStore } from "@/db/client";
import { freshPgDatabase, testPgUrl } from "@/db/test-stores";
import { dataVersionReader } from "./data-version.mjs";

const BUMP = "update data_version set version = version + 1 where id = 1";

describe("data version on SQLite", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-version-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("is null for a database not there yet, then follows every bump", async () => {
    const file = path.join(dir, "v.db");
    const read = dataVersionReader({ dbFile: file });
    expect(await read()).toBeNull();
    const h = openDb(file);
    expect(await read()).toBe(1);
    await h.tx(async (w) => void (await w.x.run(BUMP)));
    expect(await read()).toBe(2);
    await h.close();
  });
});

describe.runIf(testPgUrl())("data version on PostgreSQL", () => {
  it("is null before migration, then a number that follows every bump", async () => {
    const { url, drop } = await freshPgDatabase();
    try {
      // the fresh database is migrated (a template copy): drop the table to see the unmigrated answer
      const h = await openStore(url);
      await h.x.run("alter table data_version rename to dv_aside");
      const read = dataVersionReader({ dbFile: "unused", databaseUrl: url });
      expect(await read()).toBeNull();
      await h.x.run("alter table dv_aside rename to data_version");
      expect(await read()).toBe(1);
      await h.tx(async (w) => void (await w.x.run(BUMP)));
      expect(await read()).toBe(2);
      await h.close();
    } finally {
      await drop();
    }
  });

  it("a read asked for after a commit sees it, even while an earlier read is on the wire", async () => {
    const { url, drop } = await freshPgDatabase();
    try {
      const h = await openStore(url);
      const read = dataVersionReader({ dbFile: "unused", databaseUrl: url });
      await read(); // connected
      for (let i = 0; i < 30; i++) {
        const early = read();
        await h.x.run(BUMP);
        const late = Promise.all([read(), read(), read()]);
        const want = i + 2;
        expect(await early).toBeGreaterThanOrEqual(want - 1);
        expect(await late).toEqual([want, want, want]);
      }
      await h.close();
    } finally {
      await drop();
    }
  });
});
