// The upload endpoint refuses a client over PERFCONTEXT_RATE_LIMIT with 429 and Retry-After, before reading the body.
// Clients are told apart by the address the server stamps (server/index.mjs), never by a header they send.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-rl-"));
process.env.PERFCONTEXT_DB = path.join(dir, "rl.db");
process.env.PERFCONTEXT_PEER_SECRET = "rl-secret";
afterAll(() => {
  delete process.env.PERFCONTEXT_RATE_LIMIT;
  fs.rmSync(dir, { recursive: true, force: true });
});

function upload(ip: string): Request {
  const form = new FormData();
  form.append("file", new Blob(['{"not": "a benchmark"}']), "x.json");
  return new Request("http://x/api/bakeoff", {
    method: "POST",
    body: form,
    headers: { "x-perfcontext-peer": `rl-secret ${ip}` },
  });
}

describe("POST /api/bakeoff rate limit", () => {
  it("allows PERFCONTEXT_RATE_LIMIT per minute per client, then 429 with Retry-After", async () => {
    process.env.PERFCONTEXT_RATE_LIMIT = "3";
    const { POST } = await import("./route");
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await POST(upload("203.0.113.9"))).status);
    expect(codes).toEqual([400, 400, 400, 429]);
    const res = await POST(upload("203.0.113.9"));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/too many requests/);
    // another client is not affected
    expect((await POST(upload("198.51.100.1"))).status).toBe(400);
  });
});
