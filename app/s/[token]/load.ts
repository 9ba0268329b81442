// A frozen comparison by token, read back through lib/snapshot's schema; null for unknown or malformed tokens.
import { cache } from "react";
import { getDb } from "@/db/client";
import { getDataVersion } from "@/db/queries/compare";
import { getSnapshot } from "@/db/queries/snapshots";
import { type CompareData, isSnapshotToken, parseStoredPayload, staleBanner } from "@/lib/snapshot";

export type SnapshotState =
  | { kind: "ok"; data: CompareData; query: string; createdAt: string; banner: string | null }
  | { kind: "corrupt"; message: string; query: string; createdAt: string };

export const loadSnapshot = cache((token: string): SnapshotState | null => {
  if (!isSnapshotToken(token)) return null;
  const h = getDb();
  const row = getSnapshot(h, token);
  if (!row) return null;
  const parsed = parseStoredPayload(row.payload);
  if (!parsed.ok) return { kind: "corrupt", message: parsed.message, query: row.query, createdAt: row.createdAt };
  return {
    kind: "ok",
    data: parsed.payload,
    query: row.query,
    createdAt: row.createdAt,
    banner: staleBanner(row, getDataVersion(h)),
  };
});
