// What a route answers when its job in the worker pool (db/work/pool.ts) did not give a value: the input refused
// (400 naming file, line and field, as the job found them), or the job stopped (timed out, out of memory, queue
// full: 503; the client gone: nothing to answer). null for anything else, which the route treats as a fault.
import { JobFailed, JobRefused } from "@/db/work/pool";
import { jsonError } from "@/lib/http/errors";

export function jobErrorResponse(e: unknown): Response | null {
  if (e instanceof JobRefused) {
    const r = e.refused;
    return jsonError(400, r.message, r.field, { line: r.line, file: r.file });
  }
  if (e instanceof JobFailed) {
    const res = jsonError(e.status, e.message, null, { line: null });
    if (e.retryAfterS !== null) res.headers.set("retry-after", String(e.retryAfterS));
    return res;
  }
  return null;
}
