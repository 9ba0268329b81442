// The export (GET /results/export) over a database built from the real MLCommons data: read back by a CSV parser,
// every row has every column and its values equal the API's; the JSON is the same rows; per watt on every v4.1 and
// v5.1 power row equals result ÷ power from the source file, read here independently.
// Runs on each store db/test-stores.ts lists (SQLite, and PostgreSQL when the tests have a server): the routes'
// getStore() answers with the store under test.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as apiRoute from "@/app/api/results/route";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { storeUnderTest as store } from "@/db/store-under-test";
import { stores } from "@/db/test-stores";
import { sharedPath } from "@/lib/shared-data";
import type { PublishedResult } from "@/lib/types";
import * as exportRoute from "./route";

vi.mock("@/db/client", async (original) =>
  (await import("@/db/store-under-test")).mockClient(await original<typeof import("@/db/client")>()),
);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-export-"));
const sourceFile = (round: string): Record<string, unknown>[] =>
  JSON.parse(fs.readFileSync(sharedPath("mlperf", "summary", `${round}.summary_results.json`), "utf8"));

describe.each(stores())("$name store", ({ open }) => {
  beforeAll(async () => {
    const h: DbHandle = await open();
    store.h = h;
    await runImport(h, [sharedPath("mlperf", "summary")]);
  }, 300_000);
  afterAll(async () => {
    await store.h?.close();
    store.h = null;
  });

  // every filter spelled out, so the page's defaults (latest, llama2-70b-99 Server…) and the API's (none) agree
  const VIEW = "model=all&scenario=all&division=all&availability=all&suite=all";

  async function apiRows(query: string): Promise<PublishedResult[]> {
    const out: PublishedResult[] = [];
    for (let page = 1; ; page++) {
      const res = await apiRoute.GET(new Request(`http://x/api/results?${query}&limit=500&page=${page}`));
      const body = (await res.json()) as { rows: PublishedResult[]; pages: number };
      out.push(...body.rows);
      if (page >= body.pages) return out;
    }
  }

  async function exported(query: string, format?: "json"): Promise<Response> {
    return await exportRoute.GET(new Request(`http://x/results/export?${query}${format ? `&format=${format}` : ""}`));
  }

  /** The CSV text a cell must hold for an API value. */
  function asCell(v: unknown): string {
    if (v === null || v === undefined) return "";
    if (typeof v === "boolean") return v ? "true" : "false";
    return String(v);
  }

  describe.each(["round=v4.1", "round=v5.1", "round=v6.0", "round=v6.1"])("export of %s (every benchmark)", (round) => {
    const query = `${round}&${VIEW}`;

    it("CSV read back: every row has every column, one row per result, values equal the API's", async () => {
      const res = await exported(query);
      expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
      const text = await res.text();
      const parsed = Papa.parse<Record<string, string>>(text, { delimiter: ",", header: true, skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      const header = parsed.meta.fields ?? [];
      expect(header).toContain("citation");
      const api = await apiRows(query);
      expect(api.length).toBeGreaterThan(400);
      expect(parsed.data.length).toBe(api.length);
      const byId = new Map(parsed.data.map((r) => [r.id, r]));
      // every Result field the API gives is a column (latency is per result, in /api/results/{id})
      const fields = [...new Set(api.flatMap((r) => Object.keys(r)))].filter((k) => k !== "latency" && k !== "notes");
      for (const k of fields) expect(header).toContain(k);
      for (const a of api) {
        const row = byId.get(a.id);
        expect(row, a.id).toBeDefined();
        expect(Object.keys(row ?? {}).length).toBe(header.length);
        for (const k of fields) {
          const v = (a as unknown as Record<string, unknown>)[k];
          const cell = row?.[k] ?? "";
          if (k === "softwareStack" || k === "acceleratorGroups") continue; // lists: text in the CSV, checked below
          if (typeof v === "number") expect(Number(cell), `${a.id} ${k}`).toBe(v);
          else if (typeof v === "string" && /^(\s*[=+\-@]|[\t\r\n])/.test(v)) expect(cell).toBe(`'${v}`);
          else expect(cell, `${a.id} ${k}`).toBe(asCell(v));
        }
        expect(row?.notes ?? "").toBe(a.notes.map((n) => `${n.code}: ${n.message}`).join(" | "));
        for (const c of a.softwareStack) expect(row?.softwareStack).toContain(c.name);
        for (const g of a.acceleratorGroups ?? []) expect(row?.acceleratorGroups).toContain(`${g.count}× ${g.name}`);
        expect(row?.citation).toContain(a.resultId ? `Result ${a.resultId}` : "Result ID not");
        expect(row?.citation).toContain(`${a.model} ${a.scenario}`);
      }
    }, 60_000);

    it("JSON: the same rows, same keys, typed values", async () => {
      const csv = Papa.parse<Record<string, string>>(await (await exported(query)).text(), {
        delimiter: ",",
        header: true,
        skipEmptyLines: true,
      });
      const res = await exported(query, "json");
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      const rows = (await res.json()) as Record<string, unknown>[];
      expect(rows.length).toBe(csv.data.length);
      rows.forEach((r, i) => {
        expect(Object.keys(r)).toEqual(csv.meta.fields);
        const c = csv.data[i] as Record<string, string>;
        for (const [k, v] of Object.entries(r))
          if (typeof v !== "string") expect(c[k], `${String(r.id)} ${k}`).toBe(asCell(v));
      });
    }, 60_000);
  });

  describe("a CSV parser outside JavaScript loads the file as is", () => {
    const python = spawnSync("python3", ["--version"]).status === 0;
    it.runIf(python)("python's csv module: one header, every row as wide, as many rows as the API", async () => {
      const file = path.join(dir, "v5.1.csv");
      fs.writeFileSync(file, await (await exported(`round=v5.1&${VIEW}`)).text());
      const script =
        "import csv,sys\nrows=list(csv.reader(open(sys.argv[1],newline='',encoding='utf-8')))\nw={len(r) for r in rows}\nprint(len(rows)-1, len(rows[0]), len(w))";
      const out = spawnSync("python3", ["-c", script, file], { encoding: "utf8" });
      expect(out.stderr).toBe("");
      const [n, width, widths] = out.stdout.trim().split(" ").map(Number);
      expect(n).toBe((await apiRows(`round=v5.1&${VIEW}`)).length);
      expect(width).toBeGreaterThan(40);
      expect(widths).toBe(1);
    });
  });

  describe("per watt in the API and the export equals result ÷ power from the source file", () => {
    it.each([
      ["v4.1", 29],
      ["v5.1", 16],
    ] as const)(
      "%s: all %i rows measured in watts",
      async (round, expected) => {
        const raw = sourceFile(round).filter((r) => r.has_power === true && r.Power_Units === "Watts");
        expect(raw.length).toBe(expected);
        const api = (await apiRows(`round=${round}&${VIEW}`)).filter((r) => r.hasPower);
        const json = (await (await exported(`round=${round}&${VIEW}`, "json")).json()) as Record<string, unknown>[];
        for (const r of raw) {
          const id = String(r.ID).replace(/^v/, "");
          const match = (x: {
            resultId: unknown;
            platform: unknown;
            model: unknown;
            scenario: unknown;
            hasPower: unknown;
          }) =>
            x.hasPower === true &&
            x.resultId === id &&
            x.platform === r.Platform &&
            x.model === r.Model &&
            x.scenario === r.Scenario;
          const a = api.filter(match);
          expect(a.length, `${id} ${String(r.Scenario)}`).toBe(1);
          const want = (r.Performance_Result as number) / (r.Power_Result as number);
          expect(a[0]?.perWatt).toBe(want);
          expect(json.find((x) => match(x as never))?.perWatt).toBe(want);
        }
        // and no row without a measurement in watts has one
        for (const a of await apiRows(`round=${round}&${VIEW}`))
          if (!a.hasPower || a.powerUnits !== "Watts") expect(a.perWatt).toBeNull();
      },
      60_000,
    );
  });
});
