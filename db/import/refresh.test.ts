// Issue 28, the mirror test: a copy of the real v6.0 official summary (../shared) with rows removed, values changed,
// one row's checker errors raised and a row added, served from a loopback mirror (PERFCONTEXT_OFFICIAL_BASE's form),
// refreshed twice: the first refresh records each change once, by kind; the second records nothing. The expected
// counts are the edits below, counted by hand.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { getCitedChanges } from "@/db/queries/changes";
import { buildCompare } from "@/db/queries/compare";
import { getSnapshot } from "@/db/queries/snapshots";
import { createSnapshot } from "@/db/snapshots";
import { stores } from "@/db/test-stores";
import { citedIds } from "@/lib/lifecycle/cited";
import { parseStoredSnapshot } from "@/lib/snapshot";
import { runImport } from "./pipeline";
import { runRefresh } from "./refresh";
import { editedV60, V60_FILE as FILE, startMirror } from "./test-mirror";

// the edited copy (db/import/test-mirror.ts editedV60): 3 rows removed, 2 values changed, 1 row's errors 0 → 1,
// 1 row added (520 − 3 + 1 = 518 rows)
const original = fs.readFileSync(FILE);
let served: Buffer = editedV60();
let mirror: Awaited<ReturnType<typeof startMirror>>;
let base = "";
beforeAll(async () => {
  mirror = await startMirror((name) => (name === "v6.0.summary_results.json" ? served : null));
  base = mirror.base;
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

describe.each(stores())("npm run refresh against a mirror ($name store)", ({ open }) => {
  let h: DbHandle;
  let before = "";
  let token = "";
  /** The ids of rows by platform, model and scenario (v6.0). */
  const idOf = async (platform: string, model: string, scenario: string) =>
    (
      await h.x.get<{ id: string }>("select id from results where platform = ? and model = ? and scenario = ?", [
        platform,
        model,
        scenario,
      ])
    )?.id as string;
  beforeAll(async () => {
    h = await open();
    // the real file, as v6.0's official record
    const a = await runImport(h, [FILE], { officialRounds: new Map([[FILE, "v6.0"]]) });
    expect(a).toMatchObject({ inserted: 520, rejected: 0 });
    // a comparison frozen before the refresh: a row whose value will change, one that will leave, one that will not
    const ids = [
      await idOf("87xMI355X_22xEPYC_9575F", "llama2-70b-99", "Offline"),
      await idOf("8xMI355X_2xEPYC_9575F", "gpt-oss-120b", "Offline"),
      await idOf("8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Offline"),
    ];
    const snap = await createSnapshot(h, "compare", `ids=${ids.join(",")}`, await buildCompare(h, ids));
    token = snap.token;
    await new Promise((r) => setTimeout(r, 5));
    before = new Date().toISOString();
    served = editedV60();
  });
  afterAll(() => h.close());

  it("the first refresh records each edit once: 1 new, 3 changed, 3 no longer published, 1 status", async () => {
    const r = await runRefresh(h, { timeoutMs: 10_000, mirrorBase: base, rounds: ["v6.0"] });
    expect(r.ran).toBe(true);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatchObject({ round: "v6.0", status: "imported" });
    expect(r.lines[0]?.counts).toMatchObject({ inserted: 1, updated: 3, noLongerPublished: 3, unchanged: 514 });
    expect(await kinds(h, before)).toEqual({ changed: 3, new: 1, "no-longer-published": 3, status: 1 });
  });

  it("a value change is logged old → new; the invalidated row says both its validity and its status", async () => {
    const rows = await h.x.all<{ kind: string; fields: string; platform: string; model: string; scenario: string }>(
      "select c.kind, c.fields, r.platform, r.model, r.scenario from change_log c join results r on r.id = c.result_id where c.at > ? and c.kind in ('changed', 'status') order by r.platform, r.model, r.scenario, c.kind",
      [before],
    );
    expect(rows.map((r) => [r.platform, r.model, r.scenario, r.kind, JSON.parse(r.fields)])).toEqual([
      [
        "87xMI355X_22xEPYC_9575F",
        "llama2-70b-99",
        "Offline",
        "changed",
        [{ field: "value", old: 1042110, new: 1050000 }],
      ],
      [
        "8xMI355X_2xEPYC_9575F",
        "llama2-70b-99",
        "Interactive",
        "changed",
        [{ field: "validity", old: "VALID", new: "INVALID" }],
      ],
      [
        "8xMI355X_2xEPYC_9575F",
        "llama2-70b-99",
        "Interactive",
        "status",
        [{ field: "status", old: "published", new: "invalidated" }],
      ],
      ["8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Server", "changed", [{ field: "value", old: 100282, new: 99000 }]],
    ]);
  });

  it("results no longer in the file are kept, marked no longer published with the date, never deleted", async () => {
    expect((await h.x.get<{ n: number }>("select count(*) as n from results"))?.n).toBe(521);
    const gone = await h.x.all<{ model: string; scenario: string; status: string; status_since: string }>(
      "select model, scenario, status, status_since from results where status = 'no-longer-published' order by model, scenario",
    );
    expect(gone.map((g) => [g.model, g.scenario])).toEqual([
      ["gpt-oss-120b", "Offline"],
      ["gpt-oss-120b", "Server"],
      ["llama2-70b-99.9", "Interactive"],
    ]);
    for (const g of gone) expect(g.status_since > before).toBe(true);
  });

  it("the comparison frozen before says which of its results changed or left, and how", async () => {
    const row = await getSnapshot(h, token);
    if (!row) throw new Error("snapshot not stored");
    const parsed = parseStoredSnapshot(row);
    if (!parsed.ok || parsed.kind !== "compare") throw new Error("not a comparison");
    const lines = await getCitedChanges(h, citedIds({ kind: "compare", data: parsed.payload }), row.createdAt);
    expect(lines.map((l) => [l.label, l.kind, l.text]).sort()).toEqual(
      [
        [
          "AMD 87xMI355X_22xEPYC_9575F · llama2-70b-99 Offline (v6.0)",
          "changed",
          "result 1,042,110 → 1,050,000 (+0.76%)",
        ],
        [
          "AMD 8xMI355X_2xEPYC_9575F · gpt-oss-120b Offline (v6.0)",
          "no-longer-published",
          `no longer in its source (since ${before.slice(0, 10)}); kept here, marked`,
        ],
      ].sort(),
    );
    // the frozen payload itself is as it was
    expect(parsed.payload.results.find((r) => r.model === "llama2-70b-99" && r.nodes === 11)?.value).toBe(1042110);
  });

  it("the second refresh of the same file records nothing", async () => {
    const logged = (await h.x.get<{ n: number }>("select count(*) as n from change_log"))?.n;
    const r = await runRefresh(h, { timeoutMs: 10_000, mirrorBase: base, rounds: ["v6.0"] });
    expect(r.lines[0]).toMatchObject({ status: "unchanged" });
    expect((await h.x.get<{ n: number }>("select count(*) as n from change_log"))?.n).toBe(logged);
  });

  it("a mirror without the round: one line, nothing changed", async () => {
    const logged = (await h.x.get<{ n: number }>("select count(*) as n from change_log"))?.n;
    const r = await runRefresh(h, { timeoutMs: 10_000, mirrorBase: base, rounds: ["v5.1"] });
    expect(r.lines).toEqual([
      expect.objectContaining({
        status: "failed",
        message: `could not fetch ${base}v5.1.summary_results.json: HTTP 404 Not Found`,
      }),
    ]);
    expect((await h.x.get<{ n: number }>("select count(*) as n from change_log"))?.n).toBe(logged);
  });

  it("the original file again: the removed rows are published again (status), the edits go back", async () => {
    const since = new Date().toISOString();
    served = original;
    const r = await runRefresh(h, { timeoutMs: 10_000, mirrorBase: base, rounds: ["v6.0"] });
    // the added row is not in the original: it is the one no longer published now
    expect(await kinds(h, since)).toEqual({ changed: 3, "no-longer-published": 1, status: 4 });
    expect(r.lines[0]?.counts).toMatchObject({ inserted: 0, updated: 6, noLongerPublished: 1 });
  });
});
