import { expect, type Page, test } from "@playwright/test";
import { sharedPath } from "../lib/shared-data";
import { axe, findId, uploadBakeoff } from "./helpers";

const VLLM = sharedPath("bakeoff", "vllm", "run=0.json");

async function seriousViolations(page: Page) {
  const { violations } = await axe(page).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
}

const PAGES = ["/", "/results", "/results?per=raw&scenario=all&limit=25", "/results?q=no-such-system-zzz"];

// one journey through the four (a journey per page cost each a fresh browser context and renderer, ~1.5 CPU-s)
test(`axe: ${PAGES.join(", ")} have no serious or critical violations`, async ({ page }) => {
  const bad: unknown[] = [];
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
    for (const v of await seriousViolations(page)) bad.push({ path, ...v });
  }
  expect(bad).toEqual([]);
});

test("axe: /results in dark mode and at 390px with the filters open", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/results");
  await page.locator("section[data-ready]").waitFor();
  await page.getByTestId("filters").locator("summary").click();
  expect(await seriousViolations(page)).toEqual([]);
});

test("axe: the bake-off pages and a frozen plan, light 1440×900 and dark 390×844", async ({ page, request }) => {
  test.setTimeout(120_000);
  const bakeoff = await uploadBakeoff(request, VLLM, { label: "a11y vLLM run", accelerators: "1" });
  const basis = await findId(request, { submitter: "AMD", platform: "8xMI355X_2xEPYC_9575F", scenario: "Server" });
  const snap = await request.post("/api/snapshots", { data: { kind: "plan", query: `basis=${basis}&price=3` } });
  expect(snap.status()).toBe(201);
  const { url: frozen } = (await snap.json()) as { url: string };

  const pages: { path: string; ready: (p: Page) => Promise<void> }[] = [
    {
      // a file picked, so the preview shows and "Save and open the overlay" is enabled (axe skips disabled controls)
      path: "/bakeoff",
      ready: async (p) => {
        await p.getByTestId("file-input").setInputFiles(VLLM);
        await expect(p.getByTestId("preview-file")).toHaveCount(1);
        await expect(p.getByRole("button", { name: /save and open the overlay/i })).toBeEnabled();
      },
    },
    { path: `/bakeoff/${bakeoff}`, ready: (p) => expect(p.getByTestId("runs-table")).toBeVisible() },
    // the live plan page is scanned in e2e/plan.spec.ts (two bases and a bad input, light 1440×900 and dark 390×844)
    { path: frozen, ready: (p) => expect(p.getByTestId("frozen-plan")).toBeVisible() },
  ];
  const bad: unknown[] = [];
  for (const [scheme, width, height] of [
    ["light", 1440, 900],
    ["dark", 390, 844],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height });
    for (const { path: p, ready } of pages) {
      await page.goto(p);
      await ready(page);
      for (const v of await seriousViolations(page)) bad.push({ path: p, scheme, ...v });
    }
  }
  expect(bad).toEqual([]);
});

test("keyboard: tab to a sort header, press Enter; focus a derived figure and its formula is shown", async ({
  page,
}) => {
  await page.goto("/results");
  await page.locator("section[data-ready]").waitFor();
  const sort = page.getByRole("button", { name: "Accelerator", exact: true });
  await sort.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=accelerator&dir=asc/);
  // the sorted view's rows (a second load of /results only to reach the same rows cost a whole page render)
  await page.locator("section[data-ready]").waitFor();
  const figure = page.getByTestId("result-row").first().getByRole("button").first();
  await figure.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  const tip = page.getByTestId("result-row").first().getByRole("tooltip").first();
  await expect(tip).toBeVisible();
  await expect(tip).toContainText("÷");
  await expect(tip).toContainText("accelerators");
});
