// Issue 4: p95 of /api/results with three filters on a 100k-row database vs a trivial route on the same server,
// the JavaScript /results sends (gzipped), and /results' largest contentful paint in headless Chromium.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { openDb } from "@/db/client";
import { sharedPath } from "@/lib/shared-data";
import { ensureBuild, startServer } from "./server";

const OUT = path.resolve("bench/out");
const TSX = path.resolve("node_modules/.bin/tsx");

function importInto(db: string, sources: string[]): void {
  for (const f of [db, `${db}-wal`, `${db}-shm`]) fs.rmSync(f, { force: true });
  execFileSync(TSX, ["db/import/cli.ts", "--db", db, "--json", ...sources], { stdio: "ignore" });
}

/** ~100k results: the three real rounds copied 35× with unique platform names, through the real importer. */
function syntheticDb(): string {
  const db = path.join(OUT, "web-100k.db");
  const marker = `${db}.rows`;
  if (fs.existsSync(db) && fs.existsSync(marker)) return db;
  const file = path.join(OUT, "web-100k.json");
  execFileSync(TSX, ["bench/import-input.ts", "35", file], { stdio: "inherit" });
  importInto(db, [file]);
  fs.rmSync(file, { force: true });
  fs.writeFileSync(marker, "imported"); // the import finished (a crash mid-way leaves no marker)
  return db;
}

function countResults(db: string): number {
  const h = openDb(db, { readonly: true });
  try {
    return (h.sqlite.prepare("select count(*) as n from results").get() as { n: number }).n;
  } finally {
    h.sqlite.close();
  }
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
}

async function timeRequests(url: string, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n + 10; i++) {
    const t = performance.now();
    const r = await fetch(url);
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`${url} → ${r.status}`);
    if (i >= 10) times.push(performance.now() - t); // first 10 warm up
  }
  return times;
}

export interface WebBench {
  rows: number;
  apiP95: number;
  apiP50: number;
  healthP95: number;
  ratio: number;
  jsGzipKb: number;
  /** null when any of the three loads reported no largest-contentful-paint entry (a failure, never 0 ms) */
  lcpMs: number | null;
  lcpMissing: number;
  /** The same two figures for /overview (issue 30: ≤ 200 KB gzipped, LCP ≤ 1.0 s). */
  overview: PageCost;
}

export interface PageCost {
  /** The JavaScript a current browser downloads for the page, gzipped, KB. */
  jsGzipKb: number;
  /** Median largest contentful paint of three cold loads at 1440×900; null when any load reported none. */
  lcpMs: number | null;
  lcpMissing: number;
  /** The page's HTML, decoded and gzipped, KB: what the browser parses before its first paint. */
  htmlKb: number;
  htmlGzipKb: number;
  /** What the largest contentful paint was, on the last load: tag, test id and the start of its text. */
  lcpElement: string;
}

/** What one page costs a browser: its JavaScript (gzipped) and its largest contentful paint, on a running server. */
export async function pageCost(base: string, pagePath: string): Promise<PageCost> {
  let jsGzipKb = 0;
  const htmlBytes = Buffer.from(await (await fetch(`${base}${pagePath}`)).arrayBuffer());
  const html = htmlBytes.toString("utf8");
  // what a current browser downloads: `noModule` scripts (Next's legacy polyfills) are skipped by every browser
  // that runs modules, so they are not part of the page's JavaScript
  const srcs = [...html.matchAll(/<script([^>]+)src="([^"]+)"([^>]*)>/g)]
    .filter((m) => !/\bnomodule\b/i.test(`${m[1]} ${m[3]}`))
    .map((m) => m[2] ?? "");
  for (const src of new Set(srcs)) {
    const body = Buffer.from(await (await fetch(base + src)).arrayBuffer());
    jsGzipKb += gzipSync(body).length / 1024;
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  const samples: number[] = [];
  let lcpMissing = 0;
  let lcpElement = "";
  try {
    for (let i = 0; i < 3; i++) {
      const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await ctx.newPage();
      await page.goto(`${base}${pagePath}`, { waitUntil: "load" });
      const { lcp, element } = await page.evaluate(
        () =>
          new Promise<{ lcp: number | null; element: string }>((resolve) => {
            // no entry (the page painted nothing Chromium counts, or the observer never fired) is a failure, not 0 ms
            let last: number | null = null;
            let element = "";
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
                last = e.startTime;
                const el = e.element;
                element = el
                  ? `<${el.tagName.toLowerCase()}${el.getAttribute("data-testid") ? ` ${el.getAttribute("data-testid")}` : ""}> "${(el.textContent ?? "").trim().slice(0, 40)}…"`
                  : "(element removed)";
              }
            }).observe({ type: "largest-contentful-paint", buffered: true });
            setTimeout(() => resolve({ lcp: last, element }), 1500);
          }),
      );
      lcpElement = element;
      if (lcp === null) lcpMissing++;
      else samples.push(lcp);
      await ctx.close();
    }
  } finally {
    await browser.close();
  }
  return {
    jsGzipKb,
    lcpMs: samples.length === 3 ? percentile(samples, 50) : null,
    lcpMissing,
    htmlKb: htmlBytes.length / 1024,
    htmlGzipKb: gzipSync(htmlBytes).length / 1024,
    lcpElement,
  };
}

export async function benchWeb(): Promise<WebBench> {
  fs.mkdirSync(OUT, { recursive: true });
  ensureBuild();
  const big = syntheticDb();
  const rows = countResults(big);
  const s1 = await startServer(big, 3311);
  let apiP95 = 0;
  let apiP50 = 0;
  let healthP95 = 0;
  try {
    const q = "/api/results?round=v6.0&model=llama2-70b-99&scenario=Server&sort=perAccelerator&dir=desc&limit=50";
    const api = await timeRequests(s1.url + q, 200);
    const health = await timeRequests(`${s1.url}/api/health`, 200);
    apiP95 = percentile(api, 95);
    apiP50 = percentile(api, 50);
    healthP95 = percentile(health, 95);
  } finally {
    s1.stop();
  }
  // the real data for what a user sees
  const real = path.join(OUT, "web-real.db");
  importInto(real, [sharedPath("mlperf")]);
  const s2 = await startServer(real, 3312);
  let page: PageCost;
  let overview: PageCost;
  try {
    page = await pageCost(s2.url, "/results");
    overview = await pageCost(s2.url, "/overview");
  } finally {
    s2.stop();
  }
  return {
    rows,
    apiP95,
    apiP50,
    healthP95,
    ratio: apiP95 / healthP95,
    jsGzipKb: page.jsGzipKb,
    lcpMs: page.lcpMs,
    lcpMissing: page.lcpMissing,
    overview,
  };
}
