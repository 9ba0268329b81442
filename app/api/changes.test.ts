// Issue 28: GET /api/changes and /changes.atom over a real change log: the real v6.0 official summary, then an edited
// copy of it imported as the same official round (3 rows removed, 2 values changed, 1 row's checker errors raised,
// 1 row added — db/import/test-mirror.ts editedV60, counted by hand as in db/import/refresh.test.ts). The feeds are read by a real feed parser
// (@rowanmanning/feed-parser) and checked well-formed by an XML validator (fast-xml-parser), not by string matching.
import fs from "node:fs";
import { parseFeed } from "@rowanmanning/feed-parser";
import { XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as atom from "@/app/changes.atom/route";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { editedV60 as edited } from "@/db/import/test-mirror";
import { storeUnderTest as store } from "@/db/store-under-test";
import { stores } from "@/db/test-stores";
import { sharedPath } from "@/lib/shared-data";
import * as changes from "./changes/route";

vi.mock("@/db/client", async (original) =>
  (await import("@/db/store-under-test")).mockClient(await original<typeof import("@/db/client")>()),
);

const FILE = sharedPath("mlperf", "summary", "v6.0.summary_results.json");
const URL60 = "https://mirror.test/v6.0.summary_results.json";
interface Change {
  at: string;
  kind: string;
  id: string;
  fields: { field: string; old: unknown; new: unknown }[];
}

describe.each(stores())("the change log's readers ($name store)", ({ open }) => {
  let before = "";
  beforeAll(async () => {
    const h: DbHandle = await open();
    store.h = h;
    const official = { officialRounds: new Map([[URL60, "v6.0"]]) };
    const a = await runImport(h, [URL60], { ...official, prefetched: new Map([[URL60, fs.readFileSync(FILE)]]) });
    expect(a.inserted).toBe(520);
    before = new Date().toISOString();
    const b = await runImport(h, [URL60], { ...official, prefetched: new Map([[URL60, edited()]]) });
    expect(b.rejected).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await store.h?.close();
    store.h = null;
  });

  const get = async (query: string) => {
    const r = await changes.GET(new Request(`http://x/api/changes?${query}`));
    return { status: r.status, body: (await r.json()) as { changes: Change[]; error?: { field: string } } };
  };
  const count = (cs: Change[]) => {
    const m: Record<string, number> = {};
    for (const c of cs) m[c.kind] = (m[c.kind] ?? 0) + 1;
    return m;
  };

  it("since the first import: 1 new, 3 changed, 3 no longer published, 1 status, newest first", async () => {
    const { status, body } = await get(`since=${before}`);
    expect(status).toBe(200);
    expect(count(body.changes)).toEqual({ new: 1, changed: 3, "no-longer-published": 3, status: 1 });
    const value = body.changes.find(
      (c) => c.kind === "changed" && c.fields[0]?.field === "value" && c.fields[0].old === 100282,
    );
    expect(value?.fields).toEqual([{ field: "value", old: 100282, new: 99000 }]);
  });

  it("the explorer's keys filter it: gpt-oss-120b's changes are its two rows that left the file", async () => {
    const { body } = await get(`since=${before}&round=v6.0&model=gpt-oss-120b`);
    expect(count(body.changes)).toEqual({ "no-longer-published": 2 });
    // without since: the first import's 520 "new" entries too, filtered the same way
    const all = await get("model=gpt-oss-120b&submitter=AMD");
    expect(all.body.changes.filter((c) => c.kind === "new").length).toBeGreaterThan(0);
  });

  it("a bad since is a 400 naming the field", async () => {
    const { status, body } = await get("since=yesterday");
    expect(status).toBe(400);
    expect(body.error?.field).toBe("since");
  });

  it("/changes.atom is a well-formed Atom 1.0 feed a feed reader reads: ids, titles, times, links", async () => {
    const res = await atom.GET(new Request(`http://x/changes.atom?since=${before}`));
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = parseFeed(xml);
    expect(feed.meta.type).toBe("atom");
    expect(feed.title).toBe("PerfContext: changes to published results");
    expect(feed.self).toBe(`http://x/changes.atom?since=${encodeURIComponent(before)}`);
    expect(feed.items).toHaveLength(8);
    for (const item of feed.items) {
      expect(item.id).toMatch(/^http:\/\/x\/results\/[0-9a-f]{16}#(new|changed|no-longer-published|status)-/);
      expect(item.url).toMatch(/^http:\/\/x\/results\/[0-9a-f]{16}$/);
      expect(item.updated?.getTime()).toBeGreaterThan(Date.parse(before));
      expect(item.title).toMatch(/^(new|changed|no longer published|status changed): AMD /);
    }
    expect(new Set(feed.items.map((i) => i.id)).size).toBe(8);
    const changed = feed.items.find((i) => i.description?.startsWith("result 100,282 → 99,000"));
    expect(changed?.description).toBe(`result 100,282 → 99,000 (-1.3%). Source: ${URL60}`);
  });

  it("a saved explorer view's feed: its query is the feed's query", async () => {
    const res = await atom.GET(new Request(`http://x/changes.atom?round=v6.0&model=gpt-oss-120b&since=${before}`));
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = parseFeed(xml);
    expect(feed.title).toMatch(/^PerfContext changes: v6\.0 · .*gpt-oss-120b/);
    expect(feed.items.map((i) => i.title?.split(":")[0])).toEqual(["no longer published", "no longer published"]);
    expect(feed.url).toBe(`http://x/changes?round=v6.0&model=gpt-oss-120b&since=${encodeURIComponent(before)}`);
  });
});
