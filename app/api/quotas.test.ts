// Issue 26 finding 4: one snapshot quota for everyone. Anonymous freezes (PERFCONTEXT_OPEN_FREEZE=1) filled it and
// every later freeze got 507, the admin's included. Now anonymous freezes fill their own quota
// (PERFCONTEXT_OPEN_FREEZE_MAX_TOTAL_BYTES) and admins' and campaign freezes theirs; the 507 names the one that is full.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetRateLimits } from "@/lib/http/write-guard";
import { sharedPath } from "@/lib/shared-data";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-quota-"));
process.env.PERFCONTEXT_DB = path.join(dir, "quota.db");

type Post = (req: Request, ctx?: unknown) => Promise<Response>;
let snapshots: Post;
let campaigns: Post;
let campaignFreeze: (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;
let ids: string[] = [];
let payloadBytes: () => number;
const ADMIN = { authorization: "Bearer s3cret" };

beforeAll(async () => {
  const { openDb } = await import("@/db/client");
  const { runImport } = await import("@/db/import/pipeline");
  const h = openDb();
  const r = await runImport(h, [sharedPath("mlperf", "summary", "v6.0.summary_results.json")]);
  expect(r.rejected).toBe(0);
  ids = (h.sqlite.prepare("select id from results order by id limit 2").all() as { id: string }[]).map((x) => x.id);
  payloadBytes = () =>
    Number(
      (h.sqlite.prepare("select max(length(cast(payload as blob))) as n from snapshots").get() as { n: number }).n,
    );
  snapshots = (await import("./snapshots/route")).POST;
  campaigns = (await import("./campaigns/route")).POST;
  campaignFreeze = (await import("./campaigns/[id]/freeze/route")).POST;
  process.env.PERFCONTEXT_ADMIN_TOKEN = "s3cret";
  process.env.PERFCONTEXT_OPEN_FREEZE = "1";
});
afterAll(() => {
  for (const k of [
    "PERFCONTEXT_ADMIN_TOKEN",
    "PERFCONTEXT_OPEN_FREEZE",
    "PERFCONTEXT_SNAPSHOTS_MAX_TOTAL_BYTES",
    "PERFCONTEXT_OPEN_FREEZE_MAX_TOTAL_BYTES",
  ])
    delete process.env[k];
  resetRateLimits();
});

const freeze = (headers: Record<string, string> = {}) =>
  snapshots(
    new Request("http://x/api/snapshots", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ kind: "compare", query: `ids=${ids.join(",")}` }),
    }),
  );
const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

describe("quotas per class of caller", () => {
  it("anonymous freezes fill their own quota; admins and campaign freezes still freeze; the 507 names the quota", async () => {
    expect((await freeze()).status).toBe(201);
    // room for three snapshots of this size, in each quota
    const room = String(3 * payloadBytes() + 100);
    process.env.PERFCONTEXT_SNAPSHOTS_MAX_TOTAL_BYTES = room;
    process.env.PERFCONTEXT_OPEN_FREEZE_MAX_TOTAL_BYTES = room;
    const anon: number[] = [];
    for (let i = 0; i < 4; i++) anon.push((await freeze()).status);
    expect(anon).toEqual([201, 201, 507, 507]);
    const full = await freeze();
    expect(full.status).toBe(507);
    expect(await message(full)).toMatch(
      /the quota for anonymous freezes is full: .*PERFCONTEXT_OPEN_FREEZE_MAX_TOTAL_BYTES/,
    );

    // the admin is not starved by them
    expect((await freeze(ADMIN)).status).toBe(201);
    // nor is a campaign freeze
    const made = await campaigns(
      new Request("http://x/api/campaigns", {
        method: "POST",
        headers: { "content-type": "application/json", ...ADMIN },
        body: JSON.stringify({ name: "quota check", members: [] }),
      }),
    );
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const froze = await campaignFreeze(
      new Request(`http://x/api/campaigns/${id}/freeze`, { method: "POST", headers: ADMIN }),
      { params: Promise.resolve({ id }) },
    );
    expect(froze.status).toBe(201);

    // the admins' own quota, once full, is named as such
    let last = 201;
    for (let i = 0; i < 4 && last === 201; i++) last = (await freeze(ADMIN)).status;
    expect(last).toBe(507);
    expect(await message(await freeze(ADMIN))).toMatch(
      /the quota for authenticated freezes and campaign reports is full: .*PERFCONTEXT_SNAPSHOTS_MAX_TOTAL_BYTES/,
    );
  });
});
