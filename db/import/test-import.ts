// What the importer tests share (db/import/import*.test.ts): where the real summaries are, and a raw query.
import type { DbHandle } from "@/db/client";
import type { SqlParam } from "@/db/sql";
import { sharedPath } from "@/lib/shared-data";

export const SUMMARY = sharedPath("mlperf", "summary");

export function q(h: DbHandle, sql: string, ...args: SqlParam[]): Promise<Record<string, unknown>[]> {
  return h.x.all<Record<string, unknown>>(sql, args);
}
