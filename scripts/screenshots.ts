// `npm run screenshots [BASE_URL]`: every page at 1440×900 and 390×844 (light, plus dark at desktop size) into
// screenshots/, for looking at what we ship. Uses Debian's Chromium through playwright-core.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const out = path.resolve("screenshots");
fs.mkdirSync(out, { recursive: true });

async function ids(): Promise<{ a: string; b: string; c: string }> {
  const get = async (q: string, platform: string) => {
    const r = await fetch(`${base}/api/results?${q}&limit=100`);
    const j = (await r.json()) as { rows: { id: string; platform: string }[] };
    return j.rows.find((x) => x.platform === platform)?.id ?? j.rows[0]?.id ?? "";
  };
  return {
    a: await get("round=v6.0&model=llama2-70b-99&scenario=Offline&submitter=AMD", "8xMI355X_2xEPYC_9575F"),
    b: await get("round=v6.0&model=llama2-70b-99&scenario=Offline&submitter=AMD", "87xMI355X_22xEPYC_9575F"),
    c: await get("round=v6.0&model=llama2-70b-99&scenario=Interactive&submitter=AMD", "87xMI355X_22xEPYC_9575F"),
  };
}

async function main(): Promise<void> {
  const { a, b, c } = await ids();
  const pages: [string, string][] = [
    ["home", "/"],
    ["results", "/results"],
    ["result", `/results/${c}`],
    ["compare", `/compare?ids=${[a, b].sort().join(",")}`],
    ["bakeoff", "/bakeoff"],
    ["plan", `/plan?basis=${a}`],
  ];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  for (const [name, url] of pages) {
    for (const [w, h, scheme] of [
      [1440, 900, "light"],
      [390, 844, "light"],
      [1440, 900, "dark"],
    ] as const) {
      const ctx = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: scheme });
      const page = await ctx.newPage();
      await page.goto(base + url, { waitUntil: "networkidle" });
      const file = path.join(out, `${name}-${w}x${h}${scheme === "dark" ? "-dark" : ""}.png`);
      await page.screenshot({ path: file, fullPage: false });
      console.log(file);
      await ctx.close();
    }
  }
  await browser.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
