// Issue 15 findings 1–3 and 5, against the route handlers themselves: every write route goes through one guard
// (lib/http/write-guard.ts): the admin token, the rate limit keyed by the address the server vouches for and applied
// after authentication, bodies counted while they stream, bounded snapshots, and upload caps and label hygiene.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PEER_HEADER, resetRateLimits } from "@/lib/http/write-guard";
import { sharedPath } from "@/lib/shared-data";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-guard-"));
process.env.PERFCONTEXT_DB = path.join(dir, "guard.db");
const SECRET = "test-peer-secret";
process.env.PERFCONTEXT_PEER_SECRET = SECRET;

type Post = (req: Request) => Promise<Response>;
let snapshots: Post;
let bakeoff: Post;
let ids: string[] = [];

const ENV = [
  "PERFCONTEXT_ADMIN_TOKEN",
  "PERFCONTEXT_RATE_LIMIT",
  "PERFCONTEXT_ADMIN_RATE_LIMIT",
  "PERFCONTEXT_OPEN_FREEZE",
  "PERFCONTEXT_SNAPSHOT_MAX_BYTES",
  "PERFCONTEXT_SNAPSHOTS_MAX_TOTAL_BYTES",
  "PERFCONTEXT_OPEN_FREEZE_MAX_TOTAL_BYTES",
];
afterEach(() => {
  for (const k of ENV) delete process.env[k];
  resetRateLimits();
});

beforeAll(async () => {
  const { openDb } = await import("@/db/client");
  const { runImport } = await import("@/db/import/pipeline");
  const h = openDb();
  const r = await runImport(h, [sharedPath("mlperf", "summary", "v6.0.summary_results.json")]);
  expect(r.rejected).toBe(0);
  ids = (h.sqlite.prepare("select id from results order by id limit 2").all() as { id: string }[]).map((x) => x.id);
  h.sqlite.close();
  snapshots = (await import("./snapshots/route")).POST;
  bakeoff = (await import("./bakeoff/route")).POST;
});

function freeze(headers: Record<string, string> = {}, body?: BodyInit): Request {
  return new Request("http://x/api/snapshots", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: body ?? JSON.stringify({ kind: "compare", query: `ids=${ids.join(",")}` }),
  });
}

const peer = (addr: string) => ({ [PEER_HEADER]: `${SECRET} ${addr}` });

function upload(text: string, name: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new Blob([text]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return new Request("http://x/api/bakeoff", { method: "POST", body: form, headers });
}

async function message(res: Response): Promise<string> {
  return ((await res.json()) as { error: { message: string } }).error.message;
}

describe("finding 2: snapshots are a guarded, bounded write", () => {
  it("needs the token when PERFCONTEXT_ADMIN_TOKEN is set", async () => {
    process.env.PERFCONTEXT_ADMIN_TOKEN = "s3cret";
    const res = await snapshots(freeze());
    expect(res.status).toBe(401);
    expect(await message(res)).toMatch(/POST \/api\/snapshots needs Authorization: Bearer/);
    expect((await snapshots(freeze({ authorization: "Bearer wrong" }))).status).toBe(401);
    expect((await snapshots(freeze({ authorization: "Bearer s3cret" }))).status).toBe(201);
  });

  it("stays open to readers only when PERFCONTEXT_OPEN_FREEZE=1, within their disk quota", async () => {
    process.env.PERFCONTEXT_ADMIN_TOKEN = "s3cret";
    process.env.PERFCONTEXT_OPEN_FREEZE = "1";
    expect((await snapshots(freeze())).status).toBe(201);
    process.env.PERFCONTEXT_OPEN_FREEZE_MAX_TOTAL_BYTES = "1000";
    const res = await snapshots(freeze());
    expect(res.status).toBe(507);
    expect(await message(res)).toMatch(
      /quota for anonymous freezes is full: .*PERFCONTEXT_OPEN_FREEZE_MAX_TOTAL_BYTES/,
    );
  });

  it("refuses a payload over the snapshot cap instead of storing it", async () => {
    process.env.PERFCONTEXT_SNAPSHOT_MAX_BYTES = "2000";
    const res = await snapshots(freeze());
    expect(res.status).toBe(413);
    expect(await message(res)).toMatch(/a snapshot holds at most 2 KB/);
  });

  it("counts the body while it streams: 100 MB chunked is refused after the cap plus the linger bound", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (pulled >= 100 * 1024 * 1024) return c.close();
        pulled += chunk.byteLength;
        c.enqueue(chunk);
      },
    });
    const req = new Request("http://x/api/snapshots", {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    const res = await snapshots(req);
    expect(res.status).toBe(413);
    expect(await message(res)).toMatch(/over the 8 KB limit of POST \/api\/snapshots/);
    // it stopped reading (the old route read all 100 MB into one string first)
    expect(pulled).toBeLessThan(80 * 1024 * 1024);
  });

  it("refuses duplicate keys in the request body, naming the key", async () => {
    const res = await snapshots(freeze({}, `{"kind": "compare",\n"query": "ids=${ids.join(",")}", "kind": "plan"}`));
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/key "kind" appears twice/);
  });
});

describe("finding 3: the rate limit keys on the vouched-for address, after authentication", () => {
  it("rotating X-Forwarded-For buys nothing", async () => {
    process.env.PERFCONTEXT_RATE_LIMIT = "3";
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await snapshots(freeze({ ...peer("192.0.2.10"), "x-forwarded-for": `203.0.113.${i}` }));
      codes.push(res.status);
    }
    expect(codes).toEqual([201, 201, 201, 429, 429]);
    // another address has its own budget
    expect((await snapshots(freeze(peer("192.0.2.11")))).status).toBe(201);
  });

  it("30 anonymous writes do not lock the admin out", async () => {
    process.env.PERFCONTEXT_ADMIN_TOKEN = "s3cret";
    process.env.PERFCONTEXT_RATE_LIMIT = "30";
    for (let i = 0; i < 31; i++) await snapshots(freeze());
    expect((await snapshots(freeze())).status).toBe(429);
    expect((await snapshots(freeze({ authorization: "Bearer s3cret" }))).status).toBe(201);
  });

  it("guards uploads with the same rule", async () => {
    process.env.PERFCONTEXT_ADMIN_TOKEN = "s3cret";
    const res = await bakeoff(upload("{}", "x.json"));
    expect(res.status).toBe(401);
    expect(await message(res)).toMatch(/POST \/api\/bakeoff needs Authorization: Bearer/);
  });
});

describe("findings 1 and 5: what one upload may hold", () => {
  const line = fs
    .readFileSync(sharedPath("bakeoff", "sglang", "llama_3_3_70b_offline_output.jsonl"), "utf8")
    .split("\n")[0] as string;

  it("refuses more load points than the cap, naming it", async () => {
    const res = await bakeoff(upload(Array(101).fill(line).join("\n"), "sweep.jsonl"));
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/101 load points; at most 100 load points/);
  });

  it("takes the cap itself", async () => {
    expect((await bakeoff(upload(Array(100).fill(line).join("\n"), "sweep.jsonl"))).status).toBe(201);
  });

  it("refuses a duplicate key naming it and its line", async () => {
    const dup = line.replace('"backend": "sglang"', '"backend": "sglang", "completed": 1');
    const res = await bakeoff(upload(`${line}\n${dup}`, "dup.jsonl"));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; line: number; field: string } };
    expect(body.error).toMatchObject({ line: 2, field: "completed" });
    expect(body.error.message).toMatch(/key "completed" appears twice/);
  });

  it("refuses a lone surrogate instead of storing invalid UTF-8", async () => {
    const bad = line.replace('"backend": "sglang"', '"backend": "sglang\\ud800"');
    const res = await bakeoff(upload(bad, "bad.jsonl"));
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/lone surrogate/);
  });

  it("refuses a bidi override or control character in a typed label", async () => {
    const res = await bakeoff(upload(line, "ok.jsonl", { label: "8xH100 \u202e001B" }));
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/label contains a bidirectional-text control \(U\+202E\)/);
    const res2 = await bakeoff(upload(line, "ok.jsonl", { accelerator: "H100\u0007" }));
    expect(res2.status).toBe(400);
    expect(await message(res2)).toMatch(/accelerator contains a control character \(U\+0007\)/);
  });
});
