import { describe, expect, it } from "vitest";
import { openDb } from "./client";
import { numberPlaceholders, sqlBool } from "./sql";

describe("numberPlaceholders", () => {
  it.each([
    ["select 1", "select 1"],
    ["select * from t where a = ? and b = ?", "select * from t where a = $1 and b = $2"],
    ["select '?' as q, \"a?\" from t where x = ?", "select '?' as q, \"a?\" from t where x = $1"],
    ["insert into t values (?, ?, 'it''s?', ?)", "insert into t values ($1, $2, 'it''s?', $3)"],
  ])("%s", (input, want) => expect(numberPlaceholders(input)).toBe(want));
});

describe("sqlBool", () => {
  it.each([
    [1, true],
    [0, false],
    [true, true],
    [false, false],
    [null, false],
  ])("%s → %s", (v, want) => expect(sqlBool(v)).toBe(want));
});

describe("SQLite store: x and tx", () => {
  it("binds booleans as 0/1 and reads rows back", async () => {
    const h = openDb(":memory:");
    await h.x.run("create table t (a integer, b text)");
    await h.x.run("insert into t values (?, ?)", [true, "x"]);
    expect(await h.x.get<{ a: number }>("select a from t where b = ?", ["x"])).toEqual({ a: 1 });
    await h.close();
  });

  it("rolls a failed transaction back whole", async () => {
    const h = openDb(":memory:");
    await h.x.run("create table t (a integer)");
    await expect(
      h.tx(async (t) => {
        await t.x.run("insert into t values (1)");
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await h.x.all("select * from t")).toEqual([]);
    await h.close();
  });

  it("runs overlapping transactions one after the other, and a nested one inside its parent", async () => {
    const h = openDb(":memory:");
    await h.x.run("create table t (n integer)");
    const order: string[] = [];
    const slow = h.tx(async (t) => {
      order.push("a:start");
      await t.x.run("insert into t values (1)");
      await new Promise((r) => setTimeout(r, 20));
      await t.tx(async (n) => n.x.run("insert into t values (2)"));
      order.push("a:end");
    });
    const fast = h.tx(async (t) => {
      order.push("b:start");
      await t.x.run("insert into t values (3)");
      order.push("b:end");
    });
    await Promise.all([slow, fast]);
    expect(order).toEqual(["a:start", "a:end", "b:start", "b:end"]);
    expect((await h.x.all<{ n: number }>("select n from t order by rowid")).map((r) => r.n)).toEqual([1, 2, 3]);
    await h.close();
  });
});
