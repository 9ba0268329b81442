import { getDb } from "@/db/client";
import { getResultById, getSiblings } from "@/db/queries/results";
import { readInContext } from "@/lib/context";
import { jsonError } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/** GET /api/results/{id} → one Result with latency and the read-in-context checklist; 400 malformed, 404 unknown. */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  if (!/^[a-z0-9]{16}$/.test(id))
    return jsonError(400, "malformed result id: expected 16 lower-case hex characters", "id");
  const h = getDb();
  const r = getResultById(h, id);
  if (!r) return jsonError(404, `no result with id ${id}`, "id");
  const context = readInContext(r, { siblings: getSiblings(h, r) });
  return Response.json({ ...r, context });
}
