// Issues 27 and 28, the Endpoints mirror test: the shared fixture curve served from a loopback mirror as an Endpoints
// results repository's archive (db/import/test-mirror.ts endpointsArchive; PERFCONTEXT_OFFICIAL_BASE's form), refreshed
// as the copy changes: first the fixture as shared, then a copy with its status finalized, one point changed and a
// later cohort added, then the later cohort alone. Each refresh is run twice: the second records nothing. The counts
// per kind are the edits, counted by hand (ENDPOINTS_EDITS); the API and the Atom feed (read by a feed parser) show
// the curve entries under their own ids (`curve:<id>`), and a view citing the curve gets its banner lines.
import { parseFeed } from "@rowanmanning/feed-parser";
import { XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as changes from "@/app/api/changes/route";
import * as atom from "@/app/changes.atom/route";
import type { DbHandle } from "@/db/client";
import { getCitedChanges } from "@/db/queries/changes";
import { storeUnderTest as store } from "@/db/store-under-test";
import { stores } from "@/db/test-stores";
import { curveChangeId } from "@/lib/lifecycle/curve-changes";
import { runRefresh } from "./refresh";
import { ENDPOINTS_EDITS, endpointsArchive, startMirror } from "./test-mirror";

vi.mock("@/db/client", async (original) =>
  (await import("@/db/store-under-test")).mockClient(await original<typeof import("@/db/client")>()),
);

const ROUND = "endpoints-v0.7";
let served: Buffer | null = endpointsArchive("original");
let mirror: Awaited<ReturnType<typeof startMirror>>;
beforeAll(async () => {
  mirror = await startMirror((name) => (name === `${ROUND}.results.tar.gz` ? served : null));
});
afterAll(() => mirror.close());

const kinds = async (h: DbHandle, since: string) =>
  Object.fromEntries(
    (
      await h.x.all<{ kind: string; n: number }>(
        "select kind, count(*) as n from change_log where at > ? group by kind order by kind",
        [since],
      )
    ).map((r) => [r.kind, Number(r.n)]),
  );
const logged = async (h: DbHandle) => Number((await h.x.get<{ n: number }>("select count(*) as n from change_log"))?.n);
const now = async () => {
  await new Promise((r) => setTimeout(r, 5));
  return new Date().toISOString();
};

describe.each(stores())("npm run refresh: an Endpoints results repository from a mirror ($name store)", ({ open }) => {
  let h: DbHandle;
  let first = "";
  let second = "";
  let subA = "";
  let subB = "";
  const refresh = () => runRefresh(h, { timeoutMs: 10_000, mirrorBase: mirror.base, rounds: [ROUND] });
  const curveOf = async (sub: string) =>
    (await h.x.get<{ id: string }>("select id from curves where source like ?", [`%#test_submissions/${sub}/%`]))
      ?.id as string;
  beforeAll(async () => {
    h = await open();
    store.h = h;
    served = endpointsArchive("original"); // each store starts from the fixture as shared
  });
  afterAll(async () => {
    store.h = null;
    await h.close();
  });

  it("the fixture as shared: one new curve, peer review pending; again: nothing", async () => {
    first = await now();
    const r = await refresh();
    expect(r.lines).toEqual([
      expect.objectContaining({ round: ROUND, url: `${mirror.base}${ROUND}.results.tar.gz`, status: "imported" }),
    ]);
    expect(await kinds(h, first)).toEqual(ENDPOINTS_EDITS.first);
    subA = await curveOf("sub_a");
    const c = await h.x.get<{ status: string; synthetic: number | boolean }>(
      "select status, synthetic from curves where id = ?",
      [subA],
    );
    expect(c?.status).toBe("peer-review-pending");
    expect(Boolean(c?.synthetic)).toBe(true); // still MLCommons' synthetic checker data, labelled so
    const n = await logged(h);
    expect((await refresh()).lines[0]).toMatchObject({ status: "unchanged" });
    expect(await logged(h)).toBe(n);
  });

  it("status finalized, r64 changed, a later cohort added: 1 new, 1 changed, 2 status; again: nothing", async () => {
    served = endpointsArchive("edited");
    second = await now();
    const r = await refresh();
    expect(r.lines[0]).toMatchObject({ status: "imported" });
    expect(r.lines[0]?.counts).toMatchObject({ inserted: 1, updated: 1 });
    expect(await kinds(h, second)).toEqual(ENDPOINTS_EDITS.second);
    subB = await curveOf("sub_b");
    const rows = await h.x.all<{ kind: string; result_id: string; round: string; fields: string }>(
      "select kind, result_id, round, fields from change_log where at > ? order by id",
      [second],
    );
    const changed = rows.find((x) => x.kind === "changed");
    expect(changed?.result_id).toBe(curveChangeId(subA));
    expect(changed?.round).toBe("Endpoints 2026-10-C1");
    const fields = JSON.parse(changed?.fields ?? "[]") as { field: string; old: number; new: number }[];
    expect(fields.map((f) => f.field)).toEqual(["r64.systemTps"]);
    // 22,246,057 and 23,000,000 output tokens over 5,163.749763587 s (the file's duration_ns), worked by hand
    expect(fields[0]?.old).toBeCloseTo(4308.1207, 3);
    expect(fields[0]?.new).toBeCloseTo(4454.1275, 3);
    expect(rows.filter((x) => x.kind === "status").map((x) => [x.result_id, JSON.parse(x.fields)])).toEqual([
      [curveChangeId(subA), [{ field: "status", old: "peer-review-pending", new: "finalized" }]],
      [curveChangeId(subA), [{ field: "status", old: "finalized", new: "superseded" }]],
    ]);
    expect(rows.find((x) => x.kind === "new")?.result_id).toBe(curveChangeId(subB));
    const n = await logged(h);
    expect((await refresh()).lines[0]).toMatchObject({ status: "unchanged" });
    expect(await logged(h)).toBe(n);
  });

  it("GET /api/changes names each curve entry curve:<id>, distinct from any result id", async () => {
    const res = await changes.GET(new Request(`http://x/api/changes?since=${encodeURIComponent(second)}`));
    const body = (await res.json()) as { changes: { kind: string; id: string; fields: unknown[] }[] };
    expect(body.changes.map((c) => c.kind).sort()).toEqual(["changed", "new", "status", "status"]);
    for (const c of body.changes) expect(c.id).toMatch(/^curve:[0-9a-f]{16}$/);
    // a view narrowed to an Inference round holds no curve changes
    const narrowed = await changes.GET(
      new Request(`http://x/api/changes?since=${encodeURIComponent(second)}&round=v6.0`),
    );
    expect(((await narrowed.json()) as { changes: unknown[] }).changes).toEqual([]);
  });

  it("/changes.atom: the curve entries link to the curve's page; a feed parser reads it", async () => {
    const res = await atom.GET(new Request(`http://x/changes.atom?since=${encodeURIComponent(second)}`));
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = parseFeed(xml);
    expect(feed.items).toHaveLength(4);
    for (const item of feed.items) expect(item.url).toMatch(/^http:\/\/x\/curves\/[0-9a-f]{16}$/);
    expect(new Set(feed.items.map((i) => i.id)).size).toBe(4);
    const changed = feed.items.find((i) => i.title?.startsWith("changed:"));
    expect(changed?.title).toMatch(/\(Endpoints curve, 2026-10-C1, synthetic test data\) \(Endpoints 2026-10-C1\)$/);
    expect(changed?.description).toMatch(/^r64 system tokens\/s 4,308\.121 → 4,454\.128 \(\+3\.4%\)\. Source: /);
  });

  it("the later cohort alone: sub_a's curve is no longer in its source (kept, marked); again: nothing", async () => {
    served = endpointsArchive("later-only");
    const third = await now();
    const r = await refresh();
    expect(r.lines[0]?.counts).toMatchObject({ noLongerPublished: 1, unchanged: 1 });
    expect(await kinds(h, third)).toEqual(ENDPOINTS_EDITS.third);
    const gone = await h.x.get<{ gone_since: string | null; status: string }>(
      "select gone_since, status from curves where id = ?",
      [subA],
    );
    expect(gone?.gone_since && gone.gone_since > third).toBe(true);
    expect(gone?.status).toBe("superseded"); // its last status, kept
    expect(Number((await h.x.get<{ n: number }>("select count(*) as n from curves"))?.n)).toBe(2);
    const n = await logged(h);
    expect((await refresh()).lines[0]).toMatchObject({ status: "unchanged" });
    expect(await logged(h)).toBe(n);
  });

  it("a view citing sub_a's curve since before the refreshes: its banner spells out what changed", async () => {
    const lines = await getCitedChanges(h, [curveChangeId(subA)], first);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.label).toMatch(/ · gpt-oss-120b \(Endpoints curve, 2026-10-C1, synthetic test data\)$/);
    expect(lines[0]?.kind).toBe("no-longer-published");
    const since = await getCitedChanges(h, [curveChangeId(subB)], second);
    expect(since).toEqual([]); // sub_b only appeared ("new" is not a change to a cited curve)
  });

  it("a mirror without the archive: one line, nothing changed", async () => {
    served = null;
    const n = await logged(h);
    const r = await refresh();
    expect(r.lines).toEqual([
      expect.objectContaining({
        status: "failed",
        message: `could not fetch ${mirror.base}${ROUND}.results.tar.gz: HTTP 404 Not Found`,
      }),
    ]);
    expect(await logged(h)).toBe(n);
  });

  it("an archive that is not one: one line, nothing changed", async () => {
    served = Buffer.from("not an archive");
    const n = await logged(h);
    const r = await refresh();
    expect(r.lines[0]).toMatchObject({ status: "rejected" });
    expect(r.lines[0]?.message).toMatch(/^not imported \(nothing changed\): /);
    expect(await logged(h)).toBe(n);
  });
});
