// Frozen comparisons and capacity plans: written once with an unguessable token, never updated (read back by
// db/queries/snapshots.ts). The payload is stored as the page showed it, so a later import cannot change what a
// shared link shows.
import { randomBytes } from "node:crypto";
import type { ReproductionView } from "@/lib/reproduce/index";
import {
  type CompareData,
  checkOverviewPayload,
  checkPlanPayload,
  type OverviewSnapshotData,
  type PlanSnapshotInput,
  type SnapshotKind,
  TOKEN_BYTES,
  tokenFromBytes,
} from "@/lib/snapshot";
import type { DbHandle } from "./client";
import { bumpDataVersion } from "./data-version";
import type { ComparePayload } from "./queries/compare";
import type { SnapshotRow } from "./queries/snapshots";

/** Largest payload one snapshot stores (bytes of JSON): PERFCONTEXT_SNAPSHOT_MAX_BYTES, default 1 MB. */
export function snapshotMaxBytes(): number {
  const n = Number(process.env.PERFCONTEXT_SNAPSHOT_MAX_BYTES);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 1024 * 1024;
}

/** What admins' freezes and campaign reports may hold together (bytes): PERFCONTEXT_SNAPSHOTS_MAX_TOTAL_BYTES, default 256 MB. */
export function snapshotsMaxTotalBytes(): number {
  const n = Number(process.env.PERFCONTEXT_SNAPSHOTS_MAX_TOTAL_BYTES);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 256 * 1024 * 1024;
}

/** What anonymous freezes (PERFCONTEXT_OPEN_FREEZE=1) may hold together: PERFCONTEXT_OPEN_FREEZE_MAX_TOTAL_BYTES, default 32 MB. */
export function openFreezeMaxTotalBytes(): number {
  const n = Number(process.env.PERFCONTEXT_OPEN_FREEZE_MAX_TOTAL_BYTES);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 32 * 1024 * 1024;
}

/**
 * Whose quota a snapshot counts in (the snapshots.caller column). "anonymous": a caller without the admin token let
 * through by PERFCONTEXT_OPEN_FREEZE=1; "admin": the token's holder, or anyone on a server without a token (nobody
 * is anonymous there), and every campaign report (its freeze needs the token). Issue 26 finding 4: the two never
 * share a quota, so anonymous freezes cannot starve the admin's.
 */
export type SnapshotCaller = "anonymous" | "admin";

const QUOTAS: Record<SnapshotCaller, { max: () => number; env: string; who: string }> = {
  anonymous: { max: openFreezeMaxTotalBytes, env: "PERFCONTEXT_OPEN_FREEZE_MAX_TOTAL_BYTES", who: "anonymous freezes" },
  admin: {
    max: snapshotsMaxTotalBytes,
    env: "PERFCONTEXT_SNAPSHOTS_MAX_TOTAL_BYTES",
    who: "authenticated freezes and campaign reports",
  },
};

/** A snapshot that would pass a cap: `kind` says which (one payload, or the caller's quota of all of them). */
export class SnapshotRefused extends Error {
  constructor(
    message: string,
    readonly kind: "too-large" | "quota",
  ) {
    super(message);
  }
}

/**
 * Why a payload of `size` bytes is over the per-snapshot cap, or null when it is not. `atLeast`: the size is a lower
 * bound (a campaign freeze refused before its report is read, db/campaign-read.ts freezeTooLarge).
 */
export function tooLarge(kind: string, size: number, atLeast = false): string | null {
  const max = snapshotMaxBytes();
  if (size <= max) return null;
  return `this ${kind} would store ${atLeast ? "at least " : ""}${(size / 1024).toFixed(0)} KB; a snapshot holds at most ${(max / 1024).toFixed(0)} KB (PERFCONTEXT_SNAPSHOT_MAX_BYTES): freeze fewer results or bake-off uploads`;
}

/** Refuses (SnapshotRefused) a payload over the per-snapshot cap, or one that would pass its caller's quota. */
export async function checkSnapshotRoom(
  h: DbHandle,
  kind: string,
  json: string,
  caller: SnapshotCaller = "admin",
): Promise<void> {
  const size = Buffer.byteLength(json);
  const big = tooLarge(kind, size);
  if (big) throw new SnapshotRefused(big, "too-large");
  // octet_length, not length: SQLite's length() counts characters of text, and so does PostgreSQL's; both have
  // octet_length for the bytes the cap is about (SQLite from 3.43)
  const row = await h.x.get<{ used: number }>(
    "select coalesce(sum(octet_length(payload)), 0) as used from snapshots where caller = ?",
    [caller],
  );
  const used = Number(row?.used ?? 0);
  const q = QUOTAS[caller];
  const quota = q.max();
  if (used + size > quota)
    throw new SnapshotRefused(
      `the quota for ${q.who} is full: they hold ${(used / 1048576).toFixed(1)} MB of the ${(quota / 1048576).toFixed(0)} MB this server allows (${q.env}); ask its administrator`,
      "quota",
    );
}

/** When (default now) and whose quota (default "admin"): see SnapshotCaller. */
export type SnapshotOpts = { now?: Date; caller?: SnapshotCaller };

/** Stores a snapshot row under a new token (retried on the unexpected collision), bumping the data version. */
export async function insertSnapshot(
  h: DbHandle,
  kind: string,
  query: string,
  json: string,
  dataVersion: string,
  opts: SnapshotOpts = {},
): Promise<SnapshotRow> {
  for (let attempt = 0; ; attempt++) {
    const row: SnapshotRow = {
      token: tokenFromBytes(randomBytes(TOKEN_BYTES)),
      kind,
      query,
      payload: json,
      dataVersion,
      createdAt: (opts.now ?? new Date()).toISOString(),
      caller: opts.caller ?? "admin",
    };
    // a 144-bit collision is not expected; the retry only guards the primary key
    const inserted = await h.tx(async (t) => {
      const [got] = await t.db.insert(t.t.snapshots).values(row).onConflictDoNothing().returning();
      if (got) await bumpDataVersion(t);
      return got;
    });
    if (inserted) return inserted;
    if (attempt >= 2) throw new Error("could not allocate a snapshot token");
  }
}

async function insert(
  h: DbHandle,
  kind: SnapshotKind,
  query: string,
  json: string,
  dataVersion: string,
  opts: SnapshotOpts,
): Promise<SnapshotRow> {
  await checkSnapshotRoom(h, kind, json, opts.caller);
  return insertSnapshot(h, kind, query, json, dataVersion, opts);
}

export function createSnapshot(
  h: DbHandle,
  kind: "compare",
  query: string,
  payload: ComparePayload,
  opts: SnapshotOpts = {},
): Promise<SnapshotRow> {
  // what is stored must read back through lib/snapshot's schema; this keeps the two shapes in step at compile time
  const data: CompareData = payload;
  return insert(h, kind, query, JSON.stringify(data), payload.dataVersion, opts);
}

/** A computed plan (app/plan/load.ts) under its canonical query; refused if it would not read back. */
export async function createPlanSnapshot(
  h: DbHandle,
  payload: PlanSnapshotInput,
  opts: SnapshotOpts = {},
): Promise<SnapshotRow> {
  const checked = checkPlanPayload(payload);
  if (!checked.ok) throw new Error(checked.message);
  return insert(h, "plan", payload.query, JSON.stringify(checked.payload), payload.dataVersion, opts);
}

/** A reproduction report as the page showed it (lib/reproduce buildReproduction), under "id=…&match=…". */
export function createReproductionSnapshot(
  h: DbHandle,
  query: string,
  payload: ReproductionView,
  dataVersion: string,
  opts: SnapshotOpts = {},
): Promise<SnapshotRow> {
  return insert(h, "reproduction", query, JSON.stringify(payload), dataVersion, opts);
}

/** A frozen overview as the page showed it (app/overview/load.ts), checked against its schema before it is stored. */
export async function createOverviewSnapshot(
  h: DbHandle,
  payload: OverviewSnapshotData,
  opts: SnapshotOpts = {},
): Promise<SnapshotRow> {
  const checked = checkOverviewPayload(payload);
  if (!checked.ok) throw new Error(checked.message);
  return insert(h, "overview", payload.query, JSON.stringify(checked.payload), payload.dataVersion, opts);
}
