import { loadChanges, parseChangesQuery } from "@/app/changes/load";
import { V1Error, v1 } from "../respond";

export const dynamic = "force-dynamic";

/** GET /api/v1/changes?since=&<explorer keys>: the change log, as GET /api/changes reads it. */
export const { GET, OPTIONS } = v1("listChanges", async ({ req }) => {
  const q = parseChangesQuery(new URL(req.url).searchParams);
  const bad = q.issues[0];
  if (bad) throw new V1Error(400, bad.message, bad.field);
  return { json: { changes: (await loadChanges(q)).rows } };
});
