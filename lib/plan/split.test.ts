// Input and output priced apart (lib/plan/split.ts) and the benchmark mixes it is given (lib/judge/token-mix.ts).
// Expected values worked out by hand below, never by the code under test.
import { describe, expect, it } from "vitest";
import { tokenMixOf } from "@/lib/judge";
import { blendedPerMillion, checkInputWeight, splitDivisor, splitPerMillion } from "./split";

describe("splitPerMillion: p_out = H ÷ (T × (1 + w·I/O)), p_in = w × p_out", () => {
  // GB300 NVL72 gpt-oss-120b Server (v6.0): $3 per accelerator-hour ÷ 53,612,500 output tokens per accelerator-hour ×
  // 1e6 = $0.0559571 per million output tokens with all cost on output.
  const all = 3e6 / 53_612_500;
  it.each([
    // w 0.25, I/O 1000/250 = 4: divisor 1 + 0.25 × 4 = 2 → output 0.0559571 ÷ 2 = 0.0279785; input × 0.25 = 0.0069946
    [0.25, { inTok: 1000, outTok: 250 }, 2, 0.0279785, 0.0069946],
    // w 0: divisor 1, everything on output, input free (today's figure)
    [0, { inTok: 1000, outTok: 250 }, 1, 0.0559571, 0],
    // w 1, I/O 550/150 = 3.6667: divisor 4.6667 → output 0.0559571 ÷ 4.6667 = 0.0119908; input the same
    [1, { inTok: 550, outTok: 150 }, 4.6666667, 0.0119908, 0.0119908],
  ])("w %s on %j: divisor %s, output %s, input %s", (w, mix, d, out, inp) => {
    expect(splitDivisor(mix, w)).toBeCloseTo(d, 6);
    const s = splitPerMillion(all, mix, w);
    expect(s?.output).toBeCloseTo(out, 7);
    expect(s?.input).toBeCloseTo(inp, 7);
  });

  it("the split conserves the hour: T·p_out + (T·I/O)·p_in = H (output 0.0279785 × 250 + input 0.0069946 × 1000)", () => {
    const s = splitPerMillion(all, { inTok: 1000, outTok: 250 }, 0.25);
    // per request: 250 output + 1000 input tokens cost what 250 output tokens cost unsplit: 250 × 0.0559571
    expect((s?.output ?? 0) * 250 + (s?.input ?? 0) * 1000).toBeCloseTo(all * 250, 9);
  });

  it("blended for the chat shape (550 in, 150 out): (550 × 0.0069946 + 150 × 0.0279785) ÷ 700 = 0.0114912", () => {
    const s = splitPerMillion(all, { inTok: 1000, outTok: 250 }, 0.25);
    expect(s && blendedPerMillion(s, { inTok: 550, outTok: 150 })).toBeCloseTo(0.0114912, 7);
  });

  it("no split without output tokens", () => {
    expect(splitPerMillion(all, { inTok: 100, outTok: 0 }, 0.25)).toBeNull();
  });

  it.each([
    ["0", true],
    ["0.25", true],
    ["10", true],
    ["11", false],
    ["-1", false],
    ["", false],
    ["abc", false],
  ])("weight %j accepted: %s", (raw, ok) => expect(checkInputWeight(raw).ok).toBe(ok));
});

describe("tokenMixOf: each benchmark's mix from MLCommons' own files", () => {
  it.each([
    // language/llama2-70b/README.md "Tokens per sample: 294.45"; no input mean stated
    ["llama2-70b-99", 294.45],
    ["llama2-70b-99.9", 294.45],
    // language/gpt-oss-120b/README.md TEST09 "reference (1278.20 tokens)"
    ["gpt-oss-120b", 1278.2],
    // language/llama3.1-405b/README.md "'tokens_per_sample': 684.68"
    ["llama3.1-405b", 684.68],
    // language/deepseek-r1/README.md "mean-output-tok-len": 4043.449863263446
    ["deepseek-r1", 4043.45],
  ])("%s: output %s tokens per sample cited, no input mean, so not split", (name, out) => {
    const m = tokenMixOf(name);
    expect(m.split).toBe(false);
    expect(m.split ? null : m.outTok).toBe(out);
    expect(m.split ? "" : m.why).toMatch(/states no mean input tokens per sample/);
  });

  it("a benchmark the table does not hold says so", () => {
    const m = tokenMixOf("mixtral-8x7b");
    expect(m.split).toBe(false);
    expect(m.split ? "" : m.why).toMatch(/no MLCommons source we could cite/);
  });
});
