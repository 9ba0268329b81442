// The overview's URL: defaults from the plan's chat preset (p99 TTFT 450 ms, TPOT 40 ms → 1000 ÷ 40 = 25 tokens/s per
// user), the planner's price/electricity/PUE fields and defaults (lib/plan/fields.ts: no price, no $/kWh, PUE 1.3),
// a bad value reported and replaced, and one canonical URL per state.
import { describe, expect, it } from "vitest";
import { costText, perHourText } from "./format";
import { overviewQuery, parseOverviewParams, withOverviewPreset } from "./params";

const parse = (q: string) => parseOverviewParams(new URLSearchParams(q));

describe("parseOverviewParams", () => {
  it("defaults: chat preset's 25 tokens/s per user and 450 ms, no price, PUE 1.3, input weight 0.25, chat's 550/150", () => {
    const { inputs, issues } = parse("");
    expect(issues).toEqual([]);
    expect(inputs.level).toEqual({ tpsPerUser: 25, ttftMs: 450 });
    expect(inputs.pricing).toEqual({
      pricePerAccHour: null,
      pricePerKwh: null,
      pue: 1.3,
      inputWeight: 0.25,
      shape: { name: "Short interactive chat", inTok: 550, outTok: 150 },
    });
  });

  it("the traffic shape's tokens follow the preset (rag: 8,192 in / 1,024 out); a weight of 0 is accepted", () => {
    const { inputs, issues } = parse("preset=rag&inputWeight=0");
    expect(issues).toEqual([]);
    expect(inputs.pricing.inputWeight).toBe(0);
    expect(inputs.pricing.shape).toEqual({ name: "Long-context retrieval (prefill-heavy)", inTok: 8192, outTok: 1024 });
  });

  it.each([
    // rag: TPOT 175 ms → 1000 ÷ 175 = 5.714 tokens/s per user; TTFT 6000 ms
    ["preset=rag", { tpsPerUser: 1000 / 175, ttftMs: 6000 }],
    // batch: no bound at all
    ["preset=batch", { tpsPerUser: null, ttftMs: null }],
    ["tpsPerUser=50&ttftMs=2000", { tpsPerUser: 50, ttftMs: 2000 }],
    ["tpsPerUser=none&ttftMs=none", { tpsPerUser: null, ttftMs: null }],
  ])("%s", (q, level) => {
    const { inputs, issues } = parse(q);
    expect(issues).toEqual([]);
    if (level.tpsPerUser === null) expect(inputs.level.tpsPerUser).toBeNull();
    else expect(inputs.level.tpsPerUser).toBeCloseTo(level.tpsPerUser, 9);
    expect(inputs.level.ttftMs).toBe(level.ttftMs);
  });

  it.each([
    ["tpsPerUser=0", "tpsPerUser", /more than 0.*25 tokens\/s per user is used/],
    ["tpsPerUser=abc", "tpsPerUser", /plain number/],
    ["ttftMs=-5", "ttftMs", /can't be negative/],
    ["pricePerAccHour=5000", "pricePerAccHour", /implausible/],
    ["pue=0.5", "pue", /can't be below 1/],
    ["preset=fast", "preset", /Unknown traffic shape/],
    ["inputWeight=-1", "inputWeight", /plain number from 0 to 10.*default weight 0.25 is used/],
    ["inputWeight=11", "inputWeight", /implausible/],
    ["benchmark=resnet", "benchmark", /not an LLM benchmark/],
    ["bakeoff=x", "bakeoff", /malformed/],
  ])("%s is reported beside %s and the default used", (q, field, message) => {
    const { issues } = parse(q);
    expect(issues[0]?.field).toBe(field);
    expect(issues[0]?.message).toMatch(message);
  });
});

describe("overviewQuery: one state, one URL", () => {
  it.each([
    ["", ""],
    ["tpsPerUser=25&ttftMs=450&pue=1.3", ""],
    ["ttftMs=2000&benchmark=gpt-oss-120b&tpsPerUser=50", "benchmark=gpt-oss-120b&tpsPerUser=50&ttftMs=2000"],
    ["preset=batch", "preset=batch"],
    ["tpsPerUser=none", "tpsPerUser=none"],
    ["pricePerAccHour=$2.50&kwh=0.1", "pricePerAccHour=2.5&kwh=0.1"],
    ["tpsPerUser=abc", "tpsPerUser=abc"],
    ["inputWeight=0.25", ""],
    ["inputWeight=.5", "inputWeight=0.5"],
  ])("%j → %j", (q, canonical) => {
    expect(overviewQuery(parse(q).form)).toBe(canonical);
    expect(overviewQuery(parse(canonical).form)).toBe(canonical);
  });

  it("choosing a preset takes its level and keeps the rest", () => {
    const f = withOverviewPreset(parse("pricePerAccHour=3").form, "rag");
    expect(overviewQuery(f)).toBe("preset=rag&pricePerAccHour=3");
  });
});

describe("figures at a glance", () => {
  it.each([
    [53_612_500, "53.6 M"],
    [406_971.9, "407 K"],
    [512, "512"],
    [null, "—"],
  ])("tokens per accelerator-hour %s → %s", (n, s) => expect(perHourText(n)).toBe(s));
  it.each([
    [0.0559571, "$0.056"],
    [1.234, "$1.23"],
    [null, "—"],
  ])("cost %s → %s", (n, s) => expect(costText(n)).toBe(s));
});
