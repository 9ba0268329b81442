// The shapes of the ids that travel in URLs, checked before anything is looked up: one definition each. Pure.

/** A published result's id: 16 hex characters, FNV-1a 64 of its natural key (lib/mlperf/ids.ts resultIdFor). */
export const RESULT_ID = /^[a-z0-9]{16}$/;

/**
 * A bake-off upload's, campaign's or reproduction's id, or a snapshot's token: 22–64 URL-safe base64 characters
 * (db/bakeoff.ts, db/campaigns.ts, db/reproductions.ts, db/snapshots.ts).
 */
export const UPLOAD_ID = /^[A-Za-z0-9_-]{22,64}$/;

export function isResultId(s: string): boolean {
  return RESULT_ID.test(s);
}

/**
 * A published result as a reproduction names it: PerfContext's id or the MLCommons result id ("6.0-0002"), up to 64
 * URL-safe characters (&match= of /reproduce and of a reproduction snapshot, POST /api/reproductions).
 */
export const PUBLISHED_REF = /^[A-Za-z0-9_.-]{1,64}$/;

export function isUploadId(s: string): boolean {
  return UPLOAD_ID.test(s);
}
