// MLPerf Endpoints curves end to end on each store: the shared fixture (MLCommons' SYNTHETIC checker test data)
// imported by the importer, served by GET /api/curves and /api/curves/{id} as CONTRACT.md's Curve; a re-import
// changes nothing; a curve the checker refuses changes nothing; a later cohort supersedes the earlier curve and the
// history keeps both. Expected figures by hand from the fixture files (see lib/endpoints/curve.test.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { storeUnderTest as store } from "@/db/store-under-test";
import { stores } from "@/db/test-stores";
import { sharedPath } from "@/lib/shared-data";
import * as one from "./[id]/route";
import * as list from "./route";

vi.mock("@/db/client", async (original) =>
  (await import("@/db/store-under-test")).mockClient(await original<typeof import("@/db/client")>()),
);

const FIXTURE = sharedPath("endpoints", "test_submissions");

/** A copy of the fixture tree with every file passed through `edit` (path relative to test_submissions/). */
function copyFixture(edit: (rel: string, text: string) => string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "curves-"));
  const dst = path.join(root, "test_submissions");
  for (const f of fs.readdirSync(FIXTURE, { recursive: true }) as string[]) {
    const src = path.join(FIXTURE, f);
    if (!fs.statSync(src).isFile()) continue;
    fs.mkdirSync(path.dirname(path.join(dst, f)), { recursive: true });
    fs.writeFileSync(path.join(dst, f), edit(f, fs.readFileSync(src, "utf8")));
  }
  return dst;
}

async function getJson(res: Response | Promise<Response>) {
  const r = await res;
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}
const req = (q: string) => new Request(`http://x/api/curves${q}`);
const byId = (id: string) => one.GET(req(`/${id}`), { params: Promise.resolve({ id }) });

describe.each(stores())("$name store", ({ open }) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await open();
    store.h = h;
  });
  afterAll(async () => {
    await h.close();
    store.h = null;
  });

  it("imports the fixture as one curve; a second import changes nothing", async () => {
    const r = await runImport(h, [sharedPath("endpoints")]);
    expect([r.rejected, r.inserted, r.curves]).toEqual([0, 1, 1]);
    const again = await runImport(h, [sharedPath("endpoints")]);
    expect([again.inserted, again.updated, again.unchanged]).toEqual([0, 0, 1]);
  });

  it("GET /api/curves serves it as CONTRACT's Curve, points by concurrency, Offline flagged", async () => {
    const { status, body } = await getJson(list.GET(req("?model=gpt-oss-120b")));
    expect(status).toBe(200);
    expect(body.total).toBe(1);
    const c = (body.curves as Record<string, unknown>[])[0] as Record<string, unknown>;
    expect(c).toMatchObject({
      suite: "endpoints",
      submitter: "Submitter-A",
      system: "sys_mi355x_8gpu",
      model: "gpt-oss-120b",
      benchmark: "gpt-oss-120b",
      division: "Standardized",
      clientLocation: null,
      availability: "Available",
      status: "peer-review-pending",
      totalAccelerators: 8,
      provisionedPowerW: 14700,
      // every r<N>/system_desc.json: "input_token_average": 870.0, "output_token_average": 128.0
      inputTokenAverage: 870,
      outputTokenAverage: 128,
      synthetic: true,
    });
    const pts = c.points as Record<string, unknown>[];
    expect(pts.map((p) => p.concurrency)).toEqual([4, 16, 64, 128, 512, 1024, 2048]);
    expect(pts.map((p) => p.offline)).toEqual([false, false, false, false, false, false, true]);
    expect(pts[0]?.systemTps).toBeCloseTo(775.6654, 3);
    expect(pts[0]?.tpsPerUser).toBeCloseTo(181.8182, 4);
    expect(pts[0]?.ttftP90Ms).toBeCloseTo(163.215286, 5);
    expect(pts[0]?.tpotP90Ms).toBe(5.5);
    expect(pts[6]?.perAccelerator).toBeCloseTo(9757.9893 / 8, 3);
  });

  it("filters: another model, another division, a suite without endpoints, a bad status", async () => {
    expect((await getJson(list.GET(req("?model=llama2-70b-99")))).body.total).toBe(0);
    expect((await getJson(list.GET(req("?division=serviced")))).body.total).toBe(0);
    expect((await getJson(list.GET(req("?division=standardized&q=mi355x")))).body.total).toBe(1);
    expect((await getJson(list.GET(req("?suite=datacenter")))).body.total).toBe(0);
    const bad = await getJson(list.GET(req("?status=published")));
    expect(bad.status).toBe(400);
    expect((bad.body.error as Record<string, unknown>).field).toBe("status");
  });

  it("GET /api/curves/{id}: the curve and its history; 400 malformed, 404 unknown", async () => {
    const { body } = await getJson(list.GET(req("")));
    const id = ((body.curves as Record<string, unknown>[])[0] as { id: string }).id;
    const got = await getJson(byId(id));
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(id);
    expect(got.body.history).toEqual([{ id, cohort: "2026-10-C1", status: "peer-review-pending" }]);
    expect((await getJson(byId("nothex"))).status).toBe(400);
    expect((await getJson(byId("0000000000000000"))).status).toBe(404);
  });

  it("a stored system_tps 1.2 % off is rejected naming file and field, and nothing is stored", async () => {
    const before = await h.x.get<{ n: number }>("select count(*) as n from curve_points");
    const dir = copyFixture((rel, t) =>
      rel.endsWith(path.join("r4", "result_summary.json"))
        ? t.replace('"system_tps": 775.6654', '"system_tps": 785')
        : t.replace('sys_mi355x_8gpu"', 'sys_other"'),
    );
    const r = await runImport(h, [dir]);
    expect(r.rejected).toBe(1);
    expect(r.errors[0]?.field).toBe("system_tps");
    expect(r.errors[0]?.source).toMatch(/r4[/\\]result_summary\.json$/);
    const after = await h.x.get<{ n: number }>("select count(*) as n from curve_points");
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it("a malformed input_token_average is rejected naming file and field, and nothing is stored", async () => {
    const before = await h.x.get<{ n: number }>("select count(*) as n from curves");
    const dir = copyFixture((rel, t) =>
      rel.endsWith(path.join("r64", "system_desc.json"))
        ? t
            .replace('"input_token_average": 870.0', '"input_token_average": "about 870"')
            .replace('sys_mi355x_8gpu"', 'sys_other"')
        : t.replace('sys_mi355x_8gpu"', 'sys_other"'),
    );
    const r = await runImport(h, [dir]);
    expect(r.rejected).toBe(1);
    expect(r.errors[0]?.field).toBe("input_token_average");
    expect(r.errors[0]?.source).toMatch(/r64[/\\]system_desc\.json$/);
    const after = await h.x.get<{ n: number }>("select count(*) as n from curves");
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it("a later cohort supersedes the curve; the older one is history", async () => {
    // the same system and model resubmitted to 2026-11-C0 (every point.yaml's target_cohort changed)
    const dir = copyFixture((rel, t) =>
      rel.endsWith("point.yaml") ? t.replace(/target_cohort: .*/, "target_cohort: 2026-11-C0") : t,
    );
    const r = await runImport(h, [dir]);
    expect([r.rejected, r.inserted, r.curves]).toEqual([0, 1, 2]);
    const current = await getJson(list.GET(req("")));
    expect(current.body.total).toBe(1);
    const newest = (current.body.curves as { id: string; cohort: string }[])[0];
    expect(newest?.cohort).toBe("2026-11-C0");
    const old = await getJson(list.GET(req("?status=superseded")));
    const oldCurve = (old.body.curves as { id: string; supersededBy: string; cohort: string }[])[0];
    expect(oldCurve?.cohort).toBe("2026-10-C1");
    expect(oldCurve?.supersededBy).toBe(newest?.id);
    const hist = await getJson(byId(newest?.id as string));
    expect((hist.body.history as { cohort: string; status: string }[]).map((x) => [x.cohort, x.status])).toEqual([
      ["2026-11-C0", "peer-review-pending"],
      ["2026-10-C1", "superseded"],
    ]);
  });
});
