// Pricing input and output tokens apart (issue 30). Pure arithmetic; which mix applies is decided elsewhere (a
// benchmark's cited dataset mix: lib/judge tokenMixOf; a bake-off run's own measured means).
//
// The rule. Accelerator-hours measured on a benchmark were spent on that benchmark's requests: per output token, I/O
// input tokens too (I, O: mean input and output tokens per sample). The user says what one input token costs relative
// to one output token (w). Then one hour that produced T output tokens carried T·(1 + w·I/O) output-token equivalents,
// and with H the cost of that hour:
//   p_out = H ÷ (T × (1 + w·I/O)),  p_in = w × p_out.
// The figure priced on output alone (H ÷ T, what /overview showed before) is p_out × (1 + w·I/O), so the split is that
// figure divided by (1 + w·I/O): w = 0 puts all cost on output (today's figure, input free). Energy per token splits by
// the same rule. Blended, for a traffic shape of Iu input and Ou output tokens per request: the cost of one request's
// tokens ÷ its tokens, (Iu·p_in + Ou·p_out) ÷ (Iu + Ou), per million tokens of either kind.

/** Output tokens one accelerator makes in an hour at a measured rate: tokens/s per accelerator × 3,600. */
export function tokensPerAccHour(perAccPerS: number): number {
  return perAccPerS * 3600;
}

/**
 * The accelerator cost of a million output tokens with all cost on output: $/accelerator-hour ÷ tokens per
 * accelerator-hour × 1e6 (H ÷ T). /overview's rows and the planner's basis cost both ask this; null when the rate is
 * not positive.
 */
export function accCostPerMillion(pricePerAccHour: number, perAccPerS: number): number | null {
  const t = tokensPerAccHour(perAccPerS);
  if (!(t > 0)) return null;
  const c = (pricePerAccHour / t) * 1e6;
  return Number.isFinite(c) ? c : null;
}

/** The default weight of one input token against one output token, and why (shown on the page). */
export const DEFAULT_INPUT_WEIGHT = 0.25;
export const INPUT_WEIGHT_REASON =
  "0.25 by default: OpenAI's list prices charge a quarter as much per input token as per output token for GPT-4o ($2.50 against $10.00 per million, openai.com/api/pricing), and sellers of tokens charge a quarter to an eighth; it is a market convention, not a measurement of what prefill costs an accelerator. 0 puts all cost on output tokens.";

export interface TokenMixIn {
  /** Mean input tokens per request. */
  inTok: number;
  /** Mean output tokens per request. */
  outTok: number;
}

export interface SplitFigures {
  /** Per million input tokens. */
  input: number;
  /** Per million output tokens. */
  output: number;
}

/** The divisor 1 + w·I/O; null when the mix cannot carry a split (no output tokens, a negative figure). */
export function splitDivisor(mix: TokenMixIn, w: number): number | null {
  if (!(mix.outTok > 0) || !(mix.inTok >= 0) || !(w >= 0)) return null;
  return 1 + (w * mix.inTok) / mix.outTok;
}

/** A figure per million OUTPUT tokens that carried all the cost (H ÷ T × 1e6) split into input and output. */
export function splitPerMillion(allOnOutput: number, mix: TokenMixIn, w: number): SplitFigures | null {
  const d = splitDivisor(mix, w);
  if (d === null || !Number.isFinite(allOnOutput)) return null;
  const output = allOnOutput / d;
  return { input: w * output, output };
}

/** Per million tokens of a traffic shape (input and output together), from the split prices. */
export function blendedPerMillion(split: SplitFigures, shape: TokenMixIn): number | null {
  const n = shape.inTok + shape.outTok;
  if (!(n > 0)) return null;
  return (shape.inTok * split.input + shape.outTok * split.output) / n;
}

const WEIGHT_LABEL = "Input-token weight";
const MAX_WEIGHT = 10;

/** The weight as typed: a plain number from 0 (input free) to 10 (an input token ten times an output token). */
export function checkInputWeight(raw: string): { ok: true; value: number } | { ok: false; message: string } {
  const s = raw.trim();
  if (s === "") return { ok: false, message: `${WEIGHT_LABEL} is missing (0 puts all cost on output tokens)` };
  if (!/^[+]?(\d+\.?\d*|\.\d+)$/.test(s))
    return { ok: false, message: `${WEIGHT_LABEL} must be a plain number from 0 to 10, like 0.25` };
  const n = Number(s);
  if (n > MAX_WEIGHT)
    return {
      ok: false,
      message: `${WEIGHT_LABEL}: an input token costing over 10 output tokens is implausible; it is a ratio, not a price`,
    };
  return { ok: true, value: n };
}
