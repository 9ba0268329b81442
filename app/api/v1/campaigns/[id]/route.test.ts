// GET /api/v1/campaigns/{id} (issue 26): the answer is the v1 schema applied to the report GET /api/campaigns/{id}
// serves, byte for byte, for any ?a=&b= pair (the schema names no methodology), and the stored report is never parsed
// on the request thread: a worker reads it, checks it against the schema and moves the answer's bytes back. A stored
// report the schema refuses is still a 500 naming where. Real uploads from ../shared/data on a SQLite file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Campaign } from "@/lib/api-v1/schemas";
import { sharedPath } from "@/lib/shared-data";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-v1camp-"));
process.env.PERFCONTEXT_DB = path.join(dir, "v1.db"); // before any route module (and getStore) is imported
process.env.PERFCONTEXT_RATE_LIMIT = "0";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
let v1Get: Handler;
let apiGet: Handler;
let id = "";
const ctx = (i: string) => ({ params: Promise.resolve({ id: i }) });

beforeAll(async () => {
  const { saveBakeoffUpload } = await import("@/db/bakeoff");
  const { createCampaign } = await import("@/db/campaigns");
  const { getStore } = await import("@/db/client");
  v1Get = (await import("./route")).GET as Handler;
  apiGet = (await import("@/app/api/campaigns/[id]/route")).GET as Handler;
  const h = await getStore();
  const save = async (rel: string) =>
    (
      await saveBakeoffUpload(h, {
        files: [{ name: path.basename(rel), text: fs.readFileSync(sharedPath("bakeoff", rel), "utf8") }],
        accelerators: 8,
      })
    ).id;
  const a = await save(path.join("sglang", "llama_3_3_70b_offline_output.jsonl"));
  const b = await save("llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_individual_responses.json");
  const member = (m: string, shape: "chat" | "batch") => ({
    kind: "bakeoff" as const,
    id: m,
    shape,
    cache: "warm" as const,
    condition: "baseline" as const,
  });
  id = (await createCampaign(h, { name: "v1", members: [member(a, "chat"), member(b, "batch")] })).id;
}, 120_000);

afterAll(async () => {
  const { closePool } = await import("@/db/work/pool");
  await closePool();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What the report served by GET /api/campaigns/{id} gives through the v1 schema (zod strips unnamed fields). */
async function expected(): Promise<{ text: string; reportChars: number }> {
  const served = await (await apiGet(new Request(`http://x/api/campaigns/${id}`), ctx(id))).text();
  return { text: JSON.stringify(Campaign.parse(JSON.parse(served))), reportChars: served.length };
}

describe("GET /api/v1/campaigns/{id}", () => {
  it("answers the served report through the v1 schema, byte for byte, whatever the pair", async () => {
    const want = await expected();
    for (const q of ["", "?a=1.1&b=2.1", "?a=2.1&b=1.1"]) {
      const res = await v1Get(new Request(`http://x/api/v1/campaigns/${id}${q}`), ctx(id));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("etag")).toMatch(/^W\/"v1-\d+-/);
      expect(await res.text()).toBe(want.text);
    }
  });

  it("never parses the stored report on the request thread", async () => {
    const { reportChars } = await expected();
    const longest: number[] = [];
    const parse = JSON.parse;
    const spy = vi.spyOn(JSON, "parse").mockImplementation((text: string, reviver?: Parameters<typeof parse>[1]) => {
      longest.push(typeof text === "string" ? text.length : 0);
      return parse(text, reviver);
    });
    try {
      const res = await v1Get(new Request(`http://x/api/v1/campaigns/${id}`), ctx(id));
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    } finally {
      spy.mockRestore();
    }
    // the report is tens of KB here; what this thread may still parse (a row's head, the data version) is far less
    expect(reportChars).toBeGreaterThan(10_000);
    expect(Math.max(0, ...longest)).toBeLessThan(reportChars / 4);
  });

  it("a stored report the schema refuses is a 500 naming where; an unknown id a 404", async () => {
    const { getStore } = await import("@/db/client");
    const h = await getStore();
    const row = await h.x.get<{ analysis: string }>("select analysis from campaigns where id = ?", [id]);
    const analysis = row?.analysis ?? "";
    // the stored report with its name made a number: the schema's `name` is a string
    const broken = analysis.replace('"name":"v1"', '"name":7');
    expect(broken).not.toBe(analysis);
    await h.x.run("update campaigns set analysis = ? where id = ?", [broken, id]);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await v1Get(new Request(`http://x/api/v1/campaigns/${id}`), ctx(id));
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        error: { message: "the answer does not match the v1 schema at name", field: null },
      });
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      await h.x.run("update campaigns set analysis = ? where id = ?", [analysis, id]);
    }
    const unknown = "NoSuchCampaign_0123456789";
    const res = await v1Get(new Request(`http://x/api/v1/campaigns/${unknown}`), ctx(unknown));
    expect(res.status).toBe(404);
  });
});
