// The real shared samples parse identically after the parser rework: every value of every run equals what the
// parsers before it produced (testdata/shared-samples.before.json, written from the old code before any change,
// as a regression record). Notes and warnings may only be added to, never changed or lost.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import { tryDetectAndParse } from "./detect";

const ROOT = sharedPath("bakeoff");
const before = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "testdata", "shared-samples.before.json"), "utf8"),
) as Record<
  string,
  { ok: boolean; format?: string; tool?: string; runs?: Record<string, unknown>[]; warnings?: string[] }
>;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const full = path.join(dir, n);
    return statSync(full).isDirectory() ? listFiles(full) : [path.relative(ROOT, full)];
  });
}

/** The parsed value as the snapshot stored it (JSON: Infinity → null). */
const asStored = (v: unknown) => JSON.parse(JSON.stringify(v));

describe("shared samples parse as before the rework", () => {
  it("the snapshot covers every shared sample", () => {
    expect(Object.keys(before).sort()).toEqual(listFiles(ROOT).sort());
  });
  for (const [rel, old] of Object.entries(before)) {
    it(rel, () => {
      const now = asStored(tryDetectAndParse(readFileSync(path.join(ROOT, rel), "utf8"), rel));
      expect(now.ok).toBe(old.ok);
      expect(now.format).toBe(old.format);
      expect(now.tool).toBe(old.tool);
      expect(now.runs.length).toBe(old.runs?.length);
      now.runs.forEach((run: Record<string, unknown>, i: number) => {
        const was = old.runs?.[i] ?? {};
        const { latencyNotes: notes, ...values } = run;
        const { latencyNotes: oldNotes, ...oldValues } = was;
        expect(values).toEqual(oldValues);
        expect(notes).toEqual(expect.arrayContaining(oldNotes as string[]));
      });
      expect(now.warnings).toEqual(expect.arrayContaining(old.warnings ?? []));
    });
  }
});
