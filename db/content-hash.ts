// A hash of every row of every table: tests use it to prove a rejected source changed nothing. Portable: the tables
// come from the drizzle schema (not sqlite_master), each ordered by its primary key (PostgreSQL has no rowid), and
// values are normalised so both stores hash what they hold the same way (booleans, numbers parsed from int8).
import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import type { DbHandle } from "./client";
import { sha256Hex } from "./hash";

/** Every table of the store's schema, by name. */
export function schemaTables(h: DbHandle): Table[] {
  return Object.values(h.t as Record<string, unknown>)
    .filter((v): v is Table => typeof v === "object" && v !== null && Symbol.for("drizzle:IsDrizzleTable") in v)
    .sort((a, b) => getTableName(a).localeCompare(getTableName(b)));
}

/** The primary key columns of a table (a composite key in its declared order). */
function primaryKey(t: Table): string[] {
  const cols = Object.values(getTableColumns(t));
  const pk = cols.filter((c) => c.primary).map((c) => c.name);
  return pk.length > 0 ? pk : cols.map((c) => c.name);
}

export async function dbContentHash(h: DbHandle): Promise<string> {
  const parts: string[] = [];
  for (const t of schemaTables(h)) {
    const name = getTableName(t);
    const cols = Object.values(getTableColumns(t));
    const order = primaryKey(t)
      .map((c) => `"${c}"`)
      .join(", ");
    const rows = await h.x.all<Record<string, unknown>>(
      `select ${cols.map((c) => `"${c.name}"`).join(", ")} from "${name}" order by ${order}`,
    );
    const norm = rows.map((r) => cols.map((c) => (typeof r[c.name] === "boolean" ? Number(r[c.name]) : r[c.name])));
    parts.push(`${name}:${JSON.stringify(norm)}`);
  }
  return sha256Hex(parts.join("\n"));
}
