// Frozen comparisons and capacity plans, read back by token (db/snapshots.ts writes them). The payload is stored as
// the page showed it, so a later import cannot change what a shared link shows.
import { eq } from "drizzle-orm";
import type { DbHandle } from "../client";
import { snapshots } from "../schema";

export type SnapshotRow = typeof snapshots.$inferSelect;

export function getSnapshot(h: DbHandle, token: string): SnapshotRow | null {
  return h.db.select().from(snapshots).where(eq(snapshots.token, token)).get() ?? null;
}
