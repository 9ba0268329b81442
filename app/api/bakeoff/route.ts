import { storedUploadSummary, storePreparedUpload, uploadRowTarget } from "@/db/bakeoff";
import type { RawUploadFile } from "@/db/bakeoff-prepare";
import { getStore } from "@/db/client";
import { runJob, workersEnabled } from "@/db/work/pool";
import { jsonError } from "@/lib/http/errors";
import { type MultipartPart, parseMultipart, partText } from "@/lib/http/multipart";
import { guardWrite } from "@/lib/http/write-guard";
import { jobErrorResponse } from "../job-response";
import { uploadFieldsSchema, uploadMaxBytes } from "./upload-body";

export const dynamic = "force-dynamic";

function badRequest(message: string, field: string | null = null, line: number | null = null, file?: string | null) {
  return jsonError(400, message, field, file === undefined ? { line } : { line, file });
}

/**
 * POST /api/bakeoff (multipart: `file` one or more; optional `label`, `accelerator`, `accelerators`, `nodes`,
 * `family`) → 201 {id, url, format, runs, warnings, modelFamily, perRequestSamples, full}; 400
 * {error:{message,line,field,file}}; 401; 413; 503 when the parse was stopped (time, memory) or the pool is full.
 */
export async function POST(req: Request): Promise<Response> {
  const g = await guardWrite(req, { route: "POST /api/bakeoff", maxBytes: uploadMaxBytes(), field: "file" });
  if (!g.ok) return g.response;
  const body = g.body;
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    return badRequest(
      `expected a multipart/form-data body with one or more \`file\` fields; got ${contentType ? `"${contentType.slice(0, 60)}"` : "no content type"}`,
      "file",
    );
  }
  // split on the boundary (a native byte search, lib/http/multipart.ts): each file a view of the body, which moves
  // to the worker uncopied (issue 26: undici's formData() held this thread ~0.3 s per 4 MB and copied every file)
  let parts: MultipartPart[];
  try {
    parts = parseMultipart(body, contentType);
  } catch {
    return badRequest("malformed multipart/form-data body (cut short, or the boundary does not match)", "file");
  }
  const fields: Record<string, unknown> = {};
  for (const key of ["label", "accelerator", "accelerators", "nodes", "family"] as const) {
    const v = parts.find((p) => p.name === key);
    if (v && v.filename !== null) return badRequest(`${key} must be a text field, not a file`, key);
    fields[key] = v ? partText(v) : null;
  }
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return badRequest(issue?.message ?? "invalid field", String(issue?.path[0] ?? ""));
  }
  // bytes as sent: decoding (strict UTF-8, a bad byte named with its line), parsing and the request's budget are the
  // job's, in the worker pool (db/work), so this thread stays free for everyone else's requests (issue 26)
  const files: RawUploadFile[] = [];
  for (const v of parts.filter((p) => p.name === "file")) {
    if (v.filename === null) files.push({ name: "pasted text", text: partText(v) });
    else files.push({ name: v.filename || "upload", bytes: v.bytes });
  }
  if (files.length === 0) {
    return badRequest("no file: expected one or more multipart fields named `file` holding benchmark output", "file");
  }
  try {
    const h = await getStore();
    // on SQLite the worker that parsed the upload also writes its row, on its own connection: a max-cap upload's
    // 16 MB insert no longer runs on this thread (issue 26)
    const write = workersEnabled() ? uploadRowTarget(h) : null;
    const done = await runJob(
      {
        kind: "bakeoff",
        input: {
          files,
          label: parsed.data.label ?? null,
          accelerator: parsed.data.accelerator ?? null,
          accelerators: parsed.data.accelerators ?? null,
          nodes: parsed.data.nodes ?? null,
          modelFamily: parsed.data.family ?? null,
        },
        write,
      },
      { signal: req.signal, transfer: [body.buffer] },
    );
    const saved = done.stored
      ? storedUploadSummary(done.stored.id, done.stored.createdAt, done.row)
      : await storePreparedUpload(h, done.row);
    const url = `/bakeoff/${saved.id}`;
    return Response.json(
      {
        id: saved.id,
        url,
        format: saved.format,
        label: saved.label,
        modelFamily: saved.modelFamily,
        accelerators: saved.accelerators,
        // per-request samples are left out (perRequest null); `perRequestSamples` counts them, `full` serves them
        runs: saved.runs,
        warnings: saved.warnings,
        perRequestSamples: saved.perRequestSamples,
        full: `/api/bakeoff/${saved.id}?full=1`,
      },
      { status: 201, headers: { location: url } },
    );
  } catch (e) {
    const answer = jobErrorResponse(e);
    if (answer) return answer;
    console.error("POST /api/bakeoff failed", e);
    return jsonError(500, "internal error while saving the upload; nothing was stored", null, { line: null });
  }
}
