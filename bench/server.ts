// Start and stop a production server for benchmarks (loopback only).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export function ensureBuild(): void {
  const dist = process.env.NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(dist, "BUILD_ID"))) execFileSync("npx", ["next", "build"], { stdio: "ignore" });
}

export async function startServer(
  db: string,
  port: number,
): Promise<{ url: string; stop: () => void; child: ChildProcess }> {
  const child = spawn(path.resolve("node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, PERFCONTEXT_DB: db },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not start");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, child, stop: () => child.kill("SIGTERM") };
}
