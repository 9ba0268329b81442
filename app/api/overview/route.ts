import { getStore } from "@/db/client";
import { jsonError } from "@/lib/http/errors";
import { OVERVIEW_KEYS } from "@/lib/overview";
import { loadOverview } from "../../overview/load";

export const dynamic = "force-dynamic";

/**
 * GET /api/overview?benchmark=&tpsPerUser=&ttftMs=&pricePerAccHour=&kwh=&pue=&preset=&bakeoff= →
 * {"benchmark","level","pricing","rows":[{system, submitter, tokensPerAccHour|null, costPerMTokens|null,
 * energyPerMTokensKWh|null, basis:{kind,id,point|null,href}, meets, why, ...}],"notes"} (../shared/CONTRACT.md).
 * The page shows a bad value beside its field and uses the default; a script gets 400 {"error":{"message","field"}}
 * instead, as it does for an unknown key.
 */
export async function GET(req: Request): Promise<Response> {
  const params = new URL(req.url).searchParams;
  for (const k of params.keys())
    if (!(OVERVIEW_KEYS as readonly string[]).includes(k))
      return jsonError(400, `Unknown query key "${k}"; /api/overview reads ${OVERVIEW_KEYS.join(", ")}`, k);
  const data = await loadOverview(await getStore(), params);
  const problem = data.issues[0];
  if (problem) return jsonError(400, problem.message, problem.field);
  return Response.json({
    benchmark: data.benchmark,
    level: data.inputs.level,
    pricing: data.inputs.pricing,
    rows: data.rows,
    notes: data.notes,
    dataVersion: data.dataVersion.version,
  });
}
