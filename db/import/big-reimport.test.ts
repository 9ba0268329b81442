// Issue 15 finding 4: re-importing a summary of 20 MB or more whose values changed failed on the worker-thread
// connection ("prepare(...).pluck is not a function"). There is one writer now; a big re-import updates every row.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb } from "@/db/client";
import { sharedPath } from "@/lib/shared-data";
import { runImport } from "./pipeline";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pc-bigre-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Eleven copies of the real v5.1 summary (platforms made unique per copy) in one file, each value times `nudge`. */
function bigSummary(file: string, nudge: number): number {
  const rows = JSON.parse(
    fs.readFileSync(sharedPath("mlperf", "summary", "v5.1.summary_results.json"), "utf8"),
  ) as Record<string, unknown>[];
  const out: Record<string, unknown>[] = [];
  for (let i = 1; i <= 11; i++)
    for (const r of rows)
      out.push({
        ...r,
        ID: `${String(r.ID)}~c${i}`,
        Platform: `${String(r.Platform)}~c${i}`,
        Performance_Result:
          typeof r.Performance_Result === "number" ? r.Performance_Result * nudge : r.Performance_Result,
      });
  fs.writeFileSync(file, JSON.stringify(out));
  return out.length;
}

describe("re-importing a 20 MB summary with changed values", () => {
  it("updates every row (one writer, no worker connection)", async () => {
    const dbFile = path.join(tmp, "big.db");
    const a = path.join(tmp, "a.v5.1.summary_results.json");
    const b = path.join(tmp, "b.v5.1.summary_results.json");
    const n = bigSummary(a, 1);
    bigSummary(b, 1.5);
    expect(fs.statSync(a).size).toBeGreaterThanOrEqual(20_000_000);
    const h = openDb(dbFile);
    try {
      const first = await runImport(h, [a]);
      expect(first.errors).toEqual([]);
      expect(first.inserted).toBe(n);
      const second = await runImport(h, [b]);
      expect(second.errors).toEqual([]);
      expect(second.rejected).toBe(0);
      expect(second.updated).toBe(n);
      // each changed row says which file's value it replaced
      const notes = h.sqlite.prepare("select count(*) as c from data_notes where code = 'value-replaced'").get() as {
        c: number;
      };
      expect(notes.c).toBe(n);
    } finally {
      h.sqlite.close();
    }
  }, 120_000);
});
