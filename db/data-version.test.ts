// Issue 15 finding 8: the data version lives in the database and every write transaction bumps it (an import that
// changes something, a bake-off upload, a frozen snapshot); reads and no-op re-imports leave it alone.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { openDb } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { sharedPath } from "@/lib/shared-data";
import { saveBakeoffUpload } from "./bakeoff";
import { bumpDataVersion, readDataVersion } from "./data-version";
import { buildCompare } from "./queries/compare";
import { createSnapshot } from "./snapshots";

describe("data version", () => {
  it("starts at 1 and moves with every write, never with a read or a no-op import", async () => {
    const h = openDb(":memory:");
    expect(readDataVersion(h.sqlite)).toBe(1);
    const v60 = sharedPath("mlperf", "summary", "v6.0.summary_results.json");
    await runImport(h, [v60]);
    const afterImport = readDataVersion(h.sqlite);
    expect(afterImport).toBe(2);
    await runImport(h, [v60]); // unchanged: nothing written, no bump
    expect(readDataVersion(h.sqlite)).toBe(afterImport);
    await saveBakeoffUpload(h, {
      files: [{ name: "run=0.json", text: fs.readFileSync(sharedPath("bakeoff", "vllm", "run=0.json"), "utf8") }],
    });
    expect(readDataVersion(h.sqlite)).toBe(afterImport + 1);
    const ids = (h.sqlite.prepare("select id from results limit 2").all() as { id: string }[]).map((r) => r.id);
    createSnapshot(h, "compare", `ids=${ids.join(",")}`, await buildCompare(h, ids));
    expect(readDataVersion(h.sqlite)).toBe(afterImport + 2);
    // a rolled-back write leaves it where it was
    try {
      h.sqlite.transaction(() => {
        bumpDataVersion(h.sqlite);
        throw new Error("rejected");
      })();
    } catch {
      // expected
    }
    expect(readDataVersion(h.sqlite)).toBe(afterImport + 2);
  });
});
