// The cross-feature suite (issue 25 build 6): one table of facts (cross-feature-cases.ts), each asked of EVERY feature
// that states it — the explorer API, the result page and its API, the CSV export, /api/v1, compare, the bake-off
// overlay and upload preview, campaigns (analysis and the held-fixed text), /plan and GET /api/plan, /reproduce,
// curves — through the route handlers and the builders the pages call, over one store holding the real v6.0 summary
// and real files from ../shared/data (cross-feature-setup.ts). Every feature must state the fact as written there by
// hand from the source files; none is computed by the code under test. A feature that re-decides a fact its own way
// fails its cell.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { stores } from "@/db/test-stores";
import { rowIds } from "./cross-feature-ask";
import { CELLS, ids } from "./cross-feature-cases";
import { seed } from "./cross-feature-setup";

const store = vi.hoisted(() => ({ h: null as import("@/db/client").DbHandle | null }));
vi.mock("@/db/client", async (original) => ({
  ...(await original<typeof import("@/db/client")>()),
  getStore: async () => {
    if (!store.h) throw new Error("no store under test");
    return store.h;
  },
}));

describe.each(stores())("$name store", ({ open }) => {
  beforeAll(async () => {
    const h: DbHandle = await open();
    store.h = h;
    rowIds.clear();
    Object.assign(ids, await seed(h));
  }, 300_000);
  afterAll(async () => {
    await store.h?.close();
    store.h = null;
  });

  it.each(CELLS)("%s — %s", async (_c, _f, want, said) => {
    expect(await said()).toEqual(want);
  });
});
