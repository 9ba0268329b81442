// The API reference (issue 29): the OpenAPI document (lib/api-v1/openapi.ts) rendered on the server as a page, route
// by route, with every parameter and the fields of every named response schema. Nothing is written twice: change a
// route's zod schema and this page, /api/v1/openapi.json and the contract test follow. No client script, no CDN.
import type { Metadata } from "next";
import Link from "next/link";
import { openApiDocument } from "@/lib/api-v1/openapi";

export const metadata: Metadata = { title: "API reference · PerfContext" };

type Json = Record<string, unknown>;
interface Param {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: Json;
}
interface Op {
  operationId: string;
  summary: string;
  description: string;
  parameters: Param[];
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
}

/** A JSON Schema in a few words: "string | null", "array of Result", "one of Offline, Server…". */
function typeText(s: Json | undefined): string {
  if (!s) return "any";
  if (typeof s.$ref === "string") return s.$ref.split("/").pop() ?? "object";
  if (Array.isArray(s.enum)) return s.enum.map(String).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.anyOf)) return (s.anyOf as Json[]).map(typeText).join(" | ");
  if (Array.isArray(s.oneOf)) return (s.oneOf as Json[]).map(typeText).join(" | ");
  const t = Array.isArray(s.type) ? s.type.join(" | ") : String(s.type ?? "object");
  if (t.startsWith("array")) return `array of ${typeText(s.items as Json)}${t.includes("null") ? " | null" : ""}`;
  if (typeof s.pattern === "string") return `${t} matching ${s.pattern}`;
  return t;
}

const cell = "border-slate-200 border-b px-2 py-1 align-top dark:border-slate-800";

export default function ApiDocsPage() {
  const doc = openApiDocument() as {
    info: { title: string; version: string; description: string };
    paths: Record<string, { get: Op }>;
    components: { schemas: Record<string, Json> };
  };
  return (
    <article className="max-w-5xl space-y-8">
      <header className="space-y-2">
        <h1 className="font-semibold text-2xl tracking-tight">
          {doc.info.title} v{doc.info.version}
        </h1>
        <p className="text-slate-700 text-sm dark:text-slate-300">{doc.info.description}</p>
        <p className="text-sm">
          Machine-readable:{" "}
          <a className="underline" href="/api/v1/openapi.json">
            /api/v1/openapi.json
          </a>{" "}
          (OpenAPI 3.1). Charts are also <code>/embed/results</code>, <code>/embed/compare</code> and{" "}
          <code>/embed/curves/{"{id}"}</code> for an iframe.
        </p>
      </header>
      <section aria-labelledby="routes-h" className="space-y-6">
        <h2 id="routes-h" className="font-semibold text-xl">
          Routes
        </h2>
        {Object.entries(doc.paths).map(([path, { get: op }]) => (
          <section key={path} id={op.operationId} aria-label={path} className="space-y-2" data-testid="api-route">
            <h3 className="font-mono font-semibold">GET {path}</h3>
            <p className="text-sm">
              <strong>{op.summary}.</strong> {op.description}
            </p>
            {op.parameters.length > 0 && (
              <table className="w-full text-left text-sm">
                <thead>
                  <tr>
                    <th className={cell}>Parameter</th>
                    <th className={cell}>In</th>
                    <th className={cell}>Type</th>
                    <th className={cell}>Meaning</th>
                  </tr>
                </thead>
                <tbody>
                  {op.parameters.map((p) => (
                    <tr key={`${p.in}:${p.name}`}>
                      <td className={`${cell} font-mono`}>
                        {p.name}
                        {p.required ? " (required)" : ""}
                      </td>
                      <td className={cell}>{p.in}</td>
                      <td className={`${cell} break-all`}>{typeText(p.schema)}</td>
                      <td className={cell}>{p.description ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <ul className="text-sm">
              {Object.entries(op.responses).map(([status, r]) => (
                <li key={status}>
                  <span className="font-mono">{status}</span> {r.description}
                  {r.content
                    ? `: ${Object.entries(r.content)
                        .map(([media, c]) => (media === "application/json" ? typeText(c.schema) : media))
                        .join(", ")}`
                    : ""}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
      <section aria-labelledby="schemas-h" className="space-y-6">
        <h2 id="schemas-h" className="font-semibold text-xl">
          Response shapes
        </h2>
        {Object.entries(doc.components.schemas).map(([name, s]) => (
          <section key={name} id={`schema-${name}`} aria-label={name} className="space-y-1">
            <h3 className="font-mono font-semibold">{name}</h3>
            {typeof s.description === "string" && <p className="text-sm">{s.description}</p>}
            <dl className="grid grid-cols-[minmax(10rem,auto)_1fr] gap-x-4 text-sm">
              {Object.entries((s.properties ?? {}) as Record<string, Json>).map(([field, f]) => (
                <div key={field} className="contents">
                  <dt className="font-mono">{field}</dt>
                  <dd className="break-words text-slate-700 dark:text-slate-300">
                    {typeText(f)}
                    {typeof f.description === "string" ? ` — ${f.description}` : ""}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </section>
      <p className="text-sm">
        Examples with curl and Python: <code>docs/api.md</code> in the repository. Back to{" "}
        <Link className="underline" href="/results">
          the results
        </Link>
        .
      </p>
    </article>
  );
}
