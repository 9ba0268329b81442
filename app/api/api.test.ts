// The JSON API's contract (../shared/CONTRACT.md) over a database built from the real MLCommons data, on each store
// db/test-stores.ts lists (SQLite, and PostgreSQL when the tests have a server): the routes' getStore() answers
// with the store under test.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { storeUnderTest as store } from "@/db/store-under-test";
import { stores } from "@/db/test-stores";
import { sharedPath } from "@/lib/shared-data";
import { flagSuggestions } from "@/lib/snapshot";
import type { PublishedResult } from "@/lib/types";
import * as compare from "./compare/route";
import * as one from "./results/[id]/route";
import * as results from "./results/route";

vi.mock("@/db/client", async (original) =>
  (await import("@/db/store-under-test")).mockClient(await original<typeof import("@/db/client")>()),
);

const routes = { results, one, compare };

describe.each(stores())("$name store", ({ open }) => {
  beforeAll(async () => {
    const h: DbHandle = await open();
    store.h = h;
    const r = await runImport(h, [sharedPath("mlperf")]);
    expect(r.rejected).toBe(0);
  }, 600_000);
  afterAll(async () => {
    await store.h?.close();
    store.h = null;
  });

  async function getJson(res: Response | Promise<Response>) {
    const r = await res;
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  }

  function list(query: string) {
    return getJson(routes.results.GET(new Request(`http://x/api/results?${query}`)));
  }

  async function find(query: string, platform: string): Promise<PublishedResult> {
    const { body } = await list(`${query}&limit=100`);
    const row = (body.rows as PublishedResult[]).find((r) => r.platform === platform);
    if (!row) throw new Error(`no ${platform} in ${query}`);
    return row;
  }

  describe("GET /api/results", () => {
    it("filters with comma lists and fills perAccelerator", async () => {
      const { status, body } = await list(
        "round=v6.0&model=llama2-70b-99&scenario=Offline,Server&submitter=AMD&per=accelerator",
      );
      expect(status).toBe(200);
      const rows = body.rows as PublishedResult[];
      expect(body.total).toBe(rows.length);
      expect(new Set(rows.map((r) => r.scenario))).toEqual(new Set(["Offline", "Server"]));
      const offline = rows.find((r) => r.platform === "8xMI355X_2xEPYC_9575F" && r.scenario === "Offline");
      expect(offline?.perAccelerator).toBe(12935);
    });

    it.each([
      ["scenario=Nope", "scenario"],
      ["page=-3", "page"],
      ["limit=abc", "limit"],
      ["sort=evil", "sort"],
      ["minAccelerators=x", "minAccelerators"],
      ["round=%3Cscript%3E", "round"],
    ])("400 with the field for %s", async (query, field) => {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect((body.error as { field: string }).field).toBe(field);
    });

    it("accepts a value spelled another way and answers for its canonical form (no 400)", async () => {
      const canonical = await list("round=v6.0&model=llama2-70b-99&scenario=Offline");
      for (const q of [
        "round=v6.0&model=llama2-70b-99&scenario=offline",
        "round=6.0&model=LLAMA2-70B-99&scenario=OFFLINE",
      ]) {
        const r = await list(q);
        expect(r.status).toBe(200);
        expect(r.body.total).toBe(canonical.body.total);
      }
      expect(canonical.body.total).toBeGreaterThan(0);
      const closed = await list("round=v6.0&model=llama2-70b-99&scenario=Offline&division=closed");
      expect((await list("round=v6.0&model=llama2-70b-99&scenario=Offline&division=CLOSED")).body.total).toBe(
        closed.body.total,
      );
    });

    it("a benchmark by any published name: VLM and qwen3-vl-235b-a22b give the same rows, each with its benchmark", async () => {
      const a = await list("round=v6.0,v6.1&model=VLM&limit=500");
      const b = await list("round=v6.0,v6.1&model=qwen3-vl-235b-a22b&limit=500");
      expect(a.status).toBe(200);
      // v6.0: 16 rows named qwen3-vl-235b-a22b, v6.1: 47 named VLM (python over the two files)
      expect(a.body.total).toBe(16 + 47);
      expect(b.body.total).toBe(a.body.total);
      const rows = a.body.rows as PublishedResult[];
      expect(new Set(rows.map((r) => r.benchmark))).toEqual(new Set(["qwen3-vl-235b-a22b"]));
      expect(new Set(rows.map((r) => r.model))).toEqual(new Set(["VLM", "qwen3-vl-235b-a22b"]));
    });

    it("paginates with a stable order", async () => {
      const a = await list("round=v5.1&limit=10&page=1&sort=submitter&dir=asc");
      const b = await list("round=v5.1&limit=10&page=2&sort=submitter&dir=asc");
      const ids = [...(a.body.rows as PublishedResult[]), ...(b.body.rows as PublishedResult[])].map((r) => r.id);
      expect(new Set(ids).size).toBe(20);
      expect(a.body.total).toBe(1448);
    });
  });

  describe("GET /api/results: per and sort as the explorer has them", () => {
    type Order = { sort: string; dir: string; notes: string[] };
    const rowsOf = (body: Record<string, unknown>) => body.rows as PublishedResult[];
    const ms = (r: PublishedResult) => r.value * (r.units === "Latency (s)" ? 1000 : 1);

    it.each([
      // [query, the sort the rows follow, dir, figure, ascending]
      ["round=v6.0&model=llama2-70b-99&scenario=Server", "value", "desc"], // per=raw is the default
      ["round=v6.0&model=llama2-70b-99&scenario=Server&per=raw", "value", "desc"],
      ["round=v6.0&model=llama2-70b-99&scenario=Server&per=accelerator", "perAccelerator", "desc"],
      ["round=v6.0&scenario=SingleStream&per=raw", "value", "asc"], // lower is better: best first is ascending
      ["round=v6.0&scenario=SingleStream&per=raw&dir=desc", "value", "desc"],
      ["round=v6.0&scenario=SingleStream&per=accelerator", "value", "asc"], // no row has a per-accelerator figure
      ["round=v6.0&model=llama2-70b-99&scenario=Server&per=raw&sort=perAccelerator", "perAccelerator", "desc"],
    ])("%s → rows by %s %s", async (query, sort, dir) => {
      const { status, body } = await list(`${query}&limit=200`);
      expect(status).toBe(200);
      expect(body.order).toMatchObject({ sort, dir });
      const rows = rowsOf(body);
      expect(rows.length).toBeGreaterThan(5);
      // a view that spans benchmarks is ranked per benchmark: each benchmark's rows together, in order among themselves
      const blocks: string[] = [];
      for (const r of rows) if (blocks.at(-1) !== r.model) blocks.push(r.model);
      expect(new Set(blocks).size).toBe(blocks.length);
      for (const model of blocks) {
        const figs = rows
          .filter((r) => r.model === model)
          .map((r) => (sort === "value" ? ms(r) : (r.perAccelerator ?? Number.NEGATIVE_INFINITY)));
        expect(figs).toEqual([...figs].sort((a, b) => (dir === "asc" ? a - b : b - a)));
      }
    });

    it("a ranking across benchmarks is grouped by benchmark, most rows first, and says so", async () => {
      const { body } = await list("round=v6.0&scenario=Server&per=accelerator&limit=500");
      const rows = rowsOf(body);
      const count = new Map<string, number>();
      for (const r of rows) count.set(r.model, (count.get(r.model) ?? 0) + 1);
      expect(count.size).toBeGreaterThan(3);
      const blocks: string[] = [];
      for (const r of rows) if (blocks.at(-1) !== r.model) blocks.push(r.model);
      expect(blocks.length).toBe(count.size); // each benchmark's rows in one block
      const sizes = blocks.map((m) => count.get(m) ?? 0);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      const notes = (body.order as Order).notes.join(" ");
      expect(notes).toContain(`These rows span ${count.size} benchmarks`);
      expect(notes).toContain(`${blocks[0]} (${sizes[0]})`);
    });

    it("says why a per-accelerator sort over latencies became the result, and that s and ms were put on one scale", async () => {
      const { body } = await list("round=v6.0&scenario=SingleStream&per=accelerator");
      const notes = (body.order as Order).notes.join(" ");
      expect(notes).toMatch(/no row in this view has a per-accelerator figure/i);
      expect(notes).toContain("Latency (s)");
      expect(notes).toContain("compared in milliseconds");
    });

    it("a page past the last is empty, with the total and the page count", async () => {
      const all = await list("round=v6.0&model=llama2-70b-99&scenario=Server&limit=10");
      const past = await list("round=v6.0&model=llama2-70b-99&scenario=Server&limit=10&page=99");
      expect(past.status).toBe(200);
      expect(past.body.rows).toEqual([]);
      expect(past.body.total).toBe(all.body.total);
      expect(past.body.page).toBe(99);
      expect(past.body.pages).toBe(Math.ceil((all.body.total as number) / 10));
    });
  });

  describe("GET /api/results/{id}", () => {
    it("returns latency and the read-in-context checklist", async () => {
      const row = await find(
        "round=v6.0&model=llama2-70b-99&scenario=Interactive&submitter=AMD",
        "87xMI355X_22xEPYC_9575F",
      );
      const { status, body } = await getJson(
        routes.one.GET(new Request("http://x"), { params: Promise.resolve({ id: row.id }) }),
      );
      expect(status).toBe(200);
      expect(body.totalAccelerators).toBe(87);
      expect((body.latency as { ttftMs: { p99: number } }).ttftMs.p99).toBeCloseTo(273.811951, 6);
      const ctx = body.context as { checklist: { item: string }[]; paragraph: string };
      expect(ctx.checklist.length).toBeGreaterThan(4);
      expect(ctx.paragraph.length).toBeGreaterThan(100);
      expect((body.footnotes as string[])[0]).toMatch(/MLPerf® Inference v6\.0.*6\.0-0001/);
      expect((body.flags as { code: string }[]).map((f) => f.code)).toContain("data-note:accelerator-count-disagrees");
    });
    it.each([
      ["not-an-id", 400],
      ["0000000000000000", 404],
    ])("%s → %i", async (id, code) => {
      const { status, body } = await getJson(
        routes.one.GET(new Request("http://x"), { params: Promise.resolve({ id }) }),
      );
      expect(status).toBe(code);
      expect((body.error as { message: string }).message.length).toBeGreaterThan(5);
    });
  });

  describe("GET /api/compare", () => {
    const compare = (q: string) => getJson(routes.compare.GET(new Request(`http://x/api/compare?${q}`)));
    type Flag = { code: string; severity: string; message: string; ids: string[] };

    it("8×MI355X Offline vs the 87-GPU cluster Offline: multi-node warn, footnotes", async () => {
      const a = await find("round=v6.0&model=llama2-70b-99&scenario=Offline&submitter=AMD", "8xMI355X_2xEPYC_9575F");
      const b = await find("round=v6.0&model=llama2-70b-99&scenario=Offline&submitter=AMD", "87xMI355X_22xEPYC_9575F");
      const { status, body } = await compare(`ids=${a.id},${b.id}`);
      expect(status).toBe(200);
      const flags = body.flags as Flag[];
      expect(flags.find((f) => f.code === "multi-node")?.severity).toBe("warn");
      expect(flags.some((f) => f.severity === "block")).toBe(false);
      const per = body.perAccelerator as Record<string, { value: number }>;
      expect(per[a.id]?.value).toBe(12935);
      expect(per[b.id]?.value).toBeCloseTo(11978.28, 1);
      expect((body.footnotes as string[]).some((f) => f.includes("6.0-0001"))).toBe(true);
    });

    it("8×MI355X Offline vs NVIDIA B300 Server: scenario block with both latency bounds", async () => {
      const a = await find("round=v6.0&model=llama2-70b-99&scenario=Offline&submitter=AMD", "8xMI355X_2xEPYC_9575F");
      const b = await find("round=v6.0&model=llama2-70b-99&scenario=Server&submitter=NVIDIA", "B300-SXM-270GBx8_TRT");
      const { body } = await compare(`ids=${b.id},${a.id}`);
      const block = (body.flags as Flag[]).find((f) => f.code === "scenario");
      expect(block?.severity).toBe("block");
      expect(block?.message).toMatch(/2000 ms/);
      expect(block?.message).toMatch(/200 ms/);
      expect((body.suggestions as unknown[]).length).toBeGreaterThan(0);
    });

    it("four results, several scenario blocks: each block offers only its own way out, each once", async () => {
      // from an audit: every block showed the same four suggestions, one of them twice
      const ids = ["004a8bf964ab5a79", "27be6027b5640ee0", "af29ffd11e50e7c4", "ce1b45b3f6a88bd2"];
      const { status, body } = await compare(`ids=${ids.join(",")}`);
      expect(status).toBe(200);
      const all = body.suggestions as { flagCode: string; forId: string; ids: string[]; pair?: [string, string] }[];
      const blocks = (body.flags as Flag[]).filter((f) => f.severity === "block" && f.code === "scenario");
      expect(blocks.length).toBeGreaterThan(1);
      expect(all.length).toBeGreaterThan(0);
      expect(new Set(all.map((s) => `${s.pair?.join(",")}|${[...s.ids].sort().join(",")}`)).size).toBe(all.length);
      let shown = 0;
      for (const f of blocks) {
        const mine = flagSuggestions(f, all);
        for (const s of mine) expect(s.pair?.every((id) => f.ids.includes(id))).toBe(true);
        shown += mine.length;
      }
      // each suggestion sits under the one block it resolves (blocks are per pair)
      expect(shown).toBe(all.length);
    });

    it("one system's Offline vs its own Server: no suggestion opens a one-result comparison", async () => {
      const a = await find("round=v6.0&model=llama2-70b-99&scenario=Offline&submitter=AMD", "8xMI355X_2xEPYC_9575F");
      const b = await find("round=v6.0&model=llama2-70b-99&scenario=Server&submitter=AMD", "8xMI355X_2xEPYC_9575F");
      const n = await find("round=v6.0&model=llama2-70b-99&scenario=Server&submitter=NVIDIA", "B300-SXM-270GBx8_TRT");
      for (const ids of [
        [a.id, b.id],
        [a.id, b.id, n.id],
        [b.id, a.id, n.id],
      ]) {
        const { body } = await compare(`ids=${ids.join(",")}`);
        const all = body.suggestions as { ids: string[] }[];
        for (const s of all) {
          expect(new Set(s.ids).size, JSON.stringify(s)).toBe(s.ids.length);
          expect(s.ids.length).toBeGreaterThanOrEqual(2);
        }
      }
    });

    it("flags do not depend on the order of ids", async () => {
      const a = await find("round=v6.0&model=llama2-70b-99&scenario=Offline&submitter=AMD", "8xMI355X_2xEPYC_9575F");
      const b = await find("round=v6.0&model=llama2-70b-99&scenario=Server&submitter=NVIDIA", "B300-SXM-270GBx8_TRT");
      const x = await compare(`ids=${a.id},${b.id}`);
      const y = await compare(`ids=${b.id},${a.id}`);
      expect(x.body.flags).toEqual(y.body.flags);
    });

    it.each([
      ["", "ids"],
      ["ids=abc", "ids"],
      ["ids=0000000000000000,1111111111111111", "ids"],
      ["ids=a,b,c,d,e,f,g", "ids"],
      ["bakeoff=%3Cscript%3E", "bakeoff"],
    ])("400 for %j", async (q, field) => {
      const { status, body } = await compare(q);
      expect(status).toBe(400);
      expect((body.error as { field: string }).field).toBe(field);
    });
  });
});
