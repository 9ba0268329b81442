// The origin the request came in on, for absolute URLs in OpenGraph tags (a pasted link unfurls with images
// from the same host). Server-only: reads request headers.
import { headers } from "next/headers";

export async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? "http";
  return `${proto === "https" ? "https" : "http"}://${host}`;
}
