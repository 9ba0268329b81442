import { loadOverview, overviewSnapshotPayload } from "@/app/overview/load";
import { loadPlan, planSnapshotPayload } from "@/app/plan/load";
import { getStore } from "@/db/client";
import { buildCompare, UnknownIds } from "@/db/queries/compare";
import type { SnapshotRow } from "@/db/queries/snapshots";
import { getDataVersion } from "@/db/queries/version";
import { loadReproduction } from "@/db/reproductions";
import {
  createOverviewSnapshot,
  createPlanSnapshot,
  createReproductionSnapshot,
  createSnapshot,
  type SnapshotOpts,
  SnapshotRefused,
} from "@/db/snapshots";
import { jsonError } from "@/lib/http/errors";
import { authState, guardWrite } from "@/lib/http/write-guard";
import { parseSnapshotRequest } from "@/lib/snapshot";
import { parseStrictJson } from "@/lib/text/strict-json";

export const dynamic = "force-dynamic";

const MAX_BODY = 8 * 1024;

function created(row: SnapshotRow): Response {
  return Response.json(
    {
      token: row.token,
      kind: row.kind,
      url: `/s/${row.token}`,
      query: row.query,
      dataVersion: row.dataVersion,
      createdAt: row.createdAt,
    },
    { status: 201 },
  );
}

/**
 * POST /api/snapshots {kind:"compare", query:"ids=a,b"} or {kind:"plan", query:"basis=…&rps=…"}
 * → 201 {token, kind, url:"/s/<token>", query, dataVersion, createdAt}.
 * The server recomputes the comparison or plan itself from the canonical query (the client's copy is never
 * trusted) and stores it immutably.
 */
export async function POST(req: Request): Promise<Response> {
  // freezing is a write: with a token set it needs one, unless PERFCONTEXT_OPEN_FREEZE=1 opens it to readers,
  // whose snapshots then fill their own quota (db/snapshots.ts SnapshotCaller), never the admin's
  const g = await guardWrite(req, { route: "POST /api/snapshots", maxBytes: MAX_BODY, open: "freeze" });
  if (!g.ok) return g.response;
  const opts: SnapshotOpts = { caller: authState(req) === "anonymous" ? "anonymous" : "admin" };
  const json = parseStrictJson(g.body, "body");
  if (!json.ok)
    return jsonError(400, `request body must be JSON: {"kind":"compare","query":"ids=…"}: ${json.message}`, "body", {
      line: json.line,
    });
  try {
    return await freeze(json.value, opts);
  } catch (e) {
    if (e instanceof SnapshotRefused) return jsonError(e.kind === "quota" ? 507 : 413, e.message, "query");
    throw e;
  }
}

async function freeze(body: unknown, opts: SnapshotOpts): Promise<Response> {
  const parsed = parseSnapshotRequest(body);
  if (!parsed.ok) return jsonError(400, parsed.message, parsed.field);
  const h = await getStore();
  if (parsed.kind === "reproduction") {
    // one transaction: the view and the data version it records come from the same state of the database
    const view = await h.tx(async (t) => {
      const v = await loadReproduction(t, parsed.id, parsed.match);
      return v ? { v, dataVersion: (await getDataVersion(t)).version } : null;
    });
    if (!view) return jsonError(400, `no reproduction ${parsed.id}`, "query.id");
    return created(await createReproductionSnapshot(h, parsed.query, view.v, view.dataVersion, opts));
  }
  if (parsed.kind === "overview") {
    // one transaction: the rows and the data version they record come from the same state of the database
    const data = await h.tx((t) => loadOverview(t, new URLSearchParams(parsed.query)));
    if (!data.benchmark) return jsonError(400, "nothing to freeze: the database holds no LLM benchmark", "query");
    return created(await createOverviewSnapshot(h, overviewSnapshotPayload(data), opts));
  }
  if (parsed.kind === "plan") {
    // one transaction: the plan and the data version it records come from the same state of the database
    const data = await h.tx((t) => loadPlan(t, new URLSearchParams(parsed.query)));
    if (data.plans.length === 0) {
      const why = data.issues
        .filter((i) => i.field === "basis" || i.field === "bakeoff" || i.field === "curve")
        .map((i) => i.message);
      return jsonError(400, `nothing to freeze: ${why.join(" ") || "the plan has no basis"}`, "query.basis");
    }
    return created(await createPlanSnapshot(h, planSnapshotPayload(data, parsed.query), opts));
  }
  let payload: Awaited<ReturnType<typeof buildCompare>>;
  try {
    payload = await buildCompare(h, parsed.ids, parsed.bakeoff, parsed.curves);
  } catch (e) {
    if (e instanceof UnknownIds) return jsonError(400, e.message, `query.${e.field}`);
    throw e;
  }
  return created(await createSnapshot(h, parsed.kind, parsed.query, payload, opts));
}
