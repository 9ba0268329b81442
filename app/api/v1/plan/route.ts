import { planJson } from "@/lib/plan";
import { loadPlan } from "../../../plan/load";
import { V1Error, v1 } from "../respond";

export const dynamic = "force-dynamic";

/** GET /api/v1/plan?<the /plan page's keys>: the plan as GET /api/plan returns it; a bad value is a 400 naming it. */
export const { GET, OPTIONS } = v1("plan", async ({ h, req }) => {
  const data = await loadPlan(h, new URL(req.url).searchParams);
  const bad = data.issues[0];
  if (bad) throw new V1Error(400, bad.message, bad.field);
  return {
    json: planJson({ plans: data.plans, flags: data.flags, footnotes: data.footnotes, assumptions: data.shared }),
  };
});
