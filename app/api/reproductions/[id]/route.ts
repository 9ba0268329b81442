import { getStore } from "@/db/client";
import { loadReproduction } from "@/db/reproductions";
import { jsonError } from "@/lib/http/errors";
import { reproductionJson } from "@/lib/reproduce/index";

export const dynamic = "force-dynamic";

/** GET /api/reproductions/{id}[?match=<result id>] → the same object POST returned (matched as the URL says). */
export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  const match = new URL(req.url).searchParams.get("match");
  const view = await loadReproduction(await getStore(), id, match?.trim() || null);
  if (!view) return jsonError(404, `no reproduction ${id.slice(0, 64)}`, "id");
  return Response.json(reproductionJson(view));
}
