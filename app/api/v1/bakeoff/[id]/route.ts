import { getBakeoffUploadText } from "@/db/bakeoff";
import type { BakeoffRun } from "@/lib/types";
import { V1Error, v1 } from "../../respond";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/bakeoff/{id}: a stored upload's load points, per-request samples left out. It reads the stored summary
 * (`runs_summary`, a few KB), never the whole upload: a max-cap upload's 16 MB of samples were parsed on the request
 * thread only for the schema to drop them (issue 26).
 */
export const { GET, OPTIONS } = v1("getBakeoffUpload", async ({ h, params }) => {
  const upload = await getBakeoffUploadText(h, params.id ?? "", false);
  if (!upload) throw new V1Error(404, "no bake-off upload with this id", "id");
  const { perRequestSamples: _n, ...head } = upload.head;
  // the answer's schema has no per-request samples: a row stored before runs_summary existed is read whole and the
  // schema drops them, as it always did
  const text = typeof upload.runs === "string" ? upload.runs : new TextDecoder().decode(upload.runs);
  return { json: { ...head, runs: JSON.parse(text) as BakeoffRun[] } };
});
