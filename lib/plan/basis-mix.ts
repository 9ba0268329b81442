// Which mix of input and output tokens a basis's accelerator-hours were spent on, for pricing them apart (issue 30):
// the same verdicts /overview reads (lib/judge token-mix: a curve's stated system_desc.json means, a bake-off run's
// measured means, a published result's cited benchmark mix), so a basis never costs differently on /plan and
// /overview. Pure.
import { curveTokenMix, type MixVerdict, runTokenMix, tokenMixOf } from "@/lib/judge";
import type { Basis, BasisSource } from "./basis";

export function basisTokenMix(source: BasisSource, basis: Basis): MixVerdict {
  if (source.kind === "curve") return curveTokenMix(source.curve);
  if (source.kind === "bakeoff") return runTokenMix(basis.run?.run);
  return tokenMixOf(basis.benchmark ?? source.result.benchmark);
}
