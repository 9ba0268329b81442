// No source file a newcomer must read is over 400 lines (issue 21): a module holds one concern and is read in one
// sitting. Data tables are the exception, each named here with what it holds. Like db/layers.test.ts this reads the
// source tree; it covers app/, components/, lib/, e2e/, server/, db/, scripts/ and bench/, tests included
// (docs/architecture.md says the same).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");
const MAX_LINES = 400;
const DIRS = ["app", "components", "lib", "e2e", "server", "db", "scripts", "bench"];

/** Data tables: rows of inputs and expectations, not logic. */
const DATA_TABLES: Record<string, string> = {
  "lib/bakeoff/testdata/source-fixtures.ts":
    "one small input per serving tool and schema version, with its expected run",
  "lib/bakeoff/test-implausible.ts": "the implausible-value cases of plausible.test.ts and their edit helpers",
};

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(rel));
    else if (/\.(ts|tsx|mts|mjs)$/.test(e.name)) out.push(rel);
  }
  return out;
}

const lineCount = (f: string) => fs.readFileSync(path.join(ROOT, f), "utf8").split("\n").length - 1;

describe("source files stay readable in one sitting", () => {
  const files = DIRS.filter((d) => fs.existsSync(path.join(ROOT, d))).flatMap(sources);

  it("finds the source tree", () => {
    expect(files.length).toBeGreaterThan(200);
    for (const f of ["lib/filters.ts", "db/write.ts", "scripts/make-hostile-corpus.ts", "bench/run.ts"])
      expect(files).toContain(f);
  });

  it(`no file is over ${MAX_LINES} lines, data tables aside`, () => {
    const over = files
      .filter((f) => !(f in DATA_TABLES))
      .map((f) => ({ f, n: lineCount(f) }))
      .filter((x) => x.n > MAX_LINES)
      .map((x) => `${x.f}: ${x.n} lines`);
    expect(over).toEqual([]);
  });

  it("every exemption is needed: each data table exists and is over the limit (else its entry is removed)", () => {
    for (const f of Object.keys(DATA_TABLES)) {
      expect(fs.existsSync(path.join(ROOT, f)), f).toBe(true);
      expect(lineCount(f), f).toBeGreaterThan(MAX_LINES);
    }
  });
});
