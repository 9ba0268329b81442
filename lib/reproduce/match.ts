// Which published result an uploaded run reproduces. A submission names its platform in its folders
// (results/<platform>/…) and describes it in systems/<platform>.json, so: the same platform, and a systems JSON
// that agrees with the published system, match outright. Otherwise the published systems that ran the same
// benchmark and scenarios are ranked (accelerator and count, round, submitter, then how close the published
// figure is to the uploaded one) for the user to confirm; the choice lives in the URL (?match=<result id>).
// Pure: the uploaded folder and candidate rows in, a ranking out.
import { deriveAcceleratorCount } from "@/lib/mlperf/accelerators";
import { splitModel } from "@/lib/mlperf/normalize";
import type { Scenario } from "@/lib/types";
import type { UploadedFolder, UploadedScenario } from "./files";

/** A published result as matching needs it (a PublishedResult plus the system it is stored under). */
export interface CandidateRow {
  id: string;
  resultId: string | null;
  systemId: string;
  round: string;
  submitter: string;
  platform: string;
  system: string;
  division: string;
  accelerator: string | null;
  acceleratorsPerNode: number | null;
  nodes: number | null;
  totalAccelerators: number | null;
  model: string;
  modelFamily: string;
  accuracyTarget: string | null;
  scenario: Scenario;
  value: number;
  units: string;
  software: string | null;
}

export interface RankedCandidate {
  /** The published row of the first uploaded scenario this system covers: what ?match= names. */
  id: string;
  resultId: string | null;
  systemId: string;
  platform: string;
  submitter: string;
  system: string;
  round: string;
  accelerator: string | null;
  totalAccelerators: number | null;
  covers: Scenario[];
  score: number;
  /** Why it ranks where it does, in words ("same platform", "8 × MI355X like your systems JSON"). */
  reasons: string[];
  /** Where a systems JSON in the upload contradicts it. */
  disagreements: string[];
}

export interface MatchOutcome {
  /** Matched outright (same platform, the systems JSON agrees), or confirmed by ?match=. */
  matched: RankedCandidate | null;
  how: string;
  candidates: RankedCandidate[];
}

const MAX_CANDIDATES = 12;

/** The accelerator name without vendor words, memory or count, for comparing: "AMD Instinct MI355X 288GB HBM3e" → "mi355x". */
export function acceleratorKey(name: string | null | undefined): string {
  const t = (name ?? "")
    .toLowerCase()
    .replace(/\(x\d+\)/g, "")
    .replace(/\b\d+\s*gb\b/g, "")
    .replace(/\b(hbm\d*e?|nvidia|amd|instinct|intel|tesla|sxm\d*|pcie|nvl\d*|oam)\b/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  return t.split(" ")[0] ?? "";
}

/** "8xMI355X_2xEPYC_9575F" → {count: 8, accelerator: "mi355x"}; "H200-SXM-141GBx8_TRT" → {count: 8, accelerator: "h200"}. */
function platformHints(platform: string | null): { count: number | null; accelerator: string | null } {
  if (!platform) return { count: null, accelerator: null };
  const lead = /^(\d+)x([A-Za-z][A-Za-z0-9]*)/.exec(platform);
  if (lead?.[1] && lead[2]) return { count: Number(lead[1]), accelerator: lead[2].toLowerCase() };
  const trail = /^([A-Za-z][A-Za-z0-9]*)[-_].*?x(\d+)(?:_|$)/.exec(platform);
  if (trail?.[1] && trail[2]) return { count: Number(trail[2]), accelerator: trail[1].toLowerCase() };
  return { count: null, accelerator: null };
}

const norm = (s: string | null | undefined) =>
  (s ?? "")
    .toLowerCase()
    .replace(/\s*\(x\d+\)/g, "")
    .replace(/[\s_-]+/g, "")
    .trim();

/** The uploaded folder's identity: platform, systems JSON, accelerator and count, round. */
export function uploadIdentity(folder: UploadedFolder) {
  const platform = folder.scenarios.find((s) => s.platform)?.platform ?? folder.systems[0]?.platform ?? null;
  const sys = folder.systems.find((s) => s.platform === platform)?.system ?? folder.systems[0]?.system ?? null;
  const hints = platformHints(platform);
  // the importer's count rule (lib/mlperf/accelerators.ts): the "(x87)" in the accelerator name or the platform id
  // when it fits the node layout, else nodes × per node; so an uploaded folder counts as its published result does
  const count =
    (sys || platform
      ? deriveAcceleratorCount({
          platform: platform ?? "",
          acceleratorRaw: sys?.acceleratorRaw ?? null,
          acceleratorsPerNode: sys?.acceleratorsPerNode ?? null,
          nodes: sys?.nodes ?? (sys?.acceleratorsPerNode != null ? 1 : null),
          explicitTotal: null,
        }).total
      : null) ?? hints.count;
  return {
    platform,
    system: sys,
    accelerator: sys?.accelerator ? acceleratorKey(sys.accelerator) : hints.accelerator,
    acceleratorName: sys?.accelerator ?? null,
    count,
    round: folder.roundFromPath,
    submitter: sys?.submitter ?? folder.submitterFromPath,
  };
}

/** The published row one uploaded scenario is compared with: same scenario, the uploaded model first, closed first. */
export function publishedRowFor<T extends { scenario: Scenario; model: string; division: string }>(
  rows: T[],
  s: UploadedScenario,
): T | null {
  const family = s.model ? splitModel(s.model).modelFamily : null;
  const same = rows.filter((r) => r.scenario === s.scenario && (!family || splitModel(r.model).modelFamily === family));
  const rank = (r: T) => (s.model && r.model === s.model ? 0 : 2) + (r.division === "closed" ? 0 : 1);
  return [...same].sort((a, b) => rank(a) - rank(b) || a.model.localeCompare(b.model))[0] ?? null;
}

/**
 * Ranks the published systems for an upload; `confirmed` (a result id from ?match=) wins when it is one of them.
 * Example: the v6.0 AMD 8×MI355X trio with systems/8xMI355X_2xEPYC_9575F.json → 6.0-0002 matched outright;
 * ORACLE's 6.0-0086 (same platform name) ranks below it because the systems JSON names AMD.
 */
export function matchUpload(
  folder: UploadedFolder,
  rows: CandidateRow[],
  confirmed: string | null = null,
): MatchOutcome {
  const id = uploadIdentity(folder);
  const bySystem = new Map<string, CandidateRow[]>();
  for (const r of rows) bySystem.set(r.systemId, [...(bySystem.get(r.systemId) ?? []), r]);
  const ranked: RankedCandidate[] = [];
  for (const [systemId, sysRows] of bySystem) {
    const pairs = folder.scenarios
      .map((s) => ({ s, row: publishedRowFor(sysRows, s) }))
      .filter((p): p is { s: UploadedScenario; row: CandidateRow } => p.row !== null);
    const first = pairs[0]?.row;
    if (!first) continue;
    const reasons: string[] = [];
    const disagreements: string[] = [];
    let score = 0;
    if (id.platform && norm(first.platform) === norm(id.platform)) {
      score += 100;
      reasons.push(`same platform ${first.platform}`);
    }
    if (id.system) {
      const checks: [string, unknown, unknown][] = [
        ["submitter", id.system.submitter, first.submitter],
        [
          "accelerator",
          id.system.accelerator ? acceleratorKey(id.system.accelerator) : null,
          acceleratorKey(first.accelerator),
        ],
        ["accelerators per node", id.system.acceleratorsPerNode, first.acceleratorsPerNode],
        ["nodes", id.system.nodes, first.nodes],
      ];
      for (const [field, mine, theirs] of checks) {
        if (mine === null || mine === undefined || theirs === null || theirs === undefined || theirs === "") continue;
        if (String(mine).toLowerCase() !== String(theirs).toLowerCase())
          disagreements.push(
            `${field}: your systems JSON says ${String(mine)}, the published system ${String(theirs)}`,
          );
      }
      if (disagreements.length === 0) {
        score += 50;
        reasons.push("your systems JSON agrees (submitter, accelerator, counts)");
      } else score -= 40 * disagreements.length;
    }
    if (id.accelerator && acceleratorKey(first.accelerator) === id.accelerator) {
      score += 10;
      reasons.push(`same accelerator (${first.accelerator})`);
    }
    if (id.count !== null && first.totalAccelerators === id.count) {
      score += 10;
      reasons.push(`same count (${id.count})`);
    }
    if (id.round && first.round === id.round) {
      score += 20;
      reasons.push(`same round (${id.round})`);
    }
    if (id.submitter && first.submitter.toLowerCase() === id.submitter.toLowerCase() && !id.system) {
      score += 5;
      reasons.push(`same submitter (${first.submitter})`);
    }
    score += 10 * pairs.length;
    const release = folder.scenarios.map((s) => /^(\d+\.\d+)/.exec(s.settings.loadgenVersion ?? "")?.[1]).find(Boolean);
    if (release && first.round === `v${release}`) {
      score += 8;
      reasons.push(`LoadGen ${release}.x is the ${first.round} release`);
    }
    // how far the published figures are from the uploaded ones: a reproduction is usually near its target
    const gaps = pairs
      .map(({ s, row }) => {
        const v = s.run.tokensPerSecond ?? s.run.samplesPerSecond;
        return v && row.value > 0 ? Math.abs(Math.log(v / row.value)) : null;
      })
      .filter((g): g is number => g !== null);
    const gap = gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : 1;
    score += Math.max(0, 5 - 50 * gap); // within 1 % adds ~4.5, 10 % or more adds nothing
    ranked.push({
      id: first.id,
      resultId: first.resultId,
      systemId,
      platform: first.platform,
      submitter: first.submitter,
      system: first.system,
      round: first.round,
      accelerator: first.accelerator,
      totalAccelerators: first.totalAccelerators,
      covers: pairs.map((p) => p.s.scenario),
      score: Math.round(score * 100) / 100,
      reasons,
      disagreements,
    });
  }
  ranked.sort(
    (a, b) => b.score - a.score || b.round.localeCompare(a.round, "en", { numeric: true }) || a.id.localeCompare(b.id),
  );
  const candidates = ranked.slice(0, MAX_CANDIDATES);
  const top = ranked[0];
  const samePlatform = (c: RankedCandidate) =>
    !!id.platform && norm(c.platform) === norm(id.platform) && c.disagreements.length === 0;
  // outright only when no other agreeing system of that platform is as good a fit (coverage, then score)
  const exact =
    top &&
    samePlatform(top) &&
    ranked
      .slice(1)
      .filter(samePlatform)
      .every((o) => o.covers.length < top.covers.length || o.score <= top.score - 15);
  const auto = top && exact ? top : null;
  const autoHow = auto
    ? id.system
      ? `matched by platform ${auto.platform} and your systems JSON`
      : `matched by platform ${auto.platform}`
    : "";
  if (confirmed) {
    const row = rows.find((r) => r.id === confirmed);
    const pick =
      ranked.find((c) => c.id === confirmed) ?? (row ? ranked.find((c) => c.systemId === row.systemId) : undefined);
    if (pick && auto && pick.systemId === auto.systemId) return { matched: pick, how: autoHow, candidates };
    if (pick) return { matched: pick, how: "confirmed by you (the match is in the link)", candidates };
  }
  if (auto) return { matched: auto, how: autoHow, candidates };
  return {
    matched: null,
    how: ranked.length
      ? "no published system matches outright: pick the one you reproduced"
      : "no published result ran this benchmark and scenario",
    candidates,
  };
}
