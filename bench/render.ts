// The largest allowed bake-off upload, rendered on what `npm start` serves (issue 15: "/api/health p99 stays under
// 100 ms while the largest allowed upload renders"). `npm run bench render` or `npx tsx bench/render.ts [SECONDS]`.
//
// A scratch database seeded by the importer (the three round summaries and the LoadGen runs in ../shared/data, so
// the overlay draws the published llama2-70b results beside the upload), server/index.mjs over NEXT_DIST_DIR
// (default .next-load, built if missing), and two uploads at the caps of lib/bakeoff/limits.ts, both compared with
// llama2-70b on 8 accelerators:
//   - "100 load points": the real SGLang bench_serving line of ../shared/data repeated 100 times (the cap);
//   - "100 load points × 2,000 per-request samples": the same, each line with SGLang's --output-details arrays
//     (ttfts, latencies, output_lens) of 2,000 requests: 200,000 samples, the per-upload cap.
// For each: the first render's time and HTML size, then `renderers` clients rendering the page over and over for
// `seconds` (each request another SLO target, so none is answered from the response cache: what a meeting of
// people each trying their own target costs) while one client polls /api/health every 10 ms. Reported: render
// count and p50/p99, /api/health p50/p99/max and failures, beside /api/health alone on the same server.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { UPLOAD_CAPS } from "@/lib/bakeoff/limits";
import { sharedPath } from "@/lib/shared-data";
import { ensureBuild, freePort, seedDatabase, stopServer, waitForHealth } from "./load-server";

export interface Timings {
  n: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
}

export interface RenderCase {
  name: string;
  uploadBytes: number;
  loadPoints: number;
  perRequestSamples: number;
  firstMs: number;
  htmlBytes: number;
  gzipBytes: number;
  renders: Timings;
  /** the server process's CPU time (user + system, /proc) per render, null off Linux: the load-independent cost */
  cpuMsPerRender: number | null;
  health: Timings;
}

export interface RenderBench {
  loadAverage: [number, number];
  cpus: number;
  distDir: string;
  seconds: number;
  renderers: number;
  healthAlone: Timings;
  cases: RenderCase[];
  ok: boolean;
}

/** CPU time (user + system) a process has used, ms; null where /proc is not there. */
export function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export function timings(xs: number[], failures: number): Timings {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p99: pct(s, 99), max: s[s.length - 1] ?? 0, failures };
}

/** A deterministic spread of values around `mid` (no Math.random: the same file every run). */
function spread(n: number, mid: number, seed: number): number[] {
  const out: number[] = [];
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(Number((mid * (0.5 + x / 2147483648)).toFixed(4)));
  }
  return out;
}

/** The SGLang line repeated `points` times, each with `samples` per-request samples when asked. */
export function largestUpload(points: number, samplesPerPoint: number): string {
  const line = fs
    .readFileSync(sharedPath("bakeoff", "sglang", "llama_3_3_70b_offline_output.jsonl"), "utf8")
    .split("\n")[0] as string;
  const o = JSON.parse(line.replace(/\bInfinity\b/g, '"Infinity"')) as Record<string, unknown>;
  const lines: string[] = [];
  for (let i = 0; i < points; i++) {
    if (samplesPerPoint === 0) {
      lines.push(line);
      continue;
    }
    const ttftS = Number(o.median_ttft_ms) / 1000;
    const e2eS = Number(o.median_e2e_latency_ms) / 1000;
    const ttfts = spread(samplesPerPoint, ttftS, i + 1);
    const gen = spread(samplesPerPoint, e2eS - ttftS, i + 7);
    const extra = {
      ttfts,
      latencies: ttfts.map((t, j) => Number((t + (gen[j] ?? 0)).toFixed(4))),
      output_lens: spread(samplesPerPoint, 1000, i + 13).map((v) => Math.round(v)),
    };
    // the real line's own text (Python's Infinity literal kept) with the arrays appended
    lines.push(`${line.slice(0, line.lastIndexOf("}"))}, ${JSON.stringify(extra).slice(1)}`);
  }
  return lines.join("\n");
}

async function upload(base: string, text: string, name: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([text]), name);
  form.append("family", "llama2-70b");
  form.append("accelerators", "8");
  form.append("label", name);
  const r = await fetch(`${base}/api/bakeoff`, { method: "POST", body: form });
  const j = (await r.json()) as { url?: string; error?: { message: string } };
  if (r.status !== 201 || !j.url) throw new Error(`upload ${name}: ${r.status} ${JSON.stringify(j).slice(0, 400)}`);
  return j.url;
}

/** Polls /api/health every 10 ms until `stop()`; resolves with the timings. */
export function pollHealth(base: string): { stop: () => Promise<Timings> } {
  const xs: number[] = [];
  let failures = 0;
  let on = true;
  const loop = (async () => {
    while (on) {
      const t = performance.now();
      try {
        const r = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
        await r.arrayBuffer();
        if (r.ok) xs.push(performance.now() - t);
        else failures++;
      } catch {
        failures++;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    stop: async () => {
      on = false;
      await loop;
      return timings(xs, failures);
    },
  };
}

export async function runRenderBench(opts: { seconds?: number; renderers?: number; distDir?: string } = {}) {
  const seconds = opts.seconds ?? 10;
  const renderers = opts.renderers ?? 2;
  const distDir = opts.distDir ?? process.env.NEXT_DIST_DIR ?? ".next-load";
  const log = (m: string) => process.stderr.write(`${m}\n`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pc-render-"));
  const db = path.join(tmp, "render.db");
  const env = { ...process.env, NEXT_DIST_DIR: distDir, PERFCONTEXT_DB: db, NEXT_TELEMETRY_DISABLED: "1" };
  let server: ChildProcess | null = null;
  try {
    await ensureBuild(distDir, env, log);
    log("seeding the database with the importer…");
    await seedDatabase(["--db", db], env);
    const port = Number(process.env.PORT ?? 0) || (await freePort());
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["server/index.mjs"], {
      env: { ...env, PORT: String(port), PERFCONTEXT_HOST: "127.0.0.1", PERFCONTEXT_RATE_LIMIT: "0" },
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    });
    server.stderr?.resume();
    await waitForHealth(base, server, 60_000);
    const loadStart = os.loadavg()[0] ?? 0;

    // /api/health alone, for the same server and machine
    const alone = pollHealth(base);
    await new Promise((r) => setTimeout(r, Math.min(5, seconds) * 1000));
    const healthAlone = await alone.stop();
    log(`/api/health alone: p50 ${healthAlone.p50.toFixed(1)} ms, p99 ${healthAlone.p99.toFixed(1)} ms`);

    const points = UPLOAD_CAPS.loadPoints.limit;
    const perPoint = Math.floor(UPLOAD_CAPS.perRequestSamples.limit / points);
    const cases: RenderCase[] = [];
    for (const [name, samples] of [
      [`${points} load points`, 0],
      [`${points} load points × ${perPoint.toLocaleString("en-US")} per-request samples`, perPoint],
    ] as const) {
      const text = largestUpload(points, samples);
      const url = await upload(base, text, `${name}.jsonl`);
      const t0 = performance.now();
      const first = await fetch(`${base}${url}`, { headers: { "accept-encoding": "identity" } });
      const html = await first.text();
      const firstMs = performance.now() - t0;
      if (first.status !== 200) throw new Error(`${url}: ${first.status}`);
      const gzipBytes = gzipSync(html).byteLength; // what the wire carries for a gzip client (Next compresses)

      const cpu0 = cpuMs(server.pid);
      const health = pollHealth(base);
      const renderMs: number[] = [];
      let renderFailures = 0;
      let k = 2;
      const until = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: renderers }, async () => {
          while (performance.now() < until) {
            const s = performance.now();
            try {
              // another SLO target each time: a new cache key, so a real render
              const r = await fetch(`${base}${url}?ttft=${k++}`, { signal: AbortSignal.timeout(60_000) });
              await r.arrayBuffer();
              if (r.ok) renderMs.push(performance.now() - s);
              else renderFailures++;
            } catch {
              renderFailures++;
            }
          }
        }),
      );
      const cpu1 = cpuMs(server.pid);
      const h = await health.stop();
      const c: RenderCase = {
        name,
        uploadBytes: Buffer.byteLength(text),
        loadPoints: points,
        perRequestSamples: samples * points,
        firstMs,
        htmlBytes: Buffer.byteLength(html),
        gzipBytes,
        renders: timings(renderMs, renderFailures),
        cpuMsPerRender: cpu0 !== null && cpu1 !== null && renderMs.length ? (cpu1 - cpu0) / renderMs.length : null,
        health: h,
      };
      cases.push(c);
      log(`  ${name}: first render ${firstMs.toFixed(0)} ms, ${(c.htmlBytes / 1024).toFixed(0)} KB`);
    }
    return {
      loadAverage: [loadStart, os.loadavg()[0] ?? 0],
      cpus: os.availableParallelism(),
      distDir,
      seconds,
      renderers,
      healthAlone,
      cases,
      ok: cases.every((c) => c.health.p99 < 100 && c.health.failures === 0 && c.renders.failures === 0),
    } satisfies RenderBench;
  } finally {
    if (server) await stopServer(server);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function fmt(n: number, d = 0): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
}

export function printRenderBench(b: RenderBench): void {
  console.log(
    `== The largest allowed upload rendered (issue 15): npm start (${b.distDir}), ${b.renderers} clients rendering for ${b.seconds} s each, ` +
      `${b.cpus} CPUs, load average ${fmt(b.loadAverage[0], 1)} → ${fmt(b.loadAverage[1], 1)} ==`,
  );
  console.log(
    `/api/health alone: p50 ${fmt(b.healthAlone.p50, 1)} ms, p99 ${fmt(b.healthAlone.p99, 1)} ms (${fmt(b.healthAlone.n)} answers)`,
  );
  for (const c of b.cases) {
    console.log(
      `${c.name} (${fmt(c.uploadBytes / 1e6, 1)} MB uploaded): first render ${fmt(c.firstMs)} ms, ${fmt(c.htmlBytes / 1024)} KB HTML ` +
        `(${fmt(c.gzipBytes / 1024)} KB gzipped); ${fmt(c.renders.n)} renders, p50 ${fmt(c.renders.p50)} ms, p99 ${fmt(c.renders.p99)} ms, ` +
        `${c.cpuMsPerRender === null ? "" : `${fmt(c.cpuMsPerRender)} ms of server CPU each (polls included), `}${c.renders.failures} failed; /api/health meanwhile p50 ${fmt(c.health.p50, 1)} ms, p99 ${fmt(c.health.p99, 1)} ms, ` +
        `max ${fmt(c.health.max)} ms (${fmt(c.health.n)} answers, ${c.health.failures} failures) — target p99 < 100 ms ${c.health.p99 < 100 ? "OK" : "OVER"}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const b = await runRenderBench({ seconds: Number(process.argv[2] ?? 10) });
  printRenderBench(b);
  process.exitCode = b.ok ? 0 : 1;
}
