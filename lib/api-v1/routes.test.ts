// The route registry's own rules: the chart links' key list is the chart route's, every route's path parameter is
// in its path, and the document lists every route once with the error shape as a component.
import { describe, expect, it } from "vitest";
import { narrowQuery, RESULTS_CHART_KEYS } from "./chart-query";
import { openApiDocument } from "./openapi";
import { V1_ROUTES, v1Route } from "./routes";

describe("the v1 route registry", () => {
  it("the chart links narrow a page's query to exactly the keys the chart route takes", () => {
    const keys = Object.keys(v1Route("resultsChart").query.shape).filter((k) => k !== "format");
    expect([...RESULTS_CHART_KEYS].sort()).toEqual(keys.sort());
    expect(narrowQuery("round=v6.0&page=2&hide=power&per=accelerator", RESULTS_CHART_KEYS)).toBe(
      "?round=v6.0&per=accelerator",
    );
    expect(narrowQuery("page=2", RESULTS_CHART_KEYS)).toBe("");
  });

  it("one path per route, path parameters in the path, the error shape a component", () => {
    const doc = openApiDocument() as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths)).toEqual(V1_ROUTES.map((r) => r.path));
    for (const r of V1_ROUTES) for (const p of Object.keys(r.params?.shape ?? {})) expect(r.path).toContain(`{${p}}`);
    expect(doc.components.schemas.Error).toBeDefined();
    expect(new Set(V1_ROUTES.map((r) => r.operationId)).size).toBe(V1_ROUTES.length);
  });
});
