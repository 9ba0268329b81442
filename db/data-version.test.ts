// Issue 15 finding 8: the data version lives in the database and every write transaction bumps it (an import that
// changes something, a bake-off upload, a frozen snapshot); reads and no-op re-imports leave it alone.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { runImport } from "@/db/import/pipeline";
import { stores } from "@/db/test-stores";
import { sharedPath } from "@/lib/shared-data";
import { saveBakeoffUpload } from "./bakeoff";
import { bumpDataVersion, readDataVersion } from "./data-version";
import { buildCompare } from "./queries/compare";
import { createSnapshot } from "./snapshots";

describe.each(stores())("data version ($name store)", ({ open }) => {
  it("starts at 1 and moves with every write, never with a read or a no-op import", async () => {
    const h = await open();
    expect(await readDataVersion(h)).toBe(1);
    const v60 = sharedPath("mlperf", "summary", "v6.0.summary_results.json");
    await runImport(h, [v60]);
    const afterImport = await readDataVersion(h);
    expect(afterImport).toBe(2);
    await runImport(h, [v60]); // unchanged: nothing written, no bump
    expect(await readDataVersion(h)).toBe(afterImport);
    await saveBakeoffUpload(h, {
      files: [{ name: "run=0.json", text: fs.readFileSync(sharedPath("bakeoff", "vllm", "run=0.json"), "utf8") }],
    });
    expect(await readDataVersion(h)).toBe(afterImport + 1);
    const ids = (await h.x.all<{ id: string }>("select id from results order by id limit 2")).map((r) => r.id);
    await createSnapshot(h, "compare", `ids=${ids.join(",")}`, await buildCompare(h, ids));
    expect(await readDataVersion(h)).toBe(afterImport + 2);
    // a rolled-back write leaves it where it was
    await expect(
      h.tx(async (t) => {
        await bumpDataVersion(t);
        throw new Error("rejected");
      }),
    ).rejects.toThrow("rejected");
    expect(await readDataVersion(h)).toBe(afterImport + 2);
  });
});
