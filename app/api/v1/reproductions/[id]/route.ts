import { loadReproduction } from "@/db/reproductions";
import { reproductionJson } from "@/lib/reproduce/index";
import { V1Error, v1 } from "../../respond";

export const dynamic = "force-dynamic";

/** GET /api/v1/reproductions/{id}[?match=]: the reproduction report, matched as `match` says. */
export const { GET, OPTIONS } = v1("getReproduction", async ({ h, params, query }) => {
  const view = await loadReproduction(h, params.id ?? "", query.match?.trim() || null);
  if (!view) throw new V1Error(404, "no reproduction with this id", "id");
  return { json: reproductionJson(view) };
});
