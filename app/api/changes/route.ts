import { loadChanges, parseChangesQuery } from "@/app/changes/load";
import { jsonError } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/**
 * GET /api/changes?since=ISO&<explorer keys> → {"changes":[{at, source, kind, id, fields:[{field, old, new}], round,
 * label}]}, newest first: what each import changed among the results the filters select (../shared/CONTRACT.md).
 * 400 on a bad value, naming the field.
 */
export async function GET(req: Request): Promise<Response> {
  const q = parseChangesQuery(new URL(req.url).searchParams);
  const bad = q.issues[0];
  if (bad) return jsonError(400, bad.message, bad.field);
  const { rows } = await loadChanges(q);
  return Response.json({ changes: rows });
}
