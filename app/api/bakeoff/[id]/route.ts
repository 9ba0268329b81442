import { getBakeoffUploadDetail, UPLOAD_ID_RE } from "@/db/bakeoff";
import { getStore } from "@/db/client";
import { jsonError } from "@/lib/http/errors";
import { bakeoffToCsv } from "./csv";

export const dynamic = "force-dynamic";

/** GET /api/bakeoff/{id} → the stored upload; `?format=csv` → its load points as CSV. 400 malformed, 404 unknown. */
export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  if (!UPLOAD_ID_RE.test(id))
    return jsonError(400, "malformed bake-off id: expected 22–64 characters of A–Z a–z 0–9 _ -", "id");
  const upload = await getBakeoffUploadDetail(await getStore(), id);
  if (!upload) return jsonError(404, "no bake-off upload with this id", "id");
  const format = new URL(req.url).searchParams.get("format");
  if (format === "csv") {
    return new Response(bakeoffToCsv(upload), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="perfcontext-bakeoff-${id}.csv"`,
      },
    });
  }
  if (format !== null && format !== "json") return jsonError(400, "format must be json or csv", "format");
  return Response.json(upload);
}
