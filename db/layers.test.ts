// The layers as drawn in docs/architecture.md, checked on every import statement of the source tree:
// app/ reads through db/queries and db/ writers, never drizzle or the schema; components/ never reach db/ or app/;
// lib/ stays pure (biome.json says so too); db/queries only reads. A test that fails names the file and the import.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(rel));
    else if (/\.(ts|tsx|mts|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

/** Every module a file imports or re-exports (static, dynamic and type-only), as written. */
function importsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|[\s;])(?:import|export)\b[^'"`;]*?\bfrom\s*["']([^"']+)["']/g))
    if (m[1]) out.push(m[1]);
  for (const m of text.matchAll(/(?:^|[\s;(])import\s*\(\s*["']([^"']+)["']\s*\)/g)) if (m[1]) out.push(m[1]);
  for (const m of text.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) if (m[1]) out.push(m[1]);
  return out;
}

/** An import resolved to a path from the repository root ("@/db/schema", "../../db/schema" → "db/schema"). */
function target(file: string, spec: string): string {
  if (spec.startsWith("@/")) return spec.slice(2);
  if (spec.startsWith(".")) return path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec));
  return spec; // a package
}

interface Rule {
  layer: string;
  files: (f: string) => boolean;
  forbidden: (t: string) => boolean;
  why: string;
}

const RULES: Rule[] = [
  {
    layer: "app",
    files: (f) => f.startsWith("app/"),
    forbidden: (t) =>
      t === "drizzle-orm" || t.startsWith("drizzle-orm/") || t === "better-sqlite3" || /^db\/schema(\.ts)?$/.test(t),
    why: "pages and routes read through db/queries (and write through db/ writers), never drizzle or the schema",
  },
  {
    layer: "components",
    files: (f) => f.startsWith("components/"),
    forbidden: (t) =>
      t.startsWith("db/") || t.startsWith("app/") || t.startsWith("drizzle-orm") || t === "better-sqlite3",
    why: "components take their data as props and their types from lib/",
  },
  {
    layer: "lib",
    files: (f) => f.startsWith("lib/") && !/(^|\/)test-|\.testkit\.ts$|^lib\/shared-data\.ts$/.test(f),
    forbidden: (t) =>
      t.startsWith("db/") ||
      t.startsWith("app/") ||
      t.startsWith("components/") ||
      t.startsWith("drizzle-orm") ||
      t === "better-sqlite3" ||
      t === "next" ||
      t.startsWith("next/") ||
      t === "react" ||
      t === "fs" ||
      t === "node:fs",
    why: "lib/ is pure and framework-free",
  },
];

/** A write through drizzle (db.insert/update/delete) or in SQL text. */
const WRITES =
  /\bdb\s*\.\s*(insert|update|delete)\s*\(|\b(insert\s+(or\s+\w+\s+)?into|update\s+["`]?\w+["`]?\s+set|delete\s+from)\b/gi;

const FILES = ["app", "components", "lib", "db"].flatMap(sources);

describe("layers", () => {
  it("finds the source tree", () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(FILES).toContain("app/results/load.ts");
  });

  it.each(RULES.map((r) => [r.layer, r] as const))("%s imports only what its layer may", (_layer, rule) => {
    const bad: string[] = [];
    for (const f of FILES.filter(rule.files)) {
      const text = fs.readFileSync(path.join(ROOT, f), "utf8");
      for (const spec of importsOf(text)) if (rule.forbidden(target(f, spec))) bad.push(`${f} imports ${spec}`);
    }
    expect(bad, rule.why).toEqual([]);
  });

  it("db/queries only reads: no insert, update or delete there (db/ writer modules write)", () => {
    const bad: string[] = [];
    for (const f of FILES.filter((x) => x.startsWith("db/queries/"))) {
      const text = fs.readFileSync(path.join(ROOT, f), "utf8");
      for (const m of text.matchAll(WRITES)) bad.push(`${f}: ${m[0]}`);
    }
    expect(bad).toEqual([]);
  });

  it("the checks catch what they forbid", () => {
    // each rule, fed an import it must refuse, refuses it (so the tests above cannot pass by reading nothing)
    const [app, components, lib] = RULES;
    expect(importsOf('import { sql } from "drizzle-orm";\nimport type { X } from "@/db/schema";')).toEqual([
      "drizzle-orm",
      "@/db/schema",
    ]);
    expect(app?.forbidden(target("app/x/page.tsx", "../../db/schema"))).toBe(true);
    expect(app?.forbidden(target("app/x/page.tsx", "@/db/queries/results"))).toBe(false);
    expect(components?.forbidden(target("components/a/b.tsx", "@/db/bakeoff"))).toBe(true);
    expect(components?.forbidden(target("components/a/b.tsx", "@/lib/types"))).toBe(false);
    expect(lib?.forbidden(target("lib/a.ts", "next/server"))).toBe(true);
    expect(importsOf('const m = await import("@/db/client");')).toEqual(["@/db/client"]);
    expect("h.db.insert(snapshots).values(row)".match(WRITES)).not.toBeNull();
    expect('prepare("update results set per_accelerator = ?")'.match(WRITES)).not.toBeNull();
    expect("cached.delete(key); h.db.select().from(results)".match(WRITES)).toBeNull();
  });
});
