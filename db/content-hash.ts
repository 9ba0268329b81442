// A hash of every row of every table: tests use it to prove a rejected source changed nothing.
import type { DbHandle } from "./client";
import { sha256Hex } from "./hash";

export function dbContentHash(h: DbHandle): string {
  const tables = h.sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .all() as { name: string }[];
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = h.sqlite.prepare(`select * from "${name}" order by rowid`).all();
    parts.push(`${name}:${JSON.stringify(rows)}`);
  }
  return sha256Hex(parts.join("\n"));
}
