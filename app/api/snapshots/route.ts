import { getDb } from "@/db/client";
import { buildCompare, UnknownIds } from "@/db/queries/compare";
import { createSnapshot } from "@/db/queries/snapshots";
import { jsonError } from "@/lib/http/errors";
import { parseSnapshotRequest } from "@/lib/snapshot";

export const dynamic = "force-dynamic";

const MAX_BODY = 8 * 1024;

/**
 * POST /api/snapshots {kind:"compare", query:"ids=a,b"} → 201 {token, url:"/s/<token>", query}.
 * The server recomputes the comparison itself (the client's copy is never trusted) and stores it immutably.
 */
export async function POST(req: Request): Promise<Response> {
  const text = await req.text();
  if (text.length > MAX_BODY) return jsonError(413, `request body over ${MAX_BODY} bytes`, "body");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return jsonError(400, 'request body must be JSON: {"kind":"compare","query":"ids=…"}', "body");
  }
  const parsed = parseSnapshotRequest(body);
  if (!parsed.ok) return jsonError(400, parsed.message, parsed.field);
  const h = getDb();
  let payload: ReturnType<typeof buildCompare>;
  try {
    payload = buildCompare(h, parsed.ids, parsed.bakeoff);
  } catch (e) {
    if (e instanceof UnknownIds) return jsonError(400, e.message, `query.${e.field}`);
    throw e;
  }
  const row = createSnapshot(h, parsed.kind, parsed.query, payload);
  return Response.json(
    {
      token: row.token,
      url: `/s/${row.token}`,
      query: row.query,
      dataVersion: row.dataVersion,
      createdAt: row.createdAt,
    },
    { status: 201 },
  );
}
