import { openApiDocument } from "@/lib/api-v1/openapi";
import { CORS } from "../respond";

export const dynamic = "force-static";

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document, generated from the routes' zod schemas. */
export function GET(): Response {
  return Response.json(openApiDocument(), { headers: CORS });
}
