// The /api/v1 routes, one entry each (issue 29): path, the query keys it takes (a zod object: a key it does not
// name is a 400 that names it), its path parameters and its 200 body. The handlers (app/api/v1/**/route.ts) read
// their entry, the OpenAPI document (./openapi.ts) is generated from the list, and the contract test requests
// every entry. Adding a route: one entry here and one small route file calling app/api/v1/respond.ts. Pure.
import { z } from "zod";
import { FILTERS, LIST_KEYS } from "../filters";
import { RESULT_ID, UPLOAD_ID } from "../id-patterns";
import { PLAN_KEYS } from "../plan/params";
import { SORT_KEYS } from "../url-state";
import {
  BakeoffUpload,
  Campaign,
  ChangeList,
  ChartData,
  Compare,
  CurveDetail,
  CurveList,
  Plan,
  Reproduction,
  ResultDetail,
  ResultPage,
} from "./schemas";

/** What a v1 route answers with besides JSON (a chart's CSV, SVG and PNG), chosen by `format=`. */
export type Extra = "text/csv" | "image/svg+xml" | "image/png";

export interface V1Route {
  operationId: string;
  /** OpenAPI form: `/api/v1/results/{id}`. */
  path: string;
  summary: string;
  description: string;
  params: z.ZodObject | null;
  query: z.ZodObject;
  response: z.ZodType;
  /** Other media types the route answers with (by `format=`). */
  extra: readonly Extra[];
}

const q = (description: string) => z.string().optional().meta({ description });

/** The explorer's filter keys, the same as /results and /api/results take (lib/filters.ts FILTERS). */
const filterKeys = Object.fromEntries(
  FILTERS.map(
    (f) =>
      [
        f.key,
        q((LIST_KEYS as readonly string[]).includes(f.key) ? `${f.label}: a comma-separated list` : f.label),
      ] as const,
  ),
) as Record<(typeof FILTERS)[number]["key"], ReturnType<typeof q>>;

const explorerKeys = {
  ...filterKeys,
  per: z.enum(["raw", "accelerator"]).optional().meta({ description: "accelerator: rank by the derived figure" }),
  sort: z.enum(SORT_KEYS).optional(),
  dir: z.enum(["asc", "desc"]).optional(),
};

const idParam = (re: RegExp, what: string) =>
  z.object({
    id: z
      .string()
      .regex(re)
      .meta({ description: `the ${what}'s id` }),
  });

const resultId = idParam(RESULT_ID, "result");
const curveId = idParam(RESULT_ID, "curve");
const uploadId = (what: string) => idParam(UPLOAD_ID, what);
const chartFormat = z
  .enum(["json", "csv", "svg", "png"])
  .optional()
  .meta({ description: "json (default): the chart's points; csv: one row per point; svg/png: the chart image" });

export const V1_ROUTES = [
  {
    operationId: "listResults",
    path: "/api/v1/results",
    summary: "Published results, filtered, sorted and paged",
    description:
      "The explorer's rows. Without `sort`, ranked as the explorer ranks them (best first). `next` links the following page.",
    params: null,
    query: z.strictObject({
      ...explorerKeys,
      page: z.string().regex(/^\d+$/).optional().meta({ description: "1-based page" }),
      limit: z.string().regex(/^\d+$/).optional().meta({ description: "rows per page, 1–500 (default 50)" }),
    }),
    response: ResultPage,
    extra: [],
  },
  {
    operationId: "getResult",
    path: "/api/v1/results/{id}",
    summary: "One result with its context",
    description:
      "The result, its read-in-context checklist, the flags it must carry, its citation footnotes and the derived per-accelerator figure.",
    params: resultId,
    query: z.strictObject({}),
    response: ResultDetail,
    extra: [],
  },
  {
    operationId: "compare",
    path: "/api/v1/compare",
    summary: "Results side by side, with comparability flags",
    description:
      "Up to 6 results, 4 bake-off uploads and MLPerf Endpoints curves; read `flags` (severity block means: do not rank these).",
    params: null,
    query: z.strictObject({
      ids: q("comma-separated result ids (1–6)"),
      bakeoff: q("comma-separated bake-off upload ids (0–4)"),
      curves: q("comma-separated MLPerf Endpoints curve ids, set beside the results"),
    }),
    response: Compare,
    extra: [],
  },
  {
    operationId: "getBakeoffUpload",
    path: "/api/v1/bakeoff/{id}",
    summary: "A stored bake-off upload",
    description: "An uploaded serving benchmark's load points as stored (user-supplied, unverified).",
    params: uploadId("upload"),
    query: z.strictObject({}),
    response: BakeoffUpload,
    extra: [],
  },
  {
    operationId: "getReproduction",
    path: "/api/v1/reproductions/{id}",
    summary: "A reproduction report",
    description: "Uploaded LoadGen runs against the published result they reproduce; `match` picks another candidate.",
    params: uploadId("reproduction"),
    query: z.strictObject({ match: q("a candidate's result id or MLCommons id") }),
    response: Reproduction,
    extra: [],
  },
  {
    operationId: "getCampaign",
    path: "/api/v1/campaigns/{id}",
    summary: "An evaluation campaign's report",
    description: "Members, what differs between them, capacity per deployment shape. `a`/`b` pick two runs to diff.",
    params: uploadId("campaign"),
    query: z.strictObject({ a: q("run key of the first run to diff"), b: q("run key of the second run to diff") }),
    response: Campaign,
    extra: [],
  },
  {
    operationId: "plan",
    path: "/api/v1/plan",
    summary: "A capacity plan",
    description:
      "The /plan page's plan: per basis whether it can be planned from and why not, the nodes it needs and every step of the arithmetic; bases of different benchmarks get a block flag.",
    params: null,
    query: z.strictObject(
      Object.fromEntries(PLAN_KEYS.map((k) => [k, q(`the /plan page's ${k} field`)] as const)) as Record<
        (typeof PLAN_KEYS)[number],
        ReturnType<typeof q>
      >,
    ),
    response: Plan,
    extra: [],
  },
  {
    operationId: "listCurves",
    path: "/api/v1/curves",
    summary: "MLPerf Endpoints curves",
    description:
      "One curve per system, model and cohort, points sorted by concurrency; `status=superseded` lists history.",
    params: null,
    query: z.strictObject({
      ...filterKeys,
      status: q("comma-separated curve statuses"),
      page: z.string().regex(/^\d+$/).optional(),
      limit: z.string().regex(/^\d+$/).optional(),
    }),
    response: CurveList,
    extra: [],
  },
  {
    operationId: "getCurve",
    path: "/api/v1/curves/{id}",
    summary: "One MLPerf Endpoints curve",
    description: "The curve with its points and its series across cohorts.",
    params: curveId,
    query: z.strictObject({}),
    response: CurveDetail,
    extra: [],
  },
  {
    operationId: "listChanges",
    path: "/api/v1/changes",
    summary: "What changed, import by import",
    description:
      "New, changed, no-longer-published and status changes among the results the keys select, newest first.",
    params: null,
    query: z.strictObject({ ...filterKeys, since: q("an ISO date or date-time: only changes after it") }),
    response: ChangeList,
    extra: [],
  },
  {
    operationId: "resultsChart",
    path: "/api/v1/charts/results",
    summary: "The explorer chart of a view, as data or image",
    description:
      "The figure against accelerators that ran (log scale), one series per accelerator, for the explorer view the keys select. Exactly what the chart draws; 400 when the view mixes benchmarks, scenarios or units.",
    params: null,
    query: z.strictObject({ ...explorerKeys, format: chartFormat }),
    response: ChartData,
    extra: ["text/csv", "image/svg+xml", "image/png"],
  },
  {
    operationId: "compareChart",
    path: "/api/v1/charts/compare",
    summary: "A comparison's bar chart, as data or image",
    description: "The result as published (`figure=raw`, default) or per accelerator, one bar per result.",
    params: null,
    query: z.strictObject({
      ids: q("comma-separated result ids (1–6)"),
      bakeoff: q("comma-separated bake-off upload ids (0–4)"),
      figure: z.enum(["raw", "accelerator"]).optional(),
      format: chartFormat,
    }),
    response: ChartData,
    extra: ["text/csv", "image/svg+xml", "image/png"],
  },
  {
    operationId: "curveChart",
    path: "/api/v1/charts/curves/{id}",
    summary: "A curve's chart, as data or image",
    description:
      "System output tokens/s against tokens/s per user as a step function; the dedicated Offline run a separate ceiling.",
    params: curveId,
    query: z.strictObject({ format: chartFormat }),
    response: ChartData,
    extra: ["text/csv", "image/svg+xml", "image/png"],
  },
] as const satisfies readonly V1Route[];

export type V1OperationId = (typeof V1_ROUTES)[number]["operationId"];

export function v1Route(operationId: V1OperationId): V1Route {
  const r = V1_ROUTES.find((x) => x.operationId === operationId);
  if (!r) throw new Error(`no v1 route ${operationId}`);
  return r;
}
