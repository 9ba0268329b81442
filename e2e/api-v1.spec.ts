// Use outside the tool (issue 29): an embed shown in an iframe on a page of another origin (a second loopback
// address) while an ordinary page refuses to be framed there; a chart's SVG opened in Chromium draws exactly the
// rows of its CSV, as many as the explorer's own chart draws; the curl and Python examples of docs/api.md run as
// written against this server.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";

const VIEW = "round=v6.0&model=llama2-70b-99&scenario=Offline";

test("an embed sits in another origin's iframe; the explorer page refuses to", async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? "").origin;
  // the host page lives on 127.0.0.2: another origin than the app's 127.0.0.1
  const host = http.createServer((_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(`<!doctype html><title>someone's wiki</title>
      <iframe id="embed" src="${origin}/embed/results?${VIEW}" width="900" height="760"></iframe>
      <iframe id="page" src="${origin}/results?${VIEW}" width="900" height="400"></iframe>`);
  });
  await new Promise<void>((r) => host.listen(0, "127.0.0.2", r));
  try {
    const port = (host.address() as AddressInfo).port;
    await page.goto(`http://127.0.0.2:${port}/`);
    const embed = page.frameLocator("#embed");
    await expect(embed.getByTestId("embed")).toBeVisible();
    expect(await embed.locator("svg .point").count()).toBeGreaterThan(10);
    await expect(embed.getByTestId("embed")).toHaveAttribute("data-data-version", /^\d+$/);
    await expect(embed.locator("svg desc")).toContainText("MLCommons");
    await expect(embed.getByTestId("embed-link")).toHaveAttribute("href", /^\/results\?/);
    // the explorer page in the second frame was refused: Chromium shows its error page, not ours
    await expect
      .poll(
        () =>
          page
            .frames()
            .find((f) => f.name() === "" && f.url().includes("chrome-error"))
            ?.url() ?? "",
      )
      .toContain("chrome-error");
    expect(page.frames().some((f) => f.url().startsWith(`${origin}/results`))).toBe(false);
  } finally {
    await new Promise((r) => host.close(r));
  }
  // and by header: every other page refuses frames, the embed allows any ancestor and runs no script
  const pageHeaders = (await page.request.get(`/results?${VIEW}`)).headers();
  expect(pageHeaders["x-frame-options"]).toBe("DENY");
  expect(pageHeaders["content-security-policy"]).toContain("frame-ancestors 'none'");
  const embedHeaders = (await page.request.get(`/embed/results?${VIEW}`)).headers();
  expect(embedHeaders["x-frame-options"]).toBeUndefined();
  expect(embedHeaders["content-security-policy"]).toContain("frame-ancestors *");
  expect(embedHeaders["content-security-policy"]).toContain("script-src 'none'");
});

test("a chart's SVG opens in Chromium and draws the rows of its CSV, as many as the explorer draws", async ({
  page,
}) => {
  test.slow(); // the explorer hydrates its chart on a shared, loaded machine
  const csv = await (await page.request.get(`/api/v1/charts/results?${VIEW}&per=accelerator&format=csv`)).text();
  const rows = csv.trim().split(/\r\n/).slice(1);
  expect(rows.length).toBeGreaterThan(10);
  await page.goto(`/api/v1/charts/results?${VIEW}&per=accelerator&format=svg`);
  const marks = page.locator(".point");
  await expect(marks).toHaveCount(rows.length);
  // the first mark is the first CSV row
  const first = rows[0]?.split(",") ?? [];
  await expect(marks.first()).toHaveAttribute("data-x", first[1] ?? "");
  await expect(marks.first()).toHaveAttribute("data-y", first[2] ?? "");
  const box = await page.locator("svg").first().boundingBox();
  expect(box?.width).toBeGreaterThan(800);
  // the explorer's own chart of that view draws the same number of points, and links to this data
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/results?${VIEW}&per=accelerator`);
  await page.locator("section[data-ready]").waitFor();
  await expect(page.getByTestId("scale-chart").getByTestId("chart-point")).toHaveCount(rows.length);
  await expect(page.getByTestId("scale-chart-links").getByRole("link", { name: "CSV" })).toHaveAttribute(
    "href",
    /\/api\/v1\/charts\/results\?.*format=csv/,
  );
});

test("the curl and Python examples in docs/api.md run as written", async ({ baseURL }) => {
  const md = fs.readFileSync("docs/api.md", "utf8");
  const blocks = [...md.matchAll(/```(sh|python)\n([\s\S]*?)```/g)].map((m) => ({
    lang: m[1] as string,
    code: (m[2] as string).replaceAll("http://localhost:3000", baseURL ?? ""),
  }));
  expect(blocks.filter((b) => b.lang === "sh")).toHaveLength(4);
  expect(blocks.filter((b) => b.lang === "python")).toHaveLength(2);
  const out = blocks.map((b) =>
    execFileSync(
      b.lang === "sh" ? "bash" : "python3",
      b.lang === "sh" ? ["-eo", "pipefail", "-c", b.code] : ["-c", b.code],
      {
        encoding: "utf8",
        timeout: 30_000,
        cwd: fs.mkdtempSync(".tmp/api-docs-"),
      },
    ),
  );
  expect(out[0]).toMatch(/^\d+ results; .+ \d/);
  expect(out[1]?.trim()).toBe("304");
  expect(out[2]).toMatch(/^series,x,y,label,id,flag\r?\n/);
  expect(out[2]).toContain("<?xml");
  expect(JSON.parse(out[3] ?? "{}")).toMatchObject({ error: { field: "rund", keys: ["rund"] } });
  expect(out[4]).toMatch(/^6\.0-\d{4} /);
  expect(out[5]).toMatch(/^\d+ of \d+\n404 no result with id 0000000000000000/);
});
