// Checks on a served instance (issue 15), `npx tsx bench/served.ts [PORT]`: what `npm start` serves
// (server/index.mjs over NEXT_DIST_DIR, default .next-load) on a scratch database.
// 1. Python's urllib posting 60 MB to POST /api/bakeoff (cap 25 MB) gets the 413, not "Broken pipe".
// 2. The largest allowed upload (100 load points, the cap) renders: /bakeoff/{id} size and time, with /api/health
//    polled throughout (p99, max, failures).
// 3. A repeat of the page is answered from the cache (x-perfcontext-cache) and compressed.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sharedPath } from "@/lib/shared-data";

const port = Number(process.argv[2] ?? 3303);
const base = `http://127.0.0.1:${port}`;
const distDir = process.env.NEXT_DIST_DIR ?? ".next-load";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pc-served-"));
const db = path.join(tmp, "served.db");
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NEXT_DIST_DIR: distDir,
  PERFCONTEXT_DB: db,
  PORT: String(port),
  PERFCONTEXT_HOST: "127.0.0.1",
};

execFileSync("npx", ["tsx", "db/migrate.ts"], { env, stdio: "ignore" });
const server = spawn(process.execPath, ["server/index.mjs"], { env, stdio: "ignore", detached: true });

async function up(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
}

try {
  await up();
  // 1. Python urllib, 60 MB
  const py = `
import urllib.request, urllib.error
body = b"x" * (60 * 1024 * 1024)
req = urllib.request.Request("${base}/api/bakeoff", data=body, method="POST",
    headers={"Content-Type": "multipart/form-data; boundary=zzz"})
try:
    urllib.request.urlopen(req, timeout=120)
    print("no error")
except urllib.error.HTTPError as e:
    print("HTTP", e.code, e.read()[:160].decode())
except Exception as e:
    print("FAILED", type(e).__name__, e)
`;
  const pyOut = execFileSync("python3", ["-c", py], { encoding: "utf8" }).trim();
  console.log(`python3 urllib, 60 MB upload: ${pyOut}`);

  // 2. the largest allowed upload, rendered while /api/health is polled
  const line = fs
    .readFileSync(sharedPath("bakeoff", "sglang", "llama_3_3_70b_offline_output.jsonl"), "utf8")
    .split("\n")[0];
  const form = new FormData();
  form.append("file", new Blob([Array(100).fill(line).join("\n")]), "sweep-500.jsonl");
  const posted = await fetch(`${base}/api/bakeoff`, { method: "POST", body: form });
  const { url } = (await posted.json()) as { url: string };
  console.log(`upload of 100 load points (the cap): ${posted.status} ${url}`);
  const health: number[] = [];
  let healthFailures = 0;
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const t = performance.now();
      try {
        const r = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) });
        if (!r.ok) healthFailures++;
        await r.arrayBuffer();
        health.push(performance.now() - t);
      } catch {
        healthFailures++;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const t0 = performance.now();
  const page = await fetch(`${base}${url}`, { headers: { "accept-encoding": "identity" } });
  const html = await page.text();
  const ms = performance.now() - t0;
  const t1 = performance.now();
  const again = await fetch(`${base}${url}`, { headers: { "accept-encoding": "gzip" } });
  const gz = await again.arrayBuffer();
  const ms2 = performance.now() - t1;
  polling = false;
  await poll;
  console.log(
    `/bakeoff/{id} with 100 load points: ${page.status}, ${(Buffer.byteLength(html) / 1024).toFixed(0)} KB HTML in ${ms.toFixed(0)} ms; ` +
      `repeat ${again.headers.get("x-perfcontext-cache")} ${again.headers.get("content-encoding") ?? "uncompressed"} in ${ms2.toFixed(0)} ms (${(gz.byteLength / 1024).toFixed(0)} KB on the wire)`,
  );
  console.log(
    `/api/health during the render: ${health.length} answers, p99 ${pct(health, 99).toFixed(0)} ms, max ${Math.max(...health).toFixed(0)} ms, ${healthFailures} failures`,
  );
} finally {
  try {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  } catch {
    // gone
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}
