// The PostgreSQL tables (db/schema-pg.ts) mirror the SQLite ones (db/schema.ts): the same tables, columns, types
// (each SQLite type's PostgreSQL counterpart), nullability, defaults, primary keys, foreign keys and indexes. A
// column added to one schema and not the other fails here, naming the table and column.
import { type PgTable, getTableConfig as pgConfig } from "drizzle-orm/pg-core";
import { type SQLiteTable, getTableConfig as sqliteConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as sqliteSchema from "./schema";
import * as pgSchema from "./schema-pg";

/** SQLite column type → the PostgreSQL type db/schema-pg.ts must use for it. */
const TYPE: Record<string, string> = {
  SQLiteText: "PgText",
  SQLiteInteger: "PgBigInt53",
  SQLiteBoolean: "PgBoolean",
  SQLiteReal: "PgDoublePrecision",
};

interface Shape {
  columns: Record<string, { type: string; notNull: boolean; default: unknown; primary: boolean; serial: boolean }>;
  indexes: Record<string, { columns: string[]; unique: boolean }>;
  foreignKeys: string[];
}

function colName(c: unknown): string {
  return (c as { name: string }).name;
}

function sqliteShape(t: SQLiteTable): Shape {
  const cfg = sqliteConfig(t);
  const s: Shape = { columns: {}, indexes: {}, foreignKeys: [] };
  for (const c of cfg.columns)
    s.columns[c.name] = {
      type: TYPE[c.columnType] ?? `unmapped ${c.columnType}`,
      notNull: c.notNull,
      default: c.default,
      primary: c.primary,
      serial: (c as { autoIncrement?: boolean }).autoIncrement === true,
    };
  for (const i of cfg.indexes)
    s.indexes[i.config.name] = { columns: i.config.columns.map(colName), unique: i.config.unique };
  for (const fk of cfg.foreignKeys) {
    const r = fk.reference();
    s.foreignKeys.push(
      `${r.columns.map(colName)} → ${sqliteConfig(r.foreignTable).name}(${r.foreignColumns.map(colName)}) on delete ${fk.onDelete ?? "no action"}`,
    );
  }
  s.foreignKeys.sort();
  return s;
}

function pgShape(t: PgTable): Shape {
  const cfg = pgConfig(t);
  const s: Shape = { columns: {}, indexes: {}, foreignKeys: [] };
  for (const c of cfg.columns)
    s.columns[c.name] = {
      type: c.columnType,
      notNull: c.notNull,
      default: c.default,
      primary: c.primary,
      serial: (c as { generatedIdentity?: { type: string } }).generatedIdentity?.type === "byDefault",
    };
  for (const i of cfg.indexes)
    s.indexes[i.config.name as string] = { columns: i.config.columns.map(colName), unique: i.config.unique };
  for (const fk of cfg.foreignKeys) {
    const r = fk.reference();
    s.foreignKeys.push(
      `${r.columns.map(colName)} → ${pgConfig(r.foreignTable).name}(${r.foreignColumns.map(colName)}) on delete ${fk.onDelete ?? "no action"}`,
    );
  }
  s.foreignKeys.sort();
  return s;
}

const sqliteTables = new Map(
  Object.values(sqliteSchema).map((t) => [sqliteConfig(t as SQLiteTable).name, t as SQLiteTable]),
);
const pgTables = new Map(Object.values(pgSchema).map((t) => [pgConfig(t as PgTable).name, t as PgTable]));

describe("db/schema-pg.ts mirrors db/schema.ts", () => {
  it("has the same tables, exported under the same names", () => {
    expect([...pgTables.keys()].sort()).toEqual([...sqliteTables.keys()].sort());
    expect(Object.keys(pgSchema).sort()).toEqual(Object.keys(sqliteSchema).sort());
    expect(sqliteTables.size).toBeGreaterThanOrEqual(11);
  });

  it.each([...sqliteTables.keys()])("%s: same columns, types, nullability, defaults, keys and indexes", (name) => {
    const pgt = pgTables.get(name);
    expect(pgt, `no table ${name} in db/schema-pg.ts`).toBeDefined();
    const want = sqliteShape(sqliteTables.get(name) as SQLiteTable);
    const got = pgShape(pgt as PgTable);
    expect(got).toEqual(want);
  });

  it("maps every SQLite column type it meets (a new type needs its PostgreSQL counterpart chosen)", () => {
    for (const t of sqliteTables.values())
      for (const c of sqliteConfig(t).columns) expect(TYPE[c.columnType], `${c.name}: ${c.columnType}`).toBeDefined();
  });
});
