import vm from "node:vm";
import { describe, expect, it } from "vitest";
import {
  addRecent,
  parseMemberLink,
  parseRecent,
  RECENT_KEY,
  RECENT_MAX,
  type RecentItem,
  rememberScript,
} from "./index";

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

describe("the script an item's page carries (issue 26: opening /bakeoff/{id} was not remembered before hydration)", () => {
  /** Runs the script as a browser would, over a localStorage holding `stored`; what it holds after. */
  function run(script: string, stored: string | null): string | null {
    const store = new Map<string, string>(stored === null ? [] : [[RECENT_KEY, stored]]);
    const localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    vm.runInNewContext(script, { localStorage });
    return store.get(RECENT_KEY) ?? null;
  }
  const at = (list: RecentItem[]) => list.map(({ at: _at, ...rest }) => rest);
  const old = (id: string, kind: RecentItem["kind"] = "bakeoff"): RecentItem => ({
    kind,
    id,
    label: `label ${id}`,
    at: "2026-12-01T00:00:00.000Z",
  });

  it("remembers the item as addRecent does: first, once, at most RECENT_MAX", () => {
    const now = Date.now();
    const first = parseRecent(run(rememberScript("bakeoff", ID, "vllm · facebook/opt-125m"), null));
    expect(at(first)).toEqual([{ kind: "bakeoff", id: ID, label: "vllm · facebook/opt-125m" }]);
    expect(Date.parse(first[0]?.at ?? "")).toBeGreaterThanOrEqual(now - 1000);
    const list = [old(ID2), old(ID, "campaign"), old(ID)];
    const after = parseRecent(run(rememberScript("bakeoff", ID, "again"), JSON.stringify(list)));
    expect(at(after)).toEqual(at(addRecent(list, { ...old(ID), label: "again" })));
    let many: RecentItem[] = [];
    for (let i = 0; i < RECENT_MAX; i++) many = addRecent(many, old(`${ID}${String(i).padStart(3, "0")}`));
    expect(parseRecent(run(rememberScript("reproduction", ID2, "x"), JSON.stringify(many)))).toHaveLength(RECENT_MAX);
  });

  it("a stored list that is not JSON, or storage that throws, leaves the page working", () => {
    expect(parseRecent(run(rememberScript("campaign", ID, "c"), "{not json"))[0]?.id).toBe(ID);
    expect(() =>
      vm.runInNewContext(rememberScript("campaign", ID, "c"), {
        localStorage: {
          getItem: () => {
            throw new Error("disabled");
          },
          setItem: () => {
            throw new Error("disabled");
          },
        },
      }),
    ).not.toThrow();
  });

  it("a hostile label cannot end the script or start markup", () => {
    const label = "</script><script>alert(1)</script> & \u2028 <!--";
    const script = rememberScript("bakeoff", ID, label);
    expect(script).not.toMatch(/[<>\u2028]/);
    expect(script).toContain("\\u0026"); // the label's & (the script's own && are code)
    expect(parseRecent(run(script, null))[0]?.label).toBe(label);
  });
});
