// What every /api/v1 route does around its read (issue 29), so a route file is only its load:
// - the query and path checked against the route's entry (lib/api-v1/routes.ts): unknown keys → 400 naming them;
// - an ETag from the data version (db/data-version.ts, bumped by every write) and the request, checked before the
//   read: `If-None-Match` → 304 with nothing computed;
// - the body sent as `schema.parse(body)`, so only the documented fields go out (the contract);
// - read-only CORS (`*`, GET/HEAD/OPTIONS, no credentials) and one error shape `{"error":{message, field}}`.
// Reads only: nothing here writes, so the write guard (lib/http/write-guard.ts) is not involved.
import { createHash } from "node:crypto";
import { type DbHandle, getStore } from "@/db/client";
import { readDataVersion } from "@/db/data-version";
import { type CheckedAnswer, checkAnswer } from "@/lib/api-v1/answer";
import { checkRequest } from "@/lib/api-v1/query";
import { type V1OperationId, v1Route } from "@/lib/api-v1/routes";

export const CORS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, HEAD, OPTIONS",
  "access-control-allow-headers": "If-None-Match, Accept",
  "access-control-expose-headers": "ETag, Content-Disposition",
  "access-control-max-age": "86400",
};

/** A read that cannot be answered: its status, message and the key or field it is about. */
export class V1Error extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

export interface LoadContext {
  h: DbHandle;
  req: Request;
  query: Record<string, string>;
  params: Record<string, string>;
  dataVersion: number;
}

/**
 * JSON checked against the route's schema, a ready response (a chart's CSV, SVG or PNG), or JSON already checked
 * elsewhere (a worker: db/campaign-read.ts storedCampaignV1): its bytes, or where it does not match the schema.
 */
export type Answer = { json: unknown } | { response: Response } | { checked: { bytes: Blob } | CheckedAnswer };

export function v1Error(status: number, message: string, field: string | null, extra: object = {}): Response {
  return Response.json({ error: { message, field, ...extra } }, { status, headers: CORS });
}

/** Weak comparison (RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((t) => bare(t) === bare(etag));
}

/** The CORS preflight: reads only, from any origin, without credentials. */
export function preflight(): Response {
  return new Response(null, { status: 204, headers: CORS });
}

type Ctx = { params: Promise<Record<string, string>> };

export function v1(operationId: V1OperationId, load: (c: LoadContext) => Promise<Answer>) {
  const route = v1Route(operationId);
  async function GET(req: Request, ctx?: Ctx): Promise<Response> {
    const url = new URL(req.url);
    const params = ctx ? await ctx.params : {};
    const checked = checkRequest(route, url.searchParams, params);
    if (!checked.ok) return v1Error(400, checked.message, checked.field, checked.keys ? { keys: checked.keys } : {});
    const h = await getStore();
    const dataVersion = await readDataVersion(h);
    const key = createHash("sha256").update(`${url.pathname}?${url.search}`).digest("base64url").slice(0, 16);
    const etag = `W/"v1-${dataVersion}-${key}"`;
    const headers = { ...CORS, etag, "cache-control": "public, max-age=0, must-revalidate" };
    if (matches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
    try {
      const answer = await load({ h, req, query: checked.query, params: checked.params, dataVersion });
      if ("response" in answer) {
        for (const [k, v] of Object.entries(headers)) answer.response.headers.set(k, v);
        return answer.response;
      }
      const body = "checked" in answer ? answer.checked : checkAnswer(route.response, answer.json);
      if ("bytes" in body)
        return new Response(body.bytes, { headers: { ...headers, "content-type": "application/json" } });
      if ("json" in body)
        return new Response(body.json, { headers: { ...headers, "content-type": "application/json" } });
      const { at, issues } = body.invalid;
      console.error(`[api/v1 ${operationId}] answer does not match its schema`, issues);
      return v1Error(500, `the answer does not match the v1 schema at ${at}`, null);
    } catch (e) {
      if (e instanceof V1Error) return v1Error(e.status, e.message, e.field);
      throw e;
    }
  }
  return { GET, OPTIONS: preflight };
}
