// Snapshot tokens and the canonical queries a snapshot freezes: a comparison, a capacity plan or a reproduction
// report, read from a POST /api/snapshots body. Pure: callers supply the random bytes.
import { z } from "zod";
import { canonicalCompareQuery, parseCompareParams } from "../compare-params";

export { canonicalCompareQuery, compareHref } from "../compare-params";

import { PUBLISHED_REF, UPLOAD_ID } from "../id-patterns";
import { overviewQuery, parseOverviewParams } from "../overview/params";
import { parsePlanParams, planQuery } from "../plan";

/** 18 random bytes = 144 bits, written as 24 base64url characters. */
export const TOKEN_BYTES = 18;
export const TOKEN_PATTERN = UPLOAD_ID;

/** Random bytes → an unguessable URL-safe token; refuses fewer than 128 bits. */
export function tokenFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 16) throw new Error("a snapshot token needs at least 16 random bytes (128 bits)");
  return Buffer.from(bytes).toString("base64url");
}

export function isSnapshotToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export const SNAPSHOT_KINDS = ["compare", "plan", "reproduction", "overview"] as const;
export type SnapshotKind = (typeof SNAPSHOT_KINDS)[number];

const requestSchema = z.object({
  kind: z.enum(SNAPSHOT_KINDS),
  query: z.string().max(2000),
});

export type SnapshotRequest =
  | { ok: true; kind: "compare"; ids: string[]; bakeoff: string[]; curves: string[]; query: string }
  | { ok: true; kind: "plan"; query: string }
  | { ok: true; kind: "overview"; query: string }
  | { ok: true; kind: "reproduction"; id: string; match: string | null; query: string }
  | { ok: false; message: string; field: string };

/**
 * POST /api/snapshots body → the canonical comparison or plan to freeze.
 * compare: "ids=…", "?ids=…" or "/compare?ids=…". plan: "basis=…&rps=…", "?…" or "/plan?…", with at least one basis.
 */
export function parseSnapshotRequest(body: unknown): SnapshotRequest {
  const r = requestSchema.safeParse(body);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = issue?.path.join(".") || "body";
    return {
      ok: false,
      message: `expected {"kind":"compare","query":"ids=…"} or {"kind":"plan","query":"basis=…"} (${field}: ${issue?.message})`,
      field,
    };
  }
  if (r.data.kind === "reproduction") {
    // "id=<reproduction id>[&match=<result id>]", "?…" or "/reproduce/<id>?match=…"
    const q = r.data.query;
    const path = /^\/reproduce\/([A-Za-z0-9_-]+)(?:\?(.*))?$/.exec(q);
    const params = new URLSearchParams(path ? (path[2] ?? "") : q.replace(/^\?/, ""));
    const id = path?.[1] ?? params.get("id") ?? "";
    const match = params.get("match")?.trim() || null;
    if (!UPLOAD_ID.test(id))
      return { ok: false, message: "a reproduction snapshot needs id=<reproduction id>", field: "query.id" };
    if (match !== null && !PUBLISHED_REF.test(match))
      return { ok: false, message: "match must be a published result id", field: "query.match" };
    return { ok: true, kind: "reproduction", id, match, query: reproductionQuery(id, match) };
  }
  if (r.data.kind === "overview") {
    // "benchmark=…&tpsPerUser=…", "?…" or "/overview?…": the canonical query of what the page showed
    const raw = r.data.query.replace(/^\/overview(?=\?|$)/, "").replace(/^\?/, "");
    return { ok: true, kind: "overview", query: overviewQuery(parseOverviewParams(new URLSearchParams(raw)).form) };
  }
  if (r.data.kind === "plan") {
    const raw = r.data.query.replace(/^\/plan(?=\?|$)/, "").replace(/^\?/, "");
    const p = parsePlanParams(new URLSearchParams(raw));
    if (p.inputs.basis.length + p.inputs.bakeoff.length + p.inputs.curve.length === 0) {
      const malformed = p.issues.find((i) => i.field === "basis" || i.field === "bakeoff" || i.field === "curve");
      return {
        ok: false,
        message: malformed
          ? `${malformed.message}; a plan snapshot needs at least one basis`
          : "a plan snapshot needs at least one basis (basis=<result id>, bakeoff=<upload id> or curve=<curve id>)",
        field: "query.basis",
      };
    }
    return { ok: true, kind: "plan", query: planQuery(p.form) };
  }
  const raw = r.data.query.replace(/^\/compare/, "").replace(/^\?/, "");
  const p = parseCompareParams(new URLSearchParams(raw));
  if (!p.ok) return { ok: false, message: p.message, field: `query.${p.field}` };
  return {
    ok: true,
    kind: "compare",
    ids: p.ids,
    bakeoff: p.bakeoff,
    curves: p.curves,
    query: canonicalCompareQuery(p.ids, p.bakeoff, p.curves),
  };
}

/** The one query string a reproduction snapshot stores: "id=…&match=…". */
export function reproductionQuery(id: string, match: string | null): string {
  return `id=${encodeURIComponent(id)}${match ? `&match=${encodeURIComponent(match)}` : ""}`;
}

/** "id=…&match=…" → "/reproduce/…?match=…", the live report a snapshot links back to. */
export function reproductionHref(query: string): string {
  const p = new URLSearchParams(query);
  const id = p.get("id") ?? "";
  const match = p.get("match");
  return `/reproduce/${encodeURIComponent(id)}${match ? `?match=${encodeURIComponent(match)}` : ""}`;
}

export function planHref(query: string): string {
  return query ? `/plan?${query}` : "/plan";
}
