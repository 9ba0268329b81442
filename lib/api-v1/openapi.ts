// The OpenAPI 3.1 document of /api/v1, generated from the routes' own zod schemas (./routes.ts, ./schemas.ts) with
// zod's native JSON Schema converter (`z.toJSONSchema`, draft 2020-12: the dialect OpenAPI 3.1 uses). Schemas named
// with `.meta({ id })` become `#/components/schemas/<id>`; nothing here restates a field. Pure.
import { z } from "zod";
import { V1_ROUTES, type V1Route } from "./routes";
import { ErrorBody } from "./schemas";

export const API_VERSION = "1.0.0";

type Json = Record<string, unknown>;

const OPTIONS = {
  target: "draft-2020-12",
  unrepresentable: "any",
  uri: (id: string) => `#/components/schemas/${id}`,
} as const;

/** One schema inline, its named parts as component references (`$defs` of the whole document are the components). */
function inline(schema: z.ZodType, io: "input" | "output"): Json {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: OPTIONS.uri(id) };
  const { $schema: _s, $defs: _d, ...rest } = z.toJSONSchema(schema, { ...OPTIONS, io }) as Json;
  return rest;
}

function parameters(route: V1Route): Json[] {
  const out: Json[] = [];
  const add = (obj: z.ZodObject, where: "path" | "query") => {
    for (const [name, field] of Object.entries(obj.shape) as [string, z.ZodType][]) {
      const schema = inline(field, "input");
      const { description, ...rest } = schema;
      out.push({
        name,
        in: where,
        required: where === "path" || !field.safeParse(undefined).success,
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      });
    }
  };
  if (route.params) add(route.params, "path");
  add(route.query, "query");
  return out;
}

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const CORS = {
  "Access-Control-Allow-Origin": { schema: { type: "string", const: "*" } },
  ETag: { description: "data version and request; send it back as If-None-Match", schema: { type: "string" } },
};

function operation(route: V1Route): Json {
  const ok: Json = { "application/json": { schema: inline(route.response, "output") } };
  for (const media of route.extra)
    ok[media] = {
      schema: {
        type: "string",
        ...(media === "image/png" ? { contentMediaType: "image/png", contentEncoding: "binary" } : {}),
      },
    };
  const err = (description: string) => ({ description, content: { "application/json": { schema: ERROR_REF } } });
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    parameters: parameters(route),
    responses: {
      "200": { description: "OK", headers: CORS, content: ok },
      "304": { description: "Not modified: If-None-Match matched the ETag", headers: CORS },
      "400": err("A bad value or an unknown query key (named in error.keys)"),
      ...(route.params || "ids" in route.query.shape ? { "404": err("No such id") } : {}),
    },
  };
}

/** Every named schema the routes use, as components (zod's own conversion of each, references between them kept). */
function components(): Json {
  // every named schema is registered when ./schemas.ts loads (ErrorBody is its first)
  void ErrorBody;
  const all = z.toJSONSchema(z.globalRegistry, { ...OPTIONS, io: "output" }) as { schemas: Record<string, Json> };
  const schemas: Record<string, Json> = {};
  for (const [id, s] of Object.entries(all.schemas)) {
    const { $schema: _s, $id: _i, ...rest } = s;
    schemas[id] = rest;
  }
  return schemas;
}

export function openApiDocument(serverUrl = "/"): Json {
  const paths: Record<string, Json> = {};
  for (const r of V1_ROUTES) paths[r.path] = { get: operation(r) };
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "PerfContext API",
      version: API_VERSION,
      summary: "Read-only: MLPerf results in context, comparisons, bake-off uploads, reproductions, campaigns, charts.",
      description:
        'Every answer carries an ETag (send If-None-Match for a 304) and `Access-Control-Allow-Origin: *`. Errors are `{"error":{"message","field"}}`; an unknown query key is a 400 naming it. Field names are stable within v1.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: { schemas: components() },
  };
}
