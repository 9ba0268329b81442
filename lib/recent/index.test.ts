import { describe, expect, it } from "vitest";
import { addRecent, parseMemberLink, parseRecent, RECENT_MAX, type RecentItem } from "./index";

const ID = "AbCdEfGhIjKlMnOpQrStUv"; // 22 URL-safe characters, the shape of db/bakeoff.ts ids
const ID2 = "zyxwvutsrqponmlkjihgf_-";

describe("parseMemberLink", () => {
  it.each([
    [`https://perf.example.org/bakeoff/${ID}`, "bakeoff", ID],
    [`http://localhost:3000/bakeoff/${ID}?sort=ttft#chart`, "bakeoff", ID],
    [`/bakeoff/${ID}`, "bakeoff", ID],
    [`https://perf.example.org/api/bakeoff/${ID}`, "bakeoff", ID],
    [`https://perf.example.org/api/v1/bakeoff/${ID}`, "bakeoff", ID],
    [`https://perf.example.org/reproduce/${ID2}?match=6.0-0001`, "reproduction", ID2],
    [`/api/reproductions/${ID2}`, "reproduction", ID2],
    [`  ${ID}  `, "bakeoff", ID],
  ])("%s → %s %s", (text, kind, id) => {
    expect(parseMemberLink(text)).toEqual({ ok: true, kind, id });
  });
  it.each([
    ["", /paste a link/],
    [`https://perf.example.org/campaigns/${ID}`, /not a link to a bake-off upload/],
    ["https://perf.example.org/bakeoff/short", /not a link to a bake-off upload/],
    ["javascript:alert(1)", /not a link to a bake-off upload/],
  ])("%j is refused", (text, why) => {
    const r = parseMemberLink(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(why);
  });
});

describe("the recent list", () => {
  const item = (id: string, kind: RecentItem["kind"] = "bakeoff"): RecentItem => ({
    kind,
    id,
    label: `label ${id}`,
    at: "2026-12-01T00:00:00.000Z",
  });
  it("drops what is not an item", () => {
    expect(parseRecent(null)).toEqual([]);
    expect(parseRecent("{not json")).toEqual([]);
    expect(parseRecent('{"kind":"bakeoff"}')).toEqual([]);
    const good = item(ID);
    expect(parseRecent(JSON.stringify([good, { ...good, id: "../../etc" }, { ...good, kind: "result" }, 7]))).toEqual([
      good,
    ]);
  });
  it("puts an item opened again first, once, and keeps at most RECENT_MAX", () => {
    const list = addRecent(addRecent([item(ID)], item(ID2)), item(ID));
    expect(list.map((x) => x.id)).toEqual([ID, ID2]);
    // the same id as another kind is another item
    expect(addRecent(list, item(ID, "campaign"))).toHaveLength(3);
    let many: RecentItem[] = [];
    for (let i = 0; i < RECENT_MAX + 5; i++) many = addRecent(many, item(`${ID}${String(i).padStart(3, "0")}`));
    expect(many).toHaveLength(RECENT_MAX);
    expect(many[0]?.id).toBe(`${ID}${String(RECENT_MAX + 4).padStart(3, "0")}`);
  });
});
