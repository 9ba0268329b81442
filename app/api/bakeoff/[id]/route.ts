import { getBakeoffUploadText, UPLOAD_ID_RE } from "@/db/bakeoff";
import { getStore } from "@/db/client";
import { jsonError } from "@/lib/http/errors";
import type { BakeoffRun } from "@/lib/types";
import { bakeoffToCsv } from "./csv";

export const dynamic = "force-dynamic";

/**
 * The JSON text `prefix` + `runs` + `suffix` as a stream of 1 MB chunks, one per pull (the thread turns between
 * them): a 16 MB upload is never one string built. `runs` comes as bytes when a worker read it.
 */
function streamJson(prefix: string, runs: string | Uint8Array, suffix: string): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  const CHUNK = 1 << 20;
  let at = -1;
  return new ReadableStream({
    pull(c) {
      if (at === -1) {
        c.enqueue(enc.encode(prefix));
        at = 0;
      } else if (at < runs.length) {
        c.enqueue(typeof runs === "string" ? enc.encode(runs.slice(at, at + CHUNK)) : runs.subarray(at, at + CHUNK));
        at += CHUNK;
      } else {
        c.enqueue(enc.encode(suffix));
        c.close();
      }
    },
  });
}

/**
 * GET /api/bakeoff/{id} → the stored upload. Its runs come without their per-request samples (each `perRequest`
 * null) when it has any: `perRequestSamples` counts them and `full` is the URL that serves them; `?full=1` → the
 * whole upload, streamed (issue 26: a max-cap upload is 16 MB of JSON). `?format=csv` → its load points as CSV.
 * 400 malformed, 404 unknown.
 */
export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  if (!UPLOAD_ID_RE.test(id))
    return jsonError(400, "malformed bake-off id: expected 22–64 characters of A–Z a–z 0–9 _ -", "id");
  const q = new URL(req.url).searchParams;
  const full = q.get("full");
  if (full !== null && full !== "1" && full !== "0") return jsonError(400, "full must be 1 or 0", "full");
  const format = q.get("format");
  if (format !== null && format !== "json" && format !== "csv")
    return jsonError(400, "format must be json or csv", "format");
  const upload = await getBakeoffUploadText(await getStore(), id, full === "1" && format !== "csv");
  if (!upload) return jsonError(404, "no bake-off upload with this id", "id");
  if (format === "csv") {
    const text = typeof upload.runs === "string" ? upload.runs : new TextDecoder().decode(upload.runs);
    return new Response(bakeoffToCsv({ ...upload.head, runs: JSON.parse(text) as BakeoffRun[] }), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="perfcontext-bakeoff-${id}.csv"`,
      },
    });
  }
  const head = { ...upload.head, summarised: upload.summarised, full: `/api/bakeoff/${id}?full=1` };
  const prefix = `${JSON.stringify(head).slice(0, -1)},"runs":`;
  return new Response(streamJson(prefix, upload.runs, "}"), {
    headers: { "content-type": "application/json" },
  });
}
