// A v1 answer checked against its schema (issue 29's contract: only the documented fields go out), as JSON text.
// Where the check runs is the caller's: app/api/v1/respond.ts runs it on the request thread for small answers; a
// campaign's report (1.7 MB for 32 members on a max-cap upload) is parsed and checked in a worker, which moves the
// text's bytes back (db/work/reads.ts, issue 26). Pure.
import type { z } from "zod";
import type { StoredReport } from "../campaign/stored";
import { Campaign } from "./schemas";

/** The JSON text of `schema.parse(value)`, or where the first issue is and the first three issues. */
export type CheckedAnswer = { json: string } | { invalid: { at: string; issues: unknown[] } };

export function checkAnswer(schema: z.ZodType, value: unknown): CheckedAnswer {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { json: JSON.stringify(parsed.data) };
  const issue = parsed.error.issues[0];
  // plain data: the issues may cross a thread boundary
  const issues = JSON.parse(JSON.stringify(parsed.error.issues.slice(0, 3))) as unknown[];
  return { invalid: { at: issue?.path.map(String).join(".") || "(root)", issues } };
}

/**
 * GET /api/v1/campaigns/{id}: the served report (lib/campaign/stored.ts reportFromStored) checked against Campaign.
 * The schema names neither `published` nor `methodology`, so the answer is the same for every ?a=&b= pair and
 * without the published points: neither is read for it.
 */
export function campaignAnswer(report: StoredReport, dataVersion: string): CheckedAnswer {
  return checkAnswer(Campaign, { ...report, published: [], dataVersion });
}
