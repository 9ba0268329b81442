// The shapes of the ids that travel in URLs, checked before anything is looked up: one definition each. Pure.

/** A published result's id: 16 hex characters, FNV-1a 64 of its natural key (lib/mlperf/ids.ts resultIdFor). */
export const RESULT_ID = /^[a-z0-9]{16}$/;

/** A bake-off upload's id or a snapshot's token: 22–64 URL-safe base64 characters (db/bakeoff.ts, db/snapshots). */
export const UPLOAD_ID = /^[A-Za-z0-9_-]{22,64}$/;

export function isResultId(s: string): boolean {
  return RESULT_ID.test(s);
}

export function isUploadId(s: string): boolean {
  return UPLOAD_ID.test(s);
}
