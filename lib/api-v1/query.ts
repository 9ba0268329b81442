// A v1 request's query and path checked against its route's zod objects (./routes.ts): an unknown key is a 400 that
// names every unknown key, a value the schema refuses is a 400 naming its key. The domain parsers (url-state,
// compare-params) then read the values as the unversioned routes do. Pure.
import type { z } from "zod";
import type { V1Route } from "./routes";

export type Checked =
  | { ok: true; query: Record<string, string>; params: Record<string, string> }
  | { ok: false; message: string; field: string | null; keys?: string[] };

function issueOf(e: z.ZodError, where: "query key" | "path parameter"): { message: string; field: string | null } {
  const issue = e.issues[0];
  const field = issue?.path[0] === undefined ? null : String(issue.path[0]);
  return { message: `bad ${where} ${field ?? ""}: ${issue?.message ?? "invalid"}`.replace("  ", " "), field };
}

export function checkRequest(route: V1Route, search: URLSearchParams, path: Record<string, string>): Checked {
  const allowed = new Set(Object.keys(route.query.shape));
  const unknown = [...new Set([...search.keys()].filter((k) => !allowed.has(k)))];
  if (unknown.length > 0) {
    const known = [...allowed].join(", ") || "none";
    return {
      ok: false,
      message: `unknown query key${unknown.length > 1 ? "s" : ""}: ${unknown.map((k) => k.slice(0, 40)).join(", ")} (this route takes: ${known})`,
      field: unknown[0]?.slice(0, 40) ?? null,
      keys: unknown.map((k) => k.slice(0, 40)),
    };
  }
  const repeated = [...allowed].find((k) => search.getAll(k).length > 1);
  if (repeated) return { ok: false, message: `query key ${repeated} is given more than once`, field: repeated };
  const query = Object.fromEntries(search.entries());
  const q = route.query.safeParse(query);
  if (!q.success) return { ok: false, ...issueOf(q.error, "query key") };
  if (route.params) {
    const p = route.params.safeParse(path);
    if (!p.success) return { ok: false, ...issueOf(p.error, "path parameter") };
  }
  return { ok: true, query, params: path };
}
