// Issue 7 item 2: every file of the hostile corpus (data/hostile/, written by scripts/make-hostile-corpus.ts) imported
// through the CLI (its whole run, in this process: db/import/cli-main.ts; the spawned CLI's exit codes and stdout are
// db/import/cli.test.ts's, and a child process per file cost ~2 CPU-seconds of start-up each) and uploaded to POST /api/bakeoff (the route's own handler).
// Each is rejected with a message naming source, line and field (the database content hash unchanged), or — where
// the file is legitimately valid — accepted with the hostile strings stored verbatim as text. The 500 MB file is
// generated in the temp dir, refused by size without being read, and deleted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openDb } from "@/db/client";
import { dbContentHash } from "@/db/content-hash";
import { runCliCaptured } from "@/db/import/cli-main";
import { runImport } from "@/db/import/pipeline";
import { LINGER_MAX_BYTES } from "@/lib/http/write-guard";
import { sharedPath } from "@/lib/shared-data";
import {
  type Expect,
  HOSTILE_DIR,
  type HostileCase,
  HUGE_BYTES,
  hostileCases,
  writeHostileCorpus,
  writeHugeFile,
} from "@/scripts/make-hostile-corpus";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pc-hostile-"));
const SEED_DB = path.join(tmp, "seed.db");
const API_DB = path.join(tmp, "api.db");
process.env.PERFCONTEXT_DB = API_DB; // before the route module (and db/client's getDb) is imported
delete process.env.PERFCONTEXT_ADMIN_TOKEN;
// this file uploads ~30 files in a few seconds; the write rate limit (tested on its own) would answer 429
process.env.PERFCONTEXT_RATE_LIMIT = "0";

const cases = hostileCases();
const small = cases.filter((c) => !c.file.startsWith("huge-"));

/** Where the case's bytes are: committed files in data/hostile/, test-time ones generated into tmp. */
function fileOf(c: HostileCase): string {
  return c.kind === "committed" ? path.join(HOSTILE_DIR, c.file) : path.join(tmp, c.file);
}

interface Outcome {
  rejected: boolean;
  errors: { source: string; line: number | null; field: string | null; message: string }[];
  rows: number;
  texts: string[];
  hashBefore: string;
  hashAfter: string;
  exit?: number | null;
  status?: number;
}

function matches(want: Expect, o: Outcome, source: string | null): string | null {
  if (want.outcome === "accepted") {
    if (o.rejected) return `rejected: ${JSON.stringify(o.errors[0])}`;
    if (o.rows !== want.rows) return `stored ${o.rows} rows, not ${want.rows}`;
    const missing = want.verbatim.filter((v) => !o.texts.some((t) => t.includes(v)));
    return missing.length ? `not stored verbatim: ${JSON.stringify(missing)}` : null;
  }
  if (!o.rejected) return `accepted ${o.rows} rows`;
  const e = o.errors[0];
  if (!e) return "rejected without an error";
  if (source !== null && e.source !== source) return `error names ${e.source}, not ${source}`;
  if (!e.message.trim()) return "empty message";
  if (want.line === "some" ? !(typeof e.line === "number" && e.line >= 1) : e.line !== want.line)
    return `line ${e.line}, wanted ${want.line}`;
  if (want.field === "some" ? !e.field : e.field !== want.field) return `field ${e.field}, wanted ${want.field}`;
  if (!want.message.test(e.message)) return `message ${JSON.stringify(e.message)} does not match ${want.message}`;
  if (o.hashAfter !== o.hashBefore) return "the database changed after a rejection";
  return null;
}

/** Every text value in the given rows, JSON columns opened up (extra, runs, …). */
function textsOf(rows: Record<string, unknown>[]): string[] {
  const out: string[] = [];
  const visit = (v: unknown) => {
    if (typeof v === "string") {
      out.push(v);
      if (/^[[{]/.test(v))
        try {
          visit(JSON.parse(v));
        } catch {
          // plain text that starts with a bracket
        }
    } else if (v && typeof v === "object") for (const x of Object.values(v)) visit(x);
  };
  visit(rows);
  return out;
}

function cli(args: string[]) {
  return runCliCaptured(args);
}

async function importWithCli(c: HostileCase, hashBefore: string): Promise<Outcome> {
  const db = path.join(tmp, `cli-${c.file}.db`);
  fs.copyFileSync(SEED_DB, db);
  const r = await cli(["--db", db, "--json", fileOf(c)]);
  const report = JSON.parse(r.last) as { rejected: number; inserted: number; errors: Outcome["errors"] };
  const h = openDb(db);
  try {
    const fresh = await h.x.all<Record<string, unknown>>(
      `select r.*, s.system_name, s.software, s.accelerator_raw, s.host_processor, s.operating_system from results r
         join systems s on s.id = r.system_id where r.import_id = (select max(id) from imports) order by r.id`,
    );
    return {
      rejected: report.rejected > 0,
      errors: report.errors,
      rows: report.inserted,
      texts: textsOf(fresh),
      hashBefore,
      hashAfter: await dbContentHash(h),
      exit: r.code,
    };
  } finally {
    await h.close();
  }
}

type Route = typeof import("@/app/api/bakeoff/route");
let route: Route;
let apiHandle: DbHandle;

function upload(body: FormData | ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Request {
  return new Request("http://127.0.0.1/api/bakeoff", {
    method: "POST",
    body,
    headers,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

async function uploadCase(c: HostileCase): Promise<Outcome> {
  const bytes = fs.readFileSync(fileOf(c));
  const form = new FormData();
  form.append("file", new Blob([bytes]), c.file);
  const hashBefore = await dbContentHash(apiHandle);
  const res = await route.POST(upload(form));
  const body = (await res.json()) as {
    id?: string;
    runs?: unknown[];
    error?: { message: string; line: number | null; field: string | null; file?: string | null };
  };
  const hashAfter = await dbContentHash(apiHandle);
  if (res.status === 201 && body.id) {
    const stored = await apiHandle.x.all<Record<string, unknown>>("select * from bakeoff_uploads where id = ?", [
      body.id,
    ]);
    return {
      rejected: false,
      errors: [],
      rows: body.runs?.length ?? 0,
      texts: textsOf(stored),
      hashBefore,
      hashAfter,
      status: 201,
    };
  }
  const e = body.error;
  return {
    rejected: true,
    errors: e ? [{ source: e.file ?? "", line: e.line, field: e.field, message: e.message }] : [],
    rows: 0,
    texts: [],
    hashBefore,
    hashAfter,
    status: res.status,
  };
}

const cliOutcomes = new Map<string, Outcome>();
let seedHash = "";

beforeAll(async () => {
  // a database that already holds a real round, so "unchanged" means something
  const seed = openDb(SEED_DB);
  const r = await runImport(seed, [sharedPath("mlperf", "summary", "v6.0.summary_results.json")]);
  expect(r.rejected).toBe(0);
  seedHash = await dbContentHash(seed);
  await seed.close();
  fs.copyFileSync(SEED_DB, API_DB);
  for (const c of small) if (c.kind === "test-time") fs.writeFileSync(fileOf(c), c.build());
  // the CLI runs: one per file, each on its own copy of the seed database
  for (const c of small) cliOutcomes.set(c.file, await importWithCli(c, seedHash));
  apiHandle = openDb(API_DB);
  route = await import("@/app/api/bakeoff/route");
}, 240_000);

afterAll(async () => {
  await apiHandle?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the committed corpus", () => {
  it("is exactly what scripts/make-hostile-corpus.ts writes, and small", () => {
    const dir = path.join(tmp, "regen");
    const files = writeHostileCorpus(dir);
    let total = 0;
    for (const f of [...files, "README.md", "biome.json"]) {
      const committed = fs.readFileSync(path.join(HOSTILE_DIR, f));
      expect(committed.equals(fs.readFileSync(path.join(dir, f))), f).toBe(true);
      total += committed.length;
    }
    expect(total).toBeLessThan(256 * 1024);
    expect(fs.readdirSync(HOSTILE_DIR).sort()).toEqual([...files, "README.md", "biome.json"].sort());
  });
});

describe("importing each hostile file with the CLI (npm run import -- --json FILE)", () => {
  it.each(small.map((c) => [c.file, c] as const))("%s", (_f, c) => {
    const o = cliOutcomes.get(c.file);
    if (!o) throw new Error("not run");
    expect(matches(c.cli, o, fileOf(c))).toBeNull();
    expect(o.exit).toBe(c.cli.outcome === "rejected" ? 1 : 0);
    for (const e of o.errors) expect(e.source).toBe(fileOf(c));
    if (c.cli.outcome === "rejected") expect(o.hashAfter).toBe(seedHash);
    if (c.gap?.path === "cli") expect(matches(c.gap.ideal, o, fileOf(c)), `gap closed: ${c.gap.why}`).not.toBeNull();
  });
});

describe("uploading each hostile file to POST /api/bakeoff", () => {
  it.each(small.map((c) => [c.file, c] as const))("%s", async (_f, c) => {
    const o = await uploadCase(c);
    expect(matches(c.api, o, c.file)).toBeNull();
    expect(o.status).toBe(c.api.outcome === "rejected" ? 400 : 201);
    if (c.api.outcome === "rejected") expect(o.hashAfter).toBe(o.hashBefore);
    if (c.gap?.path === "api") expect(matches(c.gap.ideal, o, c.file), `gap closed: ${c.gap.why}`).not.toBeNull();
  });
});

describe("a 500 MB file (generated in the temp dir, deleted after)", () => {
  const huge = path.join(tmp, "huge-500mb.summary_results.json");
  const spec = cases.find((c) => c.file.startsWith("huge-"));
  beforeAll(() => writeHugeFile(huge), 120_000);
  afterAll(() => fs.rmSync(huge, { force: true }));

  it("is really 500 MB of summary rows", () => {
    expect(fs.statSync(huge).size).toBe(HUGE_BYTES);
    const fd = fs.openSync(huge, "r");
    const head = Buffer.alloc(64);
    fs.readSync(fd, head, 0, 64, 0);
    fs.closeSync(fd);
    expect(head.toString()).toMatch(/^\[\n {2}\{"ID":"6\.0-0001"/);
  });

  it("the importer refuses it by size before reading it (runImport maxBytes 64 MiB)", async () => {
    if (spec?.cli.outcome !== "rejected") throw new Error("corpus: the 500 MB file must be rejected");
    const db = path.join(tmp, "huge.db");
    fs.copyFileSync(SEED_DB, db);
    const h = openDb(db);
    const rss0 = process.memoryUsage().rss;
    const t0 = performance.now();
    const r = await runImport(h, [huge], { maxBytes: 64 * 1024 * 1024 });
    const ms = performance.now() - t0;
    const grew = process.memoryUsage().rss - rss0;
    const o: Outcome = {
      rejected: r.rejected > 0,
      errors: r.errors,
      rows: r.inserted,
      texts: [],
      hashBefore: seedHash,
      hashAfter: await dbContentHash(h),
    };
    await h.close();
    expect(matches(spec.cli, o, huge)).toBeNull();
    expect(r.errors[0]?.message).toBe(`file is ${HUGE_BYTES} bytes; the limit is ${64 * 1024 * 1024}`);
    expect(ms).toBeLessThan(2_000);
    expect(grew).toBeLessThan(64 * 1024 * 1024);
  });

  /** The file as a streamed multipart/form-data body, counting the file bytes actually pulled. */
  function multipart(file: string) {
    const boundary = "----pc-hostile-boundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.json"\r\nContent-Type: application/json\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const rs = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    const it = rs[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const counter = { pulled: 0 };
    let sentHead = false;
    const stream = new ReadableStream<Uint8Array>({
      async pull(ctrl) {
        if (!sentHead) {
          sentHead = true;
          ctrl.enqueue(new Uint8Array(head));
          return;
        }
        const next = await it.next();
        if (next.done) {
          ctrl.enqueue(new Uint8Array(tail));
          ctrl.close();
          return;
        }
        counter.pulled += next.value.length;
        ctrl.enqueue(new Uint8Array(next.value));
      },
      cancel() {
        rs.destroy();
      },
    });
    return {
      stream,
      counter,
      close: () => rs.destroy(),
      contentType: `multipart/form-data; boundary=${boundary}`,
      length: head.length + fs.statSync(file).size + tail.length,
    };
  }

  async function post413(declareLength: boolean) {
    if (spec?.api.outcome !== "rejected") throw new Error("corpus: the 500 MB upload must be rejected");
    const body = multipart(huge);
    const headers: Record<string, string> = { "content-type": body.contentType };
    if (declareLength) headers["content-length"] = String(body.length);
    const before = await dbContentHash(apiHandle);
    const rss0 = process.memoryUsage().rss;
    const res = await route.POST(upload(body.stream, headers));
    body.close();
    const json = (await res.json()) as { error: { message: string; field: string; line: null; maxBytes: number } };
    const o: Outcome = {
      rejected: res.status >= 400,
      errors: [{ source: "", ...json.error }],
      rows: 0,
      texts: [],
      hashBefore: before,
      hashAfter: await dbContentHash(apiHandle),
    };
    expect(res.status).toBe(413);
    expect(matches(spec.api, o, null)).toBeNull();
    return { pulled: body.counter.pulled, maxBytes: json.error.maxBytes, grew: process.memoryUsage().rss - rss0 };
  }

  it("the upload API answers 413 from a declared Content-Length, reading none of the file", async () => {
    const r = await post413(true);
    expect(r.pulled).toBeLessThanOrEqual(1 << 20); // at most the one chunk a stream buffers ahead
    expect(r.grew).toBeLessThan(64 * 1024 * 1024);
  });

  it("the upload API stops a streamed body (no Content-Length) past the cap: 413 after reading and discarding at most the linger bound", async () => {
    const r = await post413(false);
    // what passes the cap is read and thrown away (so a client still sending sees the 413), up to LINGER_MAX_BYTES
    expect(r.pulled).toBeGreaterThan(r.maxBytes + LINGER_MAX_BYTES - (1 << 20));
    expect(r.pulled).toBeLessThanOrEqual(r.maxBytes + LINGER_MAX_BYTES + 4 * (1 << 20));
    expect(r.grew).toBeLessThan(r.maxBytes * 3);
  });
});
