// A row priced apart reads the same in the table, the phone card, print and the OG card (issue 30). The row: the real
// SGLang bench_serving file (Llama 3.3 70B, 8 accelerators), its run 6 measured 129.66 input / 254.93 output tokens
// per request at 6,648.4389 output tokens/s: $3 per acc-hour ÷ 2,991,797.5 tokens × 1e6 = $1.0027 ("$1") all on output;
// ÷ (1 + 0.25 × 0.5086342) = output $0.8896 ("$0.89"), input × 0.25 = $0.2224 ("$0.22"); blended for the batch shape
// (1,024 / 1,024) (0.2224 + 0.8896) ÷ 2 = $0.5560 ("$0.56"). Arithmetic in lib/overview/split.test.ts.
import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { detectAndParse } from "@/lib/bakeoff/detect";
import { bakeoffRows } from "@/lib/overview";
import { sharedPath } from "@/lib/shared-data";
import { OverviewOgCard } from "./overview-og-card";
import { OverviewRows } from "./overview-rows";

const text = readFileSync(sharedPath("bakeoff", "sglang", "llama_3_3_70b_offline_output.jsonl"), "utf8");
const upload = {
  id: "u-sglang",
  label: "SGLang 70B",
  accelerator: null,
  accelerators: 8,
  modelFamily: "llama3.3-70b",
  runs: detectAndParse(text, "llama_3_3_70b_offline_output.jsonl").runs,
};
const pricing = {
  pricePerAccHour: 3,
  pricePerKwh: null,
  pue: 1.3,
  inputWeight: 0.25,
  shape: { name: "Batched background job (no SLO)", inTok: 1024, outTok: 1024 },
};
const rows = bakeoffRows([upload], "llama3.3-70b", { tpsPerUser: null, ttftMs: null }, pricing);

describe("a split row", () => {
  it("the table and the card show output, input and blended", () => {
    const html = renderToStaticMarkup(createElement(OverviewRows, { rows, pricePerAccHour: 3 }));
    // once in the table (shown on screen and in print), once in the phone card
    expect(html.split('data-testid="overview-split"').length - 1).toBe(2);
    expect(html).toContain(">$1<");
    expect(html).toContain('output <span class="font-semibold">$0.89</span> · input $0.22');
    expect(html).toContain("blended $0.56");
  });
  it("the OG card states the same split", () => {
    const data = { benchmark: "llama3.3-70b", presetName: "batch", level: { tpsPerUser: null, ttftMs: null } };
    const og = renderToStaticMarkup(
      createElement(OverviewOgCard, { data: { ...data, pricing, rows, notes: [] }, frozen: null }),
    );
    expect(og).toContain("out $0.89/M · in $0.22/M");
  });
});
