// The filter lists come from one DISTINCT scan; each must equal what its own column's DISTINCT gives, over every
// real round, the checker files and the LoadGen runs of ../shared/data/mlperf. Every case runs on each store
// db/test-stores.ts lists (SQLite, and PostgreSQL when the tests have a server).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { writeResults } from "@/db/write";
import { systemSearchText } from "@/lib/mlperf/search";
import { parsedSummary, ROUND_FILES } from "@/lib/mlperf/test-real-summaries";
import { sharedPath } from "@/lib/shared-data";
import type { ResultRecord } from "@/lib/types";
import { API_DEFAULTS } from "@/lib/url-state";
import { stores } from "../test-stores";
import { buildWhere, type Facets, getAllResults, getFacets, getResultsByIds } from "./results";

describe.each(stores())("$name store", ({ open }) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await open();
    await runImport(h, [sharedPath("mlperf")]);
  }, 300_000);
  afterAll(() => h.close());

  /** The per-column definition: that column's non-empty distinct values, sorted. */
  async function column(name: string): Promise<string[]> {
    return (await h.x.all<{ v: string | null }>(`select distinct ${name} as v from results`))
      .map((r) => r.v)
      .filter((v): v is string => !!v)
      .sort((a, b) => a.localeCompare(b));
  }

  describe("getFacets", () => {
    it("sees a database with more than one round, submitter and engine", async () => {
      const { lists } = await getFacets(h);
      expect(lists.round.length).toBeGreaterThanOrEqual(3);
      expect(lists.submitter.length).toBeGreaterThan(10);
      expect(lists.engine.length).toBeGreaterThan(3);
    });

    it.each([
      ["model", "benchmark"],
      ["scenario", "scenario"],
      ["division", "division"],
      ["availability", "availability"],
      ["submitter", "submitter"],
      ["accelerator", "accelerator"],
      ["precision", "precision"],
      ["engine", "serving_engine"],
    ] as [keyof Facets, string][])("%s equals the distinct values of results.%s", async (key, col) => {
      expect((await getFacets(h)).lists[key]).toEqual(await column(col));
    });

    it("gives the published benchmark names search matches, the distinct values of results.model", async () => {
      expect((await getFacets(h)).publishedModels).toEqual(await column("model"));
    });

    it("gives the used-model names search matches, the distinct values of results.used_model", async () => {
      expect((await getFacets(h)).usedModels).toEqual(await column("used_model"));
      expect((await getFacets(h)).usedModels).toContain("resnet50");
    });

    it("lists rounds newest first", async () => {
      const want = (
        await h.x.all<{ round: string }>(
          "select round from results group by round, round_sort order by round_sort desc",
        )
      ).map((r) => r.round);
      expect((await getFacets(h)).lists.round).toEqual(want);
    });

    it("counts a suite like datacenter,edge as both", async () => {
      const want = [...new Set((await column("suite")).flatMap((s) => s.split(",")))].sort();
      expect((await getFacets(h)).lists.suite).toEqual(want);
      expect(want).toContain("datacenter");
    });

    it("gives each benchmark variant once, by family then model", async () => {
      const want = await h.x.all(
        "select distinct benchmark as model, model_family as family, accuracy_target as target from results",
      );
      const got = (await getFacets(h)).variants;
      expect(got).toHaveLength(want.length);
      expect(new Set(got.map((v) => JSON.stringify([v.model, v.family, v.target])))).toEqual(
        new Set(
          (want as { model: string; family: string; target: string | null }[]).map((v) =>
            JSON.stringify([v.model, v.family, v.target]),
          ),
        ),
      );
      for (let i = 1; i < got.length; i++) {
        const [a, b] = [got[i - 1], got[i]] as [(typeof got)[number], (typeof got)[number]];
        expect(a.family.localeCompare(b.family) || a.model.localeCompare(b.model)).toBeLessThan(0);
      }
    });
  });

  describe("search (q)", () => {
    /**
     * What search meant when each result stored its own lower-cased text: every word is in the submitter, system name,
     * platform, accelerator, benchmark, used model or software, joined by spaces. Now the system's parts live once per
     * system (systems.search_text) and the benchmark names are matched in place; the answer must not change.
     */
    async function reference(q: string): Promise<string[]> {
      const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
      const rows = await h.x.all<Record<string, string | null>>(
        `select r.id, r.submitter, s.system_name as "systemName", r.platform, s.accelerator, r.model, r.used_model as "usedModel", s.software
       from results r join systems s on s.id = r.system_id`,
      );
      return rows
        .filter((r) => {
          const text = [r.submitter, r.systemName, r.platform, r.accelerator, r.model, r.usedModel, r.software]
            .filter((p) => p)
            .join(" ")
            .toLowerCase();
          return words.every((w) => text.includes(w));
        })
        .map((r) => r.id as string)
        .sort();
    }

    async function searched(q: string): Promise<string[]> {
      return (await getAllResults(h, { ...API_DEFAULTS, q })).map((r) => r.id).sort();
    }

    it.each([
      ["a submitter, any case", "NVIDIA", 100],
      ["an accelerator model in the platform name", "mi355x", 10],
      ["a benchmark name", "llama2-70b-99.9", 10],
      ["a used model that differs from its benchmark", "resnet50", 100],
      ["a used model no benchmark or system names", "mobilenet-v1", 50],
      ["a software component", "vllm", 5],
      ["a system name word", "supermicro", 5],
      ["two words from different parts", "amd llama2-70b", 10],
      ["words that only match together", "mi300x   sglang", 0],
      ["a LIKE wildcard taken literally", "8x%", 0],
      ["an underscore taken literally", "_2x", 1],
      ["nothing matches", "no-such-system-zzz", 0],
    ])("%s: %j", async (_name, q, atLeast) => {
      const want = await reference(q);
      expect(want.length).toBeGreaterThanOrEqual(atLeast);
      expect(await searched(q)).toEqual(want);
    });

    it("finds a system by a non-ASCII name in any case (its text is lower-cased by JavaScript, not by SQL)", async () => {
      const id = ((await h.x.get<{ id: string }>("select id from systems order by id limit 1")) as { id: string }).id;
      const before = (await h.x.get<{ system_name: string; search_text: string }>(
        "select system_name, search_text from systems where id = ?",
        [id],
      )) as { system_name: string; search_text: string };
      try {
        await h.x.run("update systems set system_name = 'ΣΥΣΤΗΜΑ Ärger', search_text = ? where id = ?", [
          systemSearchText({
            submitter: "x",
            systemName: "ΣΥΣΤΗΜΑ Ärger",
            platform: "p",
            accelerator: null,
            software: null,
          }),
          id,
        ]);
        expect(await searched("ΣΥΣΤΗΜΑ")).toEqual(await reference("συστημα"));
        expect((await searched("συστημα")).length).toBeGreaterThan(0);
        expect(await searched("ärger")).toEqual(await reference("ärger"));
        expect(await searched("ÄRGER")).toEqual(await reference("ärger"));
        expect((await searched("ärger")).length).toBeGreaterThan(0);
      } finally {
        await h.x.run("update systems set system_name = ?, search_text = ? where id = ?", [
          before.system_name,
          before.search_text,
          id,
        ]);
      }
    });
  });

  describe("search after an import", () => {
    it("finds a benchmark name the database did not have when it last searched", async () => {
      const g = await open();
      const record = parsedSummary(ROUND_FILES["v6.0"]).records[0] as ResultRecord;
      await writeResults(g, [record], { source: "a", format: "summary_results_json", sha256: "0".repeat(64) });
      const find = async (q: string) => (await getAllResults(g, { ...API_DEFAULTS, q })).length;
      expect(await find("zebra-bench")).toBe(0);
      await writeResults(g, [{ ...record, model: "zebra-bench-99", usedModel: "zebra-bench-99" }], {
        source: "b",
        format: "summary_results_json",
        sha256: "1".repeat(64),
      });
      expect(await find("zebra-bench")).toBe(1);
      expect(await find("ZEBRA")).toBe(1);
      await g.close();
    });
  });

  describe("search with a great many matching names", () => {
    it("matches them with a LIKE instead of one parameter each, with the same answer", async () => {
      const g = await open();
      const record = parsedSummary(ROUND_FILES["v6.0"]).records[0] as ResultRecord;
      const many = Array.from({ length: 1200 }, (_, i) => ({
        ...record,
        model: `zz-bench-${i}`,
        usedModel: `zz-bench-${i}`,
      }));
      await writeResults(g, many, { source: "many", format: "summary_results_json", sha256: "2".repeat(64) });
      const find = async (q: string) => (await getAllResults(g, { ...API_DEFAULTS, q })).length;
      const params = async (q: string) =>
        g.db
          .select()
          .from(g.t.results)
          .where(await buildWhere(g, { ...API_DEFAULTS, q }))
          .toSQL().params.length;
      expect(await find("zz-bench")).toBe(1200);
      expect(await params("zz-bench")).toBeLessThan(10); // 1,200 names: a LIKE per column, not 2,400 parameters
      expect(await find("zz-bench-11")).toBe(111); // 11, 110–119, 1100–1199
      expect(await params("zz-bench-11")).toBeGreaterThan(200); // 111 names each side: bound as lists
      expect(await find("zz-bench-1199")).toBe(1);
      await g.close();
    });
  });

  describe("an MLCommons ID carried by two systems", () => {
    // the cm4mlperf community summary reuses 4.1-0001…0006, which the official v4.1 summary gives other systems
    const byResultId = async (id: string) => {
      const { results } = h.t;
      const rows = await h.db.select({ id: results.id }).from(results).where(eq(results.resultId, id));
      return getResultsByIds(
        h,
        rows.map((r) => r.id),
      );
    };

    it.each(["4.1-0001", "4.1-0002", "4.1-0003", "4.1-0004", "4.1-0005", "4.1-0006"])(
      "%s: every row carrying it says so, naming the other system and its own file",
      async (id) => {
        const rows = await byResultId(id);
        const systems = new Set(rows.map((r) => `${r.submitter}|${r.platform}`));
        expect(systems.size).toBe(2);
        for (const r of rows) {
          const note = r.notes.find((n) => n.code === "result-id-shared");
          expect(note?.message).toContain(`MLCommons ID ${id} is also carried by`);
          const other = rows.find((o) => o.submitter !== r.submitter || o.platform !== r.platform);
          expect(note?.message).toContain(`${other?.submitter} ${other?.platform}`);
          expect(note?.message).toMatch(/this row was imported from (v4\.1|cm4mlperf)[\w.-]*\.(json|csv)/);
        }
      },
    );

    it("no other row of the real data carries the note", async () => {
      const noted = (await getAllResults(h, { ...API_DEFAULTS })).filter((r) =>
        r.notes.some((n) => n.code === "result-id-shared"),
      );
      expect(new Set(noted.map((r) => r.resultId))).toEqual(
        new Set(["4.1-0001", "4.1-0002", "4.1-0003", "4.1-0004", "4.1-0005", "4.1-0006"]),
      );
    });

    it("a database holding only the official summary has no such note", async () => {
      const only = await open();
      await runImport(only, [sharedPath("mlperf", "summary", "v4.1.summary_results.json")]);
      const rows = await getAllResults(only, { ...API_DEFAULTS });
      expect(rows.length).toBe(937);
      expect(rows.some((r) => r.notes.some((n) => n.code === "result-id-shared"))).toBe(false);
      await only.close();
    });
  });
});
