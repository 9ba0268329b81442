// The contract test of /api/v1 (issue 29): every route the OpenAPI document lists is requested through its real
// handler over a database of real data (the v6.0 round's summary and LoadGen folders, a real vLLM and SGLang upload,
// the v6.0 AMD 8×MI355X LoadGen trio as a reproduction, a campaign of the two uploads), and every answer's status,
// media type and body are checked against the document with a JSON Schema validator (ajv, draft 2020-12), not zod.
// Also: unknown query keys are a 400 naming them, ETag/If-None-Match gives a 304, CORS is read-only.
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { saveBakeoffUpload } from "@/db/bakeoff";
import { createCampaign } from "@/db/campaigns";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { saveReproduction } from "@/db/reproductions";
import { storeUnderTest as store } from "@/db/store-under-test";
import { stores } from "@/db/test-stores";
import { openApiDocument } from "@/lib/api-v1/openapi";
import { V1_ROUTES, type V1OperationId } from "@/lib/api-v1/routes";
import { mi355xTrio } from "@/lib/reproduce/test-upload";
import { sharedPath } from "@/lib/shared-data";
import * as bakeoff from "./bakeoff/[id]/route";
import * as campaign from "./campaigns/[id]/route";
import * as changes from "./changes/route";
import * as compareChart from "./charts/compare/route";
import * as curveChart from "./charts/curves/[id]/route";
import * as resultsChart from "./charts/results/route";
import * as compare from "./compare/route";
import * as curve from "./curves/[id]/route";
import * as curves from "./curves/route";
import * as plan from "./plan/route";
import * as reproduction from "./reproductions/[id]/route";
import * as one from "./results/[id]/route";
import * as results from "./results/route";

vi.mock("@/db/client", async (original) =>
  (await import("@/db/store-under-test")).mockClient(await original<typeof import("@/db/client")>()),
);

type Handler = { GET: (req: Request, ctx?: { params: Promise<Record<string, string>> }) => Promise<Response> };
const HANDLERS: Record<V1OperationId, Handler> = {
  listResults: results,
  getResult: one,
  compare,
  getBakeoffUpload: bakeoff,
  getReproduction: reproduction,
  getCampaign: campaign,
  plan,
  listCurves: curves,
  getCurve: curve,
  listChanges: changes,
  resultsChart,
  compareChart,
  curveChart,
};

type Doc = { paths: Record<string, { get: { operationId: string; responses: Record<string, Json> } }> };
type Json = Record<string, unknown>;
const doc = openApiDocument() as unknown as Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(doc as unknown as Json, "openapi");
const pointer = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/** Checks one answer against the document; returns what was checked, for the count. */
async function checkAgainstDocument(apiPath: string, res: Response): Promise<string> {
  const op = doc.paths[apiPath]?.get;
  if (!op) throw new Error(`${apiPath} is not in the document`);
  const documented = op.responses[String(res.status)] as { content?: Record<string, unknown> } | undefined;
  expect(documented, `${op.operationId} answered ${res.status}, which the document does not list`).toBeDefined();
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  if (res.status === 304) return `${op.operationId} 304`;
  const media = (res.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
  expect(Object.keys(documented?.content ?? {}), `${op.operationId} ${res.status} ${media}`).toContain(media);
  if (media === "application/json") {
    const ref = `openapi#/paths/${pointer(apiPath)}/get/responses/${res.status}/content/${pointer(media)}/schema`;
    const validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`no schema at ${ref}`);
    const body = await res.json();
    const ok = validate(body);
    expect(ok ? [] : validate.errors?.slice(0, 5), `${op.operationId} ${res.status} body`).toEqual([]);
  } else expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  return `${op.operationId} ${res.status} ${media}`;
}

describe.each(stores())("/api/v1 against its OpenAPI document ($name store)", ({ open }) => {
  const ids: Record<string, string> = {};
  const checked: string[] = [];
  beforeAll(async () => {
    const h: DbHandle = await open();
    store.h = h;
    const r = await runImport(h, [
      sharedPath("mlperf", "summary", "v6.0.summary_results.json"),
      sharedPath("mlperf", "loadgen", "v6.0"),
      sharedPath("endpoints"),
    ]);
    expect(r.rejected).toBe(0);
    const file = (rel: string) => ({ name: rel, text: readFileSync(sharedPath("bakeoff", rel), "utf8") });
    const vllm = await saveBakeoffUpload(h, {
      files: [file(path.join("sglang", "llama_3_3_70b_offline_output.jsonl"))],
    });
    const gp = await saveBakeoffUpload(h, {
      files: [file("genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency10/profile_export_genai_perf.json")],
      accelerators: 1,
    });
    ids.bakeoff = vllm.id;
    const enc = new TextEncoder();
    const rep = await saveReproduction(
      h,
      mi355xTrio().map((e) => ({ name: e.path, bytes: enc.encode(e.text ?? "") })),
    );
    ids.reproduction = rep.id;
    const member = (id: string) => ({
      kind: "bakeoff" as const,
      id,
      shape: "chat" as const,
      cache: "warm" as const,
      condition: "baseline" as const,
    });
    ids.campaign = (await createCampaign(h, { name: "contract", members: [member(vllm.id), member(gp.id)] })).id;
    const list = (await (
      await results.GET(new Request("http://x/api/v1/results?round=v6.0&model=llama2-70b-99&scenario=Offline&limit=3"))
    ).json()) as { rows: { id: string; resultId: string }[] };
    const cl = (await (await curves.GET(new Request("http://x/api/v1/curves"))).json()) as { curves: { id: string }[] };
    ids.curve = cl.curves[0]?.id ?? "";
    ids.a = list.rows[0]?.id ?? "";
    ids.b = list.rows[1]?.id ?? "";
  }, 300_000);
  afterAll(async () => {
    await store.h?.close();
    store.h = null;
    // the acceptance figure: routes in the document and responses checked against it
    console.log(
      `[contract] ${Object.keys(doc.paths).length} routes documented; ${checked.length} responses checked: ${[...new Set(checked)].join("; ")}`,
    );
  });

  function get(op: V1OperationId, query = "", params: Record<string, string> = {}, headers: HeadersInit = {}) {
    const route = V1_ROUTES.find((r) => r.operationId === op);
    if (!route) throw new Error(op);
    const url = `http://x${route.path.replace("{id}", params.id ?? "")}${query ? `?${query}` : ""}`;
    return HANDLERS[op].GET(new Request(url, { headers }), { params: Promise.resolve(params) });
  }
  async function check(op: V1OperationId, query: string, params: Record<string, string>, status: number) {
    const route = V1_ROUTES.find((r) => r.operationId === op);
    const res = await get(op, query, params);
    expect(res.status, `${op}?${query}`).toBe(status);
    checked.push(await checkAgainstDocument(route?.path ?? "", res));
    return res;
  }

  it("every documented route answers as the document says: 200s, 400s, 404s, chart formats", async () => {
    const unknownUpload = "A".repeat(22);
    const cases: [V1OperationId, string, Record<string, string>, number][] = [
      ["listResults", "round=v6.0&limit=5", {}, 200],
      ["listResults", "round=v6.0&model=llama2-70b-99&per=accelerator&page=2&limit=2", {}, 200],
      ["listResults", "limit=0", {}, 400],
      ["getResult", "", { id: ids.a ?? "" }, 200],
      ["getResult", "", { id: "0000000000000000" }, 404],
      ["getResult", "", { id: "NOT-AN-ID" }, 400],
      ["compare", `ids=${ids.a},${ids.b}&bakeoff=${ids.bakeoff}`, {}, 200],
      ["compare", `ids=${ids.a}&curves=${ids.curve}`, {}, 200],
      ["compare", "ids=0000000000000000", {}, 404],
      ["getBakeoffUpload", "", { id: ids.bakeoff ?? "" }, 200],
      ["getBakeoffUpload", "", { id: unknownUpload }, 404],
      ["getReproduction", "", { id: ids.reproduction ?? "" }, 200],
      ["getReproduction", "", { id: unknownUpload }, 404],
      ["getCampaign", "", { id: ids.campaign ?? "" }, 200],
      ["getCampaign", "", { id: unknownUpload }, 404],
      ["plan", `basis=${ids.a}`, {}, 200],
      ["plan", `basis=${ids.a},${ids.b}&rps=10`, {}, 200],
      ["plan", "rps=-1", {}, 400],
      ["listCurves", "", {}, 200],
      ["listCurves", "status=bogus", {}, 400],
      ["getCurve", "", { id: ids.curve ?? "" }, 200],
      ["getCurve", "", { id: "0000000000000000" }, 404],
      ["listChanges", "round=v6.0", {}, 200],
      ["listChanges", "since=yesterday", {}, 400],
      ["curveChart", "", { id: ids.curve ?? "" }, 200],
      ["curveChart", "format=csv", { id: ids.curve ?? "" }, 200],
      ["curveChart", "format=svg", { id: ids.curve ?? "" }, 200],
      ["curveChart", "", { id: "0000000000000000" }, 404],
      ["resultsChart", "round=v6.0&model=llama2-70b-99&scenario=Offline&per=accelerator", {}, 200],
      ["resultsChart", "round=v6.0&model=llama2-70b-99&scenario=Offline&format=csv", {}, 200],
      ["resultsChart", "round=v6.0&model=llama2-70b-99&scenario=Offline&format=svg", {}, 200],
      ["resultsChart", "round=v6.0&model=llama2-70b-99&scenario=Offline&format=png", {}, 200],
      ["resultsChart", "round=v6.0&model=all&scenario=all", {}, 400],
      ["compareChart", `ids=${ids.a},${ids.b}`, {}, 200],
      ["compareChart", `ids=${ids.a},${ids.b}&figure=accelerator&format=csv`, {}, 200],
      ["compareChart", `ids=${ids.a},${ids.b}&format=svg`, {}, 200],
      ["compareChart", "ids=0000000000000000", {}, 404],
    ];
    for (const [op, q, p, status] of cases) await check(op, q, p, status);
    // every route in the document was requested, with a 200 and an error each
    for (const r of V1_ROUTES) {
      expect(
        checked.some((c) => c.startsWith(`${r.operationId} 200`)),
        `${r.operationId} 200`,
      ).toBe(true);
      expect(
        checked.some((c) => /^\S+ 4\d\d/.test(c) && c.startsWith(r.operationId)),
        `${r.operationId} 4xx`,
      ).toBe(true);
    }
  });

  it("compare sets a curve beside a result, as /api/compare does (it dropped curves=)", async () => {
    const res = await get("compare", `ids=${ids.a}&curves=${ids.curve}`, {});
    expect(res.status).toBe(200);
    const body = (await res.clone().json()) as {
      curves: { id: string }[];
      flags: { code: string; severity: string }[];
    };
    expect(body.curves.map((c) => c.id)).toEqual([ids.curve]);
    // the judge's curve facts (lib/judge/curve-facts.ts): an Endpoints P90 curve beside an Inference P99 result blocks
    expect(body.flags.some((f) => f.code === "latency-percentile" && f.severity === "block")).toBe(true);
    checked.push(await checkAgainstDocument("/api/v1/compare", res));
  });

  it("an unknown query key is a 400 naming it, on every route", async () => {
    for (const r of V1_ROUTES) {
      const res = await get(r.operationId, "bogus=1&colour=red", r.path.includes("{id}") ? { id: "x" } : {});
      expect(res.status).toBe(400);
      const body = (await res.clone().json()) as { error: { message: string; keys: string[] } };
      expect(body.error.keys).toEqual(["bogus", "colour"]);
      expect(body.error.message).toMatch(/unknown query keys: bogus, colour/);
      checked.push(await checkAgainstDocument(r.path, res));
    }
  });

  it("an ETag from the data version: If-None-Match gives a 304, a write changes the tag", async () => {
    const first = await get("getResult", "", { id: ids.a ?? "" });
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"v1-\d+-[\w-]+"$/);
    const again = await get("getResult", "", { id: ids.a ?? "" }, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    checked.push(await checkAgainstDocument("/api/v1/results/{id}", again));
    const other = await get("getResult", "", { id: ids.b ?? "" }, { "if-none-match": etag });
    expect(other.status).toBe(200);
    // any write bumps the data version, so the tag no longer matches
    const h = store.h as DbHandle;
    await saveBakeoffUpload(h, {
      files: [
        {
          name: "x.jsonl",
          text: readFileSync(sharedPath("bakeoff", "sglang", "llama_3_3_70b_offline_output.jsonl"), "utf8"),
        },
      ],
    });
    const after = await get("getResult", "", { id: ids.a ?? "" }, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
  });

  it("CORS is read-only: the preflight allows GET/HEAD/OPTIONS from any origin, no credentials", () => {
    const res = results.OPTIONS();
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });
});
