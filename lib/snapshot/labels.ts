// Names for a comparison: "8×MI355X vs 87×MI355X", "8×B300 (Dell)", "1 block · 2 warnings" (counted by box), and the suggestions
// under each flag. Pure.
import { formatNumber } from "../format";
import type { CompareFlag, CompareResult } from "./compare-payload";
import type { FlagGroup } from "./flag-groups";

const VENDOR_WORDS = new Set(["amd", "nvidia", "intel", "instinct", "geforce", "virtualized", "tesla", "google"]);

/**
 * A short accelerator name for titles and chart labels.
 * "AMD Instinct MI355X 288GB HBM3e" → "MI355X"; "NVIDIA B300-SXM-270GB" → "B300"; "NVIDIA RTX PRO 6000 Blackwell" → "RTX PRO 6000".
 */
export function shortAccelerator(name: string): string {
  const first = name.split(/,| and /)[0] ?? name;
  const words = first
    .replace(/\[[^\]]*\]|\((R|TM)\)|\([^)]*\)/gi, " ")
    .split(/\s+/)
    .filter((w) => w && !VENDOR_WORDS.has(w.toLowerCase()));
  const out: string[] = [];
  for (const w of words) {
    const cut = w.replace(/-(SXM|PCIe|NVL|NPS|OAM|HBM).*$/i, "");
    if (/^\d+(GB|G)$/i.test(cut) || /^HBM/i.test(cut)) break;
    out.push(cut);
    if (/\d/.test(cut) || out.length >= 3) break;
  }
  return out.join(" ") || first.trim();
}

type Labelled = Pick<
  CompareResult,
  "id" | "submitter" | "platform" | "accelerator" | "totalAccelerators" | "round" | "scenario" | "model"
> & { acceleratorGroups?: readonly { name: string; count: number }[] };

/**
 * The accelerators a result ran on, short: "8×MI355X"; a heterogeneous system as its mix, "8×MI300X + 8×MI325X +
 * 8×MI355X" (never "24×MI300X"); a mix whose counts are not all known, "24× MI300X/MI325X"; null without an
 * accelerator name.
 */
export function acceleratorsLabel(
  r: Omit<Labelled, "id" | "submitter" | "platform" | "round" | "scenario" | "model">,
): string | null {
  const mix = r.acceleratorGroups ?? [];
  if (mix.length > 1) {
    if (mix.every((p) => p.count > 0))
      return mix.map((p) => `${formatNumber(p.count, 0)}×${shortAccelerator(p.name)}`).join(" + ");
    const names = mix.map((p) => shortAccelerator(p.name)).join("/");
    return r.totalAccelerators ? `${formatNumber(r.totalAccelerators, 0)}× ${names}` : names;
  }
  if (!r.accelerator) return null;
  return r.totalAccelerators
    ? `${formatNumber(r.totalAccelerators, 0)}×${shortAccelerator(r.accelerator)}`
    : shortAccelerator(r.accelerator);
}

/**
 * One short, distinct label per result: "8×MI355X"; where two collide, the submitter, then the round, scenario and
 * benchmark are added in brackets until they differ: "8×B300 (Dell)" vs "8×B300 (NVIDIA)".
 */
export function systemLabels(results: Labelled[]): Record<string, string> {
  const base = (r: Labelled) => acceleratorsLabel(r) ?? r.platform;
  const quals: ((r: Labelled) => string)[] = [(r) => r.submitter, (r) => r.round, (r) => r.scenario, (r) => r.model];
  const extra: string[][] = results.map(() => []);
  const name = (i: number) => {
    const r = results[i] as Labelled;
    const e = extra[i] ?? [];
    return e.length ? `${base(r)} (${e.join(", ")})` : base(r);
  };
  for (const q of quals) {
    const names = results.map((_r, i) => name(i));
    results.forEach((r, i) => {
      const clash = names.some((n, j) => j !== i && n === names[i]);
      const differs = results.some((o, j) => j !== i && names[j] === names[i] && q(o) !== q(r));
      if (clash && differs) extra[i]?.push(q(r));
    });
  }
  const out: Record<string, string> = {};
  results.forEach((r, i) => {
    out[r.id] = name(i);
  });
  return out;
}

export const SEVERITY_WORD = { block: "block", warn: "warning", info: "note" } as const;

/**
 * "1 block · 4 warnings", or "no flags": the boxes a comparison shows, counted from the same grouping the page draws
 * them from (groupFlags: one box per fact), so the subtitle, the title, the preview image and the boxes cannot
 * disagree. Five results of different sizes raise nine pairwise node-count warnings in one box: that is one warning,
 * not nine. Notes are counted only when nothing is more severe. Takes groups, never raw flags (the type refuses them).
 */
export function flagCounts(groups: readonly Pick<FlagGroup, "severity" | "statement">[]): string {
  const n = (s: CompareFlag["severity"]) => groups.filter((g) => g.severity === s).length;
  const parts: string[] = [];
  for (const s of ["block", "warn"] as const) {
    const k = n(s);
    if (k) parts.push(`${k} ${SEVERITY_WORD[s]}${k === 1 ? "" : "s"}`);
  }
  if (!parts.length && n("info")) parts.push(`${n("info")} note${n("info") === 1 ? "" : "s"}`);
  return parts.length ? parts.join(" · ") : "no flags";
}

const SEVERITY_HEAD = { block: "BLOCK: NOT COMPARABLE", warn: "WARNING", info: "NOTE" } as const;

/**
 * The head of the preview image's flag panel, counted as the page counts its boxes (flagCounts over the same groups):
 * the most severe box's word, then the counts when there is more than one box. 4 warning boxes and 3 notes →
 * "WARNING · 4 warnings"; one block → "BLOCK: NOT COMPARABLE".
 */
export function ogFlagHead(groups: readonly Pick<FlagGroup, "severity" | "statement">[]): string | null {
  const top = groups[0];
  if (!top) return null;
  return groups.length > 1 ? `${SEVERITY_HEAD[top.severity]} · ${flagCounts(groups)}` : SEVERITY_HEAD[top.severity];
}

/**
 * The suggestions to show under one flag: those for its code that resolve its own pair of results. A comparison of
 * four results can hold several scenario blocks; each shows only its own way out. Suggestions frozen before `pair`
 * existed fall back to the result they swap.
 */
export function flagSuggestions<S extends { flagCode: string; forId: string; pair?: [string, string] }>(
  flag: { code: string; ids: readonly string[] },
  all: readonly S[],
): S[] {
  return all.filter(
    (s) =>
      s.flagCode === flag.code && (s.pair ? s.pair.every((id) => flag.ids.includes(id)) : flag.ids.includes(s.forId)),
  );
}
