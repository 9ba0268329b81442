import { expect, type Page, test } from "@playwright/test";
import { E2E_DB, findId, importSummaryRow, v6SummaryRow } from "./helpers";
import { withImportLock } from "./import-lock";

/** What a reader sees: the column headers, every table row, the values, and the flags (severity, code, text). */
async function seen(page: Page) {
  const table = page.getByTestId("compare-table");
  await expect(table).toBeVisible();
  const flags = await page
    .getByTestId("flag")
    .evaluateAll((els) =>
      els.map((e) => `${e.getAttribute("data-severity")}|${e.getAttribute("data-code")}|${e.textContent}`),
    );
  return {
    title: await page.getByTestId("compare-title").textContent(),
    rows: await table.locator("tr").allInnerTexts(),
    flags,
    footnotes: await page.getByTestId("footnotes").locator("li").allInnerTexts(),
  };
}

test("copy the link → a fresh browser context shows the same rows, values and flags", async ({
  page,
  context,
  browser,
  request,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const a = await findId(request, { submitter: "AMD", platform: "8xMI355X_2xEPYC_9575F", scenario: "Offline" });
  const b = await findId(request, { submitter: "NVIDIA", platform: "B300-SXM-270GBx8_TRT", scenario: "Server" });
  await page.goto(`/compare?ids=${b},${a}`);
  const before = await seen(page);
  expect(before.flags[0]).toMatch(/^block\|scenario\|/);

  await page.getByTestId("copy-link").click();
  const box = page.getByTestId("share-url");
  await expect(box).toHaveValue(/\/compare\?ids=[a-z0-9]{16},[a-z0-9]{16}$/);
  const url = await box.inputValue();
  expect(url).toContain(`ids=${[a, b].sort().join(",")}`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto(url);
    expect(await seen(other)).toEqual(before);
    await expect(other.getByTestId("row-value")).toContainText("103,480 tokens/s");
    await expect(other.getByTestId("row-value")).toContainText("107,318 tokens/s");
  } finally {
    await fresh.close();
  }
});

test("freeze → re-import a modified row → the snapshot is unchanged and says newer data exists", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // Dell's B300 Offline row: only this spec changes it, and it is put back afterwards
  const dellRow = {
    Submitter: "Dell",
    Platform: "XE9780L-B300-SXM-270GBx8_TRT",
    Model: "llama2-70b-99",
    Scenario: "Offline",
  };
  const dell = await findId(request, { submitter: "Dell", platform: dellRow.Platform, scenario: "Offline" });
  const nv = await findId(request, { submitter: "NVIDIA", platform: "B300-SXM-270GBx8_TRT", scenario: "Offline" });
  await page.goto(`/compare?ids=${dell},${nv}`);
  const live = await seen(page);
  await expect(page.getByTestId("row-value")).toContainText("108,669 tokens/s");

  await withImportLock(E2E_DB, async () => {
    await page.getByTestId("freeze").click();
    const snapBox = page.getByTestId("snapshot-url");
    await expect(snapBox).toHaveValue(/\/s\/[A-Za-z0-9_-]{22,}$/);
    const snapUrl = await snapBox.inputValue();
    const token = snapUrl.split("/s/")[1] ?? "";
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16); // ≥ 128 bits

    // a fresh context opens the snapshot: same rows, values, flags and footnotes; no banner yet
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto(snapUrl);
    expect(await seen(other)).toEqual(live);
    await expect(other.getByTestId("stale-banner")).toHaveCount(0);
    const og = await other.locator('meta[property="og:image"]').getAttribute("content");
    expect(og).toContain(`/s/${token}/opengraph-image`);
    const png = await request.get(og ?? "");
    expect(png.headers()["content-type"]).toBe("image/png");

    const original = v6SummaryRow(dellRow);
    try {
      importSummaryRow({ ...original, Performance_Result: 99999 }, "v6.0.modified.summary_results.json");

      await other.reload();
      expect(await seen(other)).toEqual(live);
      await expect(other.getByTestId("row-value")).toContainText("108,669 tokens/s");
      const banner = other.getByTestId("stale-banner");
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(
        /Newer data exists \(imported \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\); this snapshot shows the data as of/,
      );
      await banner.getByRole("link", { name: /live comparison/ }).click();
      await expect(other).toHaveURL(/\/compare\?ids=/);
      await expect(other.getByTestId("row-value")).toContainText("99,999 tokens/s");
      await expect(other.getByTestId("row-value")).not.toContainText("108,669");
    } finally {
      importSummaryRow(original, "v6.0.restore.summary_results.json");
      await fresh.close();
    }
  });
  await page.goto(`/compare?ids=${dell},${nv}`);
  await expect(page.getByTestId("row-value")).toContainText("108,669 tokens/s");
});

test("the snapshot API: validates its input, never trusts the client's payload, 404s unknown tokens", async ({
  request,
}) => {
  const bad = [
    "not json",
    JSON.stringify({ kind: "compare" }),
    JSON.stringify({ kind: "plan", query: "ids=691c1e67b66a9ad3" }),
    JSON.stringify({ kind: "compare", query: "ids=zzz" }),
    JSON.stringify({ kind: "compare", query: "ids=0000000000000000,1111111111111111" }),
  ];
  for (const data of bad) {
    const res = await request.post("/api/snapshots", { data, headers: { "content-type": "application/json" } });
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBeTruthy();
  }
  const a = await findId(request, { submitter: "AMD", platform: "8xMI355X_2xEPYC_9575F", scenario: "Offline" });
  const b = await findId(request, { submitter: "AMD", platform: "87xMI355X_22xEPYC_9575F", scenario: "Offline" });
  const tokens = new Set<string>();
  for (let i = 0; i < 2; i++) {
    const res = await request.post("/api/snapshots", {
      data: { kind: "compare", query: `ids=${b},${a}`, payload: { results: [] } },
    });
    expect(res.status()).toBe(201);
    const body = (await res.json()) as { token: string; url: string; query: string };
    expect(body.url).toBe(`/s/${body.token}`);
    expect(body.query).toBe(`ids=${[a, b].sort().join(",")}`);
    tokens.add(body.token);
    const stored = (await (await request.get(`/api/snapshots/${body.token}`)).json()) as {
      payload: { results: { value: number }[] };
    };
    expect(stored.payload.results.map((r) => r.value).sort((x, y) => x - y)).toEqual([103480, 1042110]);
  }
  expect(tokens.size).toBe(2);
  expect((await request.get("/s/AAAAAAAAAAAAAAAAAAAAAAAA")).status()).toBe(404);
  expect((await request.get("/s/short")).status()).toBe(404);
  expect((await request.get("/api/snapshots/AAAAAAAAAAAAAAAAAAAAAAAA")).status()).toBe(404);
});
