// `npm run bakeoff -- [--db FILE] [--label L] [--accelerators N] [--nodes N] [--accelerator NAME] [--family F]
// [--json] FILE...`: stores one bake-off upload through the same writer as POST /api/bakeoff.
// Exit 0: saved; 1: a file was rejected (nothing stored); 2: usage error.
import fs from "node:fs";
import path from "node:path";
import { BakeoffUploadError, FAMILY_RE, MAX_LABEL, saveBakeoffUpload, type UploadFile } from "@/db/bakeoff";
import { getStore, openDb } from "@/db/client";
import { whyUnreadable } from "@/db/import/discover";
import { supportedToolsLines } from "@/lib/bakeoff/tools";

const USAGE = `usage: npm run bakeoff -- [options] FILE...
  FILE               benchmark output of a supported tool (below); a directory adds every file under it.
                     All FILEs form one upload.
  --db FILE          database file (default: $PERFCONTEXT_DB or data/perfcontext.db)
  --label L          a name for the run (at most ${MAX_LABEL} characters)
  --accelerator NAME accelerator model, e.g. "MI300X"
  --accelerators N   accelerator count (1–100000), for per-accelerator figures
  --nodes N          node count (1–10000)
  --family F         MLPerf model family to compare with (default: mapped from the model name)
  --json             print one JSON object as the last line of stdout
  --base URL         prefix for the printed link (default: $PERFCONTEXT_BASE_URL or none)
supported tools, their files and the versions read:
${supportedToolsLines("  ")}`;

interface Args {
  db?: string;
  json: boolean;
  label?: string;
  accelerator?: string;
  accelerators?: number;
  nodes?: number;
  family?: string;
  base: string;
  files: string[];
}

function usage(msg: string): never {
  process.stderr.write(`${msg}\n${USAGE}\n`);
  process.exit(2);
}

function wholeNumber(flag: string, raw: string, max: number): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(n) || n < 1 || n > max)
    usage(`${flag} takes a whole number from 1 to ${max}, got "${raw}"`);
  return n;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { json: false, base: process.env.PERFCONTEXT_BASE_URL ?? "", files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined) usage(`${arg} needs a value`);
      return v;
    };
    if (arg === "--db") a.db = next();
    else if (arg === "--json") a.json = true;
    else if (arg === "--label") {
      a.label = next();
      if (a.label.length > MAX_LABEL) usage(`--label is longer than ${MAX_LABEL} characters`);
    } else if (arg === "--accelerator") a.accelerator = next();
    else if (arg === "--accelerators") a.accelerators = wholeNumber(arg, next(), 100_000);
    else if (arg === "--nodes") a.nodes = wholeNumber(arg, next(), 10_000);
    else if (arg === "--family") {
      a.family = next().trim().toLowerCase();
      if (!FAMILY_RE.test(a.family)) usage(`--family takes an MLPerf model family such as llama2-70b`);
    } else if (arg === "--base") a.base = next();
    else if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (arg.startsWith("--")) usage(`unknown option ${arg}`);
    else a.files.push(arg);
  }
  if (a.files.length === 0) usage("no FILE given");
  return a;
}

function expand(p: string): string[] {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    usage(whyUnreadable(p) === "no such file or directory" ? `no such file: ${p}` : whyUnreadable(p));
  }
  if (!st.isDirectory()) return [p];
  return fs
    .readdirSync(p)
    .filter((n) => !n.startsWith("."))
    .sort()
    .flatMap((n) => expand(path.join(p, n)));
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const files: UploadFile[] = args.files.flatMap(expand).map((f) => ({ name: f, text: fs.readFileSync(f, "utf8") }));
  const h = args.db ? openDb(args.db) : await getStore();
  try {
    const saved = await saveBakeoffUpload(h, {
      files,
      label: args.label ?? null,
      accelerator: args.accelerator ?? null,
      accelerators: args.accelerators ?? null,
      nodes: args.nodes ?? null,
      modelFamily: args.family ?? null,
    });
    const url = `${args.base.replace(/\/+$/, "")}/bakeoff/${saved.id}`;
    if (args.json) {
      process.stdout.write(
        `${JSON.stringify({ id: saved.id, url, format: saved.format, label: saved.label, modelFamily: saved.modelFamily, runs: saved.runs.length, warnings: saved.warnings })}\n`,
      );
    } else {
      for (const w of saved.warnings) process.stderr.write(`note: ${w}\n`);
      process.stdout.write(
        `saved ${saved.runs.length} load point(s) from ${files.length} file(s) as ${saved.format}` +
          `${saved.modelFamily ? `, compared with ${saved.modelFamily}` : ", no MLPerf family (pick one on the page)"}\n` +
          `id  ${saved.id}\nurl ${url}\n`,
      );
    }
    process.exitCode = 0;
  } catch (e) {
    if (!(e instanceof BakeoffUploadError)) throw e;
    const where = `${e.file ?? "upload"}${e.line !== null ? `:${e.line}` : ""}${e.field ? ` [${e.field}]` : ""}`;
    if (args.json) process.stdout.write(`${JSON.stringify({ error: e.toJSON() })}\n`);
    else process.stdout.write(`✗ ${where}: ${e.message}\nnothing was stored\n`);
    process.exitCode = 1;
  } finally {
    await h.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`bakeoff failed: ${(e as Error).message}\n`);
  process.exit(1);
});
