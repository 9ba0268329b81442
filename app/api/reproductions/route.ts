import { uploadMaxBytes } from "@/app/api/bakeoff/upload-body";
import { getStore } from "@/db/client";
import { loadReproduction, type RawUpload, storePreparedReproduction } from "@/db/reproductions";
import { runJob } from "@/db/work/pool";
import { jsonError } from "@/lib/http/errors";
import { type MultipartPart, parseMultipart, partText } from "@/lib/http/multipart";
import { guardWrite } from "@/lib/http/write-guard";
import { PUBLISHED_REF } from "@/lib/id-patterns";
import { reproductionJson } from "@/lib/reproduce/index";
import { jobErrorResponse } from "../job-response";

export const dynamic = "force-dynamic";

function badRequest(
  message: string,
  field: string | null = null,
  line: number | null = null,
  file: string | null = null,
) {
  return jsonError(400, message, field, { line, file });
}

/**
 * POST /api/reproductions (multipart: one or more `file` fields — LoadGen logs, systems JSON, accuracy files, or one
 * .zip/.tar.gz of a result folder; a folder upload names each file by its relative path; optional `match` = a
 * published result id) → 201 {id, url, match, candidates, scenarios, …}; 400 {error:{message,line,field,file}}; 401; 413.
 */
export async function POST(req: Request): Promise<Response> {
  // the shared write guard: rate limit, the admin token when one is set, and the streamed body size cap
  const g = await guardWrite(req, { route: "POST /api/reproductions", maxBytes: uploadMaxBytes(), field: "file" });
  if (!g.ok) return g.response;
  const body = g.body;
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    return badRequest("expected a multipart/form-data body with one or more `file` fields", "file");
  // split on the boundary without copying (lib/http/multipart.ts; issue 26): the files move to the worker as views
  // of the body, whose buffer is transferred
  let parts: MultipartPart[];
  try {
    parts = parseMultipart(body, contentType);
  } catch {
    return badRequest("malformed multipart/form-data body (cut short, or the boundary does not match)", "file");
  }
  const matchPart = parts.find((p) => p.name === "match");
  const match = matchPart && matchPart.filename === null ? partText(matchPart).trim() : null;
  if (matchPart && (match === null || (match !== "" && !PUBLISHED_REF.test(match))))
    return badRequest("match must be a published result id", "match");
  const files: RawUpload[] = [];
  for (const v of parts.filter((p) => p.name === "file")) {
    if (v.filename === null) files.push({ name: "pasted text", bytes: v.bytes });
    else files.push({ name: v.filename || "upload", bytes: v.bytes });
  }
  if (files.length === 0)
    return badRequest(
      "no file: expected `file` fields holding a LoadGen result folder's logs, or one .zip/.tar.gz of it",
      "file",
    );
  const h = await getStore();
  try {
    // unpacking (one budget for the whole request) and reading the folder run in the worker pool (db/work, issue 26)
    const prepared = await runJob({ kind: "reproduction", files }, { signal: req.signal, transfer: [body.buffer] });
    const { id } = await storePreparedReproduction(h, prepared);
    const view = await loadReproduction(h, id, match || null);
    if (!view) throw new Error("stored reproduction not found");
    return Response.json(reproductionJson(view), { status: 201, headers: { location: view.url } });
  } catch (e) {
    const answer = jobErrorResponse(e);
    if (answer) return answer;
    console.error("POST /api/reproductions failed", e);
    return jsonError(500, "internal error while saving the reproduction; nothing was stored", null, { line: null });
  }
}
