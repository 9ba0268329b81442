import { loadChanges, parseChangesQuery } from "@/app/changes/load";
import { jsonError } from "@/lib/http/errors";
import { atomXml } from "@/lib/lifecycle/atom";
import { describeChange, KIND_LABEL } from "@/lib/lifecycle/changes";
import { changeHref } from "@/lib/lifecycle/curve-changes";

export const dynamic = "force-dynamic";

/** Entries one feed holds: the newest (a feed reader keeps what it has already seen). */
const FEED_ENTRIES = 200;

/**
 * GET /changes.atom?<explorer keys> → Atom 1.0 of the change log: every change with no keys, one saved explorer
 * view's changes with its query (the explorer's "Changes feed" link writes it). 400 (JSON) on a bad value.
 */
export async function GET(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const q = parseChangesQuery(url.searchParams);
  const bad = q.issues[0];
  if (bad) return jsonError(400, bad.message, bad.field);
  const { rows, view } = await loadChanges(q, FEED_ENTRIES);
  const origin = url.origin;
  const query = url.searchParams.toString();
  // a saved view's feed names its view; `since` alone narrows time, not results
  const filtered = [...url.searchParams.keys()].some((k) => k !== "since");
  const xml = atomXml({
    selfUrl: `${origin}/changes.atom${query ? `?${query}` : ""}`,
    htmlUrl: `${origin}/changes${query ? `?${query}` : ""}`,
    title: filtered ? `PerfContext changes: ${view}` : "PerfContext: changes to published results",
    subtitle: "New results, changed values, results no longer in their official source, and status changes.",
    updated: rows[0]?.at ?? new Date().toISOString(),
    entries: rows.map((r) => ({
      // a curve can move twice in one refresh (finalized, then superseded by a later cohort): the status it took
      // keeps each entry's id its own
      id: `${origin}${changeHref(r.id)}#${r.kind}-${r.at}${r.kind === "status" ? `-${String(r.fields[0]?.new ?? "")}` : ""}`,
      title: `${KIND_LABEL[r.kind]}: ${r.label} (${r.round})`,
      updated: r.at,
      link: `${origin}${changeHref(r.id)}`,
      summary: `${describeChange(r)}. Source: ${r.source}`,
      category: r.kind,
    })),
  });
  return new Response(xml, { headers: { "content-type": "application/atom+xml; charset=utf-8" } });
}
