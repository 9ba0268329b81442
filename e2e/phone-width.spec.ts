// At 390 px the pages nobody scrolls sideways fit the screen; wide tables scroll inside their own boxes. Seen on a phone
// (2026-12-02): a campaign page was 988 px wide (a screen-reader-only "Remove" label outside its table's scroller), and
// /changes, a curve page and a plan were 529, 534 and 1,026 px (unbroken platform names and URLs).
import { expect, test } from "@playwright/test";
import { sharedPath } from "@/lib/shared-data";
import { findId, uploadBakeoff } from "./helpers";

// the MLPerf Endpoints fixture curve e2e/serve.sh imports (its id: lib/endpoints/curve.ts, FNV-1a 64 of its key)
const CURVE = "4cd004b508ffa730";

test("390 px: a campaign, /changes, a curve and a plan fit the screen", async ({ page, request }) => {
  test.setTimeout(90_000);
  const upload = await uploadBakeoff(request, sharedPath("bakeoff", "vllm", "run=0.json"), {
    accelerators: "1",
    label: "e2e phone width",
  });
  const res = await request.post("/api/campaigns", {
    data: {
      name: "e2e phone width",
      members: [{ kind: "bakeoff", id: upload, shape: "chat", cache: "warm", condition: "baseline" }],
    },
  });
  expect(res.status()).toBe(201);
  const campaign = ((await res.json()) as { url: string }).url;
  const basis = await findId(request, { submitter: "AMD", platform: "87xMI355X_22xEPYC_9575F", scenario: "Server" });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [campaign, "/changes", `/curves/${CURVE}`, `/plan?basis=${basis}`]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
