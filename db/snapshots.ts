// Frozen comparisons and capacity plans: written once with an unguessable token, never updated (read back by
// db/queries/snapshots.ts). The payload is stored as the page showed it, so a later import cannot change what a
// shared link shows.
import { randomBytes } from "node:crypto";
import {
  type CompareData,
  checkPlanPayload,
  type PlanSnapshotInput,
  type SnapshotKind,
  TOKEN_BYTES,
  tokenFromBytes,
} from "@/lib/snapshot";
import type { DbHandle } from "./client";
import type { ComparePayload } from "./queries/compare";
import type { SnapshotRow } from "./queries/snapshots";
import { snapshots } from "./schema";

function insert(
  h: DbHandle,
  kind: SnapshotKind,
  query: string,
  json: string,
  dataVersion: string,
  now: Date,
): SnapshotRow {
  for (let attempt = 0; ; attempt++) {
    const row: SnapshotRow = {
      token: tokenFromBytes(randomBytes(TOKEN_BYTES)),
      kind,
      query,
      payload: json,
      dataVersion,
      createdAt: now.toISOString(),
    };
    // a 144-bit collision is not expected; the retry only guards the primary key
    const inserted = h.db.insert(snapshots).values(row).onConflictDoNothing().returning().get();
    if (inserted) return inserted;
    if (attempt >= 2) throw new Error("could not allocate a snapshot token");
  }
}

export function createSnapshot(
  h: DbHandle,
  kind: "compare",
  query: string,
  payload: ComparePayload,
  now: Date = new Date(),
): SnapshotRow {
  // what is stored must read back through lib/snapshot's schema; this keeps the two shapes in step at compile time
  const data: CompareData = payload;
  return insert(h, kind, query, JSON.stringify(data), payload.dataVersion, now);
}

/** A computed plan (app/plan/load.ts) under its canonical query; refused if it would not read back. */
export function createPlanSnapshot(h: DbHandle, payload: PlanSnapshotInput, now: Date = new Date()): SnapshotRow {
  const checked = checkPlanPayload(payload);
  if (!checked.ok) throw new Error(checked.message);
  return insert(h, "plan", payload.query, JSON.stringify(checked.payload), payload.dataVersion, now);
}
