// Frozen comparisons and capacity plans, read back by token (db/snapshots.ts writes them). The payload is stored as
// the page showed it, so a later import cannot change what a shared link shows.
import { eq } from "drizzle-orm";
import type { DbHandle } from "../client";
import type { snapshots } from "../schema";

export type SnapshotRow = typeof snapshots.$inferSelect;

export async function getSnapshot(h: DbHandle, token: string): Promise<SnapshotRow | null> {
  const { snapshots } = h.t;
  const [row] = await h.db.select().from(snapshots).where(eq(snapshots.token, token)).limit(1);
  return row ?? null;
}
