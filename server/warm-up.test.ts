// Issue 26: the first write no longer pays the process's one-time work (route code, the store's open) on the
// request thread; server/index.mjs sends WARM_PATHS through Next before it listens (server/warm-up.mjs).
import type http from "node:http";
import { describe, expect, it } from "vitest";
import { WARM_PATHS, warmUp } from "./warm-up.mjs";

describe("warmUp", () => {
  it("sends each path through the handler, one after the other, and closes its loopback server", async () => {
    const seen: string[] = [];
    let inFlight = 0;
    let most = 0;
    const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
      seen.push(`${req.method} ${req.url}`);
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(req.url === "/a" ? 405 : 404).end();
      }, 5);
    };
    expect(await warmUp(handle, ["/a", "/b/c"])).toEqual([405, 404]);
    expect(seen).toEqual(["GET /a", "GET /b/c"]);
    expect(most).toBe(1);
  });

  it("a handler that fails is skipped, not fatal", async () => {
    const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.url === "/boom") res.socket?.destroy();
      else res.writeHead(200).end("ok");
    };
    expect(await warmUp(handle, ["/boom", "/fine"])).toEqual([0, 200]);
  });

  it("the read it warms the store with takes its id as well-formed (404 for an unknown upload, not 400)", async () => {
    const read = WARM_PATHS.find((p) => p.startsWith("/api/bakeoff/"));
    expect(read).toBeDefined();
    const id = (read as string).slice("/api/bakeoff/".length);
    const { UPLOAD_ID_RE } = await import("@/db/bakeoff");
    expect(UPLOAD_ID_RE.test(id)).toBe(true);
  });

  it("the campaign page it loads is asked for a well-formed unknown id (the page answers 404, nothing is read)", async () => {
    const page = WARM_PATHS.find((p) => p.startsWith("/campaigns/"));
    expect(page).toBeDefined();
    const { CAMPAIGN_ID_RE } = await import("@/lib/campaign/schema");
    expect(CAMPAIGN_ID_RE.test((page as string).slice("/campaigns/".length))).toBe(true);
  });

  it("the write routes it asks by GET answer POST only (Next loads their code, then answers 405)", async () => {
    for (const p of WARM_PATHS.filter((x) => x.startsWith("/api/") && x.split("/").length === 3)) {
      const mod = (await import(`@/app${p}/route`)) as Record<string, unknown>;
      expect(typeof mod.POST, p).toBe("function");
      expect(mod.GET, p).toBeUndefined();
    }
  });
});
