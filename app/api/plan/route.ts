import { getStore } from "@/db/client";
import { jsonError } from "@/lib/http/errors";
import { PLAN_KEYS, planJson, strictPlanProblem } from "@/lib/plan";
import { loadPlan } from "../../plan/load";

export const dynamic = "force-dynamic";

/**
 * GET /api/plan?<the /plan page's keys> → {bases, flags, notes} (../shared/CONTRACT.md). The page shows a bad value
 * beside its field and plans with the default; a script gets 400 {"error":{"message","field"}} instead, as it does
 * for an unknown key or a basis the database does not hold.
 */
export async function GET(req: Request): Promise<Response> {
  const params = new URL(req.url).searchParams;
  const data = await loadPlan(await getStore(), params);
  const problem = strictPlanProblem(params.keys(), PLAN_KEYS, data.issues);
  if (problem) return jsonError(400, problem.message, problem.field);
  return Response.json(
    planJson({ plans: data.plans, flags: data.flags, footnotes: data.footnotes, assumptions: data.shared }),
  );
}
