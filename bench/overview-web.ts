// /overview's and /results' JavaScript (gzipped), HTML and cold LCP, with the LCP element and the load average, on an
// already running server (issue 30 budget: ≤ 200 KB, ≤ 1.0 s), without the 100k-row database bench/web.ts builds
// first: `npx tsx bench/overview-web.ts http://localhost:3110`.
import { readFileSync } from "node:fs";
import { pageCost } from "./web";

const base = process.argv[2] ?? "http://localhost:3000";
const query = process.argv[3] ?? "";
for (const p of [`/overview${query}`, "/results"]) {
  const c = await pageCost(base, p);
  console.log(
    `${p}: JavaScript ${c.jsGzipKb.toFixed(1)} KB gzipped; HTML ${c.htmlKb.toFixed(1)} KB (${c.htmlGzipKb.toFixed(1)} KB gzipped); LCP ${c.lcpMs === null ? `none (${c.lcpMissing} of 3 missing)` : `${c.lcpMs.toFixed(0)} ms`} (median of 3 cold loads, 1440×900), the element ${c.lcpElement}; load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
  );
}
