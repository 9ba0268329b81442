// The worker pool's entry, bundled to JavaScript so a worker thread can load it wherever the app runs: under
// `npm start` (server/index.mjs), `next start` (e2e/serve.sh), vitest and the CLI alike, none of which can hand a
// worker TypeScript with "@/" paths. esbuild (a dependency of tsx and vite, listed in devDependencies) bundles
// db/work/jobs.ts and everything it imports into .worker/jobs.mjs; `npm run setup` builds it ahead, and the pool
// builds it on first use when it is missing or older than any file it was made from (so a fresh clone, a test run
// and an edited source all get a current bundle). Written to a temporary name and renamed, so processes starting
// together never load half a file. `npx tsx db/work/bundle.ts` builds it by hand.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = process.cwd();
export const WORKER_ENTRY = path.join(ROOT, "db", "work", "jobs.ts");
export const WORKER_BUNDLE = path.join(ROOT, ".worker", "jobs.mjs");
const INPUTS = path.join(ROOT, ".worker", "jobs.inputs.json");

/** True when the bundle exists and no file it was made from changed since. */
function fresh(): boolean {
  try {
    const built = fs.statSync(WORKER_BUNDLE).mtimeMs;
    const inputs = JSON.parse(fs.readFileSync(INPUTS, "utf8")) as string[];
    return inputs.every((f) => fs.statSync(path.join(/*turbopackIgnore: true*/ ROOT, f)).mtimeMs <= built);
  } catch {
    return false;
  }
}

let building: Promise<string> | null = null;

/** The bundle's path, built first when missing or stale. */
export function ensureWorkerBundle(): Promise<string> {
  if (fresh()) return Promise.resolve(WORKER_BUNDLE);
  building ??= build().finally(() => {
    building = null;
  });
  return building;
}

async function build(): Promise<string> {
  const esbuild = await import("esbuild");
  const dir = path.dirname(WORKER_BUNDLE);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = `${WORKER_BUNDLE}.${process.pid}.${Date.now()}.tmp`;
  const result = await esbuild.build({
    entryPoints: [WORKER_ENTRY],
    outfile: tmp,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    // papaparse and other CommonJS dependencies call require(): give the ES module one
    banner: { js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);' },
    // a native addon (the worker's own SQLite connection, db/work/sqlite-write.ts), pg (its own PostgreSQL pool,
    // db/work/store.ts; pg names an optional native module esbuild cannot resolve) and piscina (whose move() marks
    // a value with a symbol of its own module instance, the one the worker thread runs): loaded from node_modules
    external: ["better-sqlite3", "pg", "piscina"],
    metafile: true,
    logLevel: "silent",
  });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith("node_modules/"));
  fs.writeFileSync(`${INPUTS}.${process.pid}.tmp`, JSON.stringify(inputs));
  fs.renameSync(`${INPUTS}.${process.pid}.tmp`, INPUTS);
  fs.renameSync(tmp, WORKER_BUNDLE);
  return WORKER_BUNDLE;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const file = await ensureWorkerBundle();
  console.log(`worker bundle: ${path.relative(ROOT, file)}`);
}
