import { getStore } from "@/db/client";
import { getResultById, getSiblings } from "@/db/queries/results";
import { getDataVersion } from "@/db/queries/version";
import { footnotes, readInContext } from "@/lib/context";
import { singleFlags } from "@/lib/context/flag-rules";
import { jsonError } from "@/lib/http/errors";
import { isResultId } from "@/lib/id-patterns";
import { perAccelerator } from "@/lib/judge";

export const dynamic = "force-dynamic";

/**
 * GET /api/results/{id} → one Result with `latency`, `context` (the read-in-context checklist and paragraph),
 * `flags` (what this result alone must disclose: heterogeneous, invalid, inferred, data notes), `footnotes`
 * and `derived` (the per-accelerator figure with its formula). 400 malformed, 404 unknown.
 */
export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  if (!isResultId(id)) return jsonError(400, "malformed result id: expected 16 lower-case hex characters", "id");
  const h = await getStore();
  const r = await getResultById(h, id);
  if (!r) return jsonError(404, `no result with id ${id}`, "id");
  const context = readInContext(r, { siblings: await getSiblings(h, r) });
  return Response.json({
    ...r,
    context,
    flags: singleFlags(r),
    footnotes: footnotes([r], [], { retrievedAt: (await getDataVersion(h)).at, derived: true }),
    derived: perAccelerator(r),
  });
}
