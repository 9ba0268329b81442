// The frozen-parameter check: what should stay the same across a campaign's runs, read per run from the file (its
// record and facts), the upload's metadata, or what the user declared, and every place it did not stay the same,
// with the runs each value covers. A different model or accelerator type is a block, as on the compare page
// (lib/context flags refuse a comparison across benchmarks or hardware); the rest are warnings. Pure.
import { engineOfRun, familyOfServedModel } from "@/lib/judge";
import { shortAccelerator } from "@/lib/snapshot";
import type { CampaignRun } from "./runs";

export type Severity = "block" | "warn" | "info";

export interface ParamDef {
  field: string;
  label: string;
  /** A difference in this field makes the runs incomparable. */
  block: boolean;
  /** The value in words (shown) and the key runs are grouped by (values that mean the same share a key). */
  read: (r: CampaignRun) => { value: string; key: string; source: string } | null;
  /** Expected to differ between traffic shapes (a chat and a long-context run use different data by design). */
  perShape?: boolean;
  /** Never reported as held fixed while some runs do not state it (a note says which do and which do not). */
  fixedOnlyIfAllStated?: boolean;
  /** Compare only within groups (tool versions only within one tool): runs in different scopes never differ. */
  scope?: (r: CampaignRun) => string;
}

/** "0.8.0.dev18 (report v2)" → "0.8.0.dev18"; era descriptions ("bench serve (new keys)") are not versions → null. */
export function versionToken(v: string | null): string | null {
  if (!v) return null;
  // "≤v0.3" / "<0.4" name an era (a range of versions), not the version that ran
  const m = /(?<![≤<>≥]\s?v?)(?<![\d.])(\d{4}-\d{2}-\d{2}|\d+\.\d+(?:\.\d+)*(?:[.-]?(?:dev|rc|post|a|b)\d+)?)/.exec(v);
  return m?.[1] ?? null;
}

/** Model key: the MLPerf family when one maps, else the lower-cased last path part with unified separators. */
export function modelKey(model: string): string {
  const fam = familyOfServedModel(model);
  if (fam) return fam;
  const parts = model
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .split("/");
  return parts[parts.length - 1] || model.toLowerCase();
}

const declared = (r: CampaignRun, k: keyof NonNullable<CampaignRun["member"]["declared"]>) => {
  const v = r.member.declared?.[k]?.trim();
  return v ? v : null;
};

const same = (value: string, source: string) => ({ value, key: value.toLowerCase(), source });

/** The parameters a campaign freezes, in the order the report lists them. One registry: add a field here only. */
export const PARAMS: ParamDef[] = [
  {
    field: "model",
    label: "Model",
    block: true,
    read: (r) => {
      const m = r.run.model ?? declared(r, "model");
      return m ? { value: m, key: modelKey(m), source: r.run.model ? "the file" : "declared" } : null;
    },
  },
  {
    field: "engine",
    label: "Serving engine",
    block: false,
    // the engine as the judge names it ("sgl" and "sglang" are one engine, SGLang); never held fixed over runs that
    // do not state it
    read: (r) => {
      const d = declared(r, "engine");
      const e = engineOfRun(d ?? r.facts.engine);
      return e.engine && e.key ? { value: e.engine, key: e.key, source: d ? "declared" : "the file" } : null;
    },
    fixedOnlyIfAllStated: true,
  },
  {
    field: "engineVersion",
    label: "Engine version",
    block: false,
    read: (r) => {
      const d = declared(r, "engineVersion") ?? r.facts.engineVersion;
      return d ? same(d, declared(r, "engineVersion") ? "declared" : "the file") : null;
    },
  },
  {
    field: "precision",
    label: "Precision",
    block: false,
    read: (r) => {
      const d = declared(r, "precision") ?? r.facts.precision;
      return d ? same(d, declared(r, "precision") ? "declared" : "the file") : null;
    },
  },
  {
    field: "acceleratorType",
    label: "Accelerator type",
    block: true,
    read: (r) => {
      const d = declared(r, "acceleratorType") ?? r.source.accelerator ?? r.facts.acceleratorType;
      if (!d) return null;
      const short = shortAccelerator(d);
      return { value: d, key: short.toLowerCase(), source: declared(r, "acceleratorType") ? "declared" : "upload" };
    },
  },
  {
    field: "acceleratorCount",
    label: "Accelerator count",
    block: false,
    read: (r) => (r.accelerators !== null ? same(String(r.accelerators), "upload or file") : null),
  },
  {
    field: "tool",
    label: "Benchmark tool",
    block: false,
    read: (r) => same(r.run.tool, "detected format"),
  },
  {
    field: "toolVersion",
    label: "Tool version",
    block: false,
    scope: (r) => r.run.tool,
    read: (r) => {
      const v = versionToken(r.run.toolVersion);
      // versions are only comparable within one tool
      return v ? { value: `${r.run.tool} ${v}`, key: `${r.run.tool} ${v}`, source: "the file" } : null;
    },
  },
  {
    field: "dataset",
    label: "Dataset",
    block: false,
    perShape: true,
    read: (r) => {
      const d = declared(r, "dataset") ?? r.facts.dataset;
      return d ? same(d, declared(r, "dataset") ? "declared" : "the file") : null;
    },
  },
  {
    field: "requestPattern",
    label: "Request pattern",
    block: false,
    perShape: true,
    read: (r) => {
      const k = r.run.load.kind;
      const words: Record<string, string> = {
        concurrency: "fixed concurrency (closed loop)",
        rate: "request rate (open loop)",
        burst: "all requests at once",
        offline: "offline batch",
        "sweep-step": "sweep step, load not stated",
        "mlperf-server": "MLPerf Server (Poisson arrivals)",
        "mlperf-offline": "MLPerf Offline",
      };
      return same(words[k] ?? k, "the file");
    },
  },
];

export interface Difference {
  field: string;
  label: string;
  severity: Severity;
  /** Distinct values (as first seen for each key). */
  values: string[];
  /** Member ids per value, parallel to values (a sweep member can sit under two values). */
  members: string[][];
  /** Run keys per value, parallel to values. */
  runs: string[][];
  /** Runs that do not state the field (they could not be checked). */
  unknown: string[];
  message: string;
}

export interface ParamCheck {
  differences: Difference[];
  /** Fields the same in every run that states them, with how many did. */
  frozen: { field: string; label: string; value: string; stated: number; unknown: string[] }[];
  /** Fields no run states. */
  unstated: string[];
}

/** Every field's distinct values across the runs; a field with two or more is a difference. */
export function checkParams(runs: CampaignRun[], defs: ParamDef[] = PARAMS): ParamCheck {
  const differences: Difference[] = [];
  const frozen: ParamCheck["frozen"] = [];
  const unstated: string[] = [];
  // a scoped field is checked once per scope (tool versions within each tool); runs outside the scope are skipped
  type Scoped = { def: ParamDef; inScope: ((r: CampaignRun) => boolean) | null };
  const expanded: Scoped[] = defs.flatMap((def): Scoped[] => {
    const scopeOf = def.scope;
    if (!scopeOf) return [{ def, inScope: null }];
    return [...new Set(runs.map(scopeOf))].map((sc) => ({ def, inScope: (r: CampaignRun) => scopeOf(r) === sc }));
  });
  for (const { def, inScope } of expanded) {
    const scoped = inScope !== null;
    const groups = new Map<string, { value: string; members: Set<string>; runs: string[]; shapes: Set<string> }>();
    const unknown: string[] = [];
    for (const r of runs) {
      if (inScope && !inScope(r)) continue;
      const v = def.read(r);
      if (!v) {
        unknown.push(r.key);
        continue;
      }
      const g = groups.get(v.key) ?? { value: v.value, members: new Set(), runs: [], shapes: new Set() };
      g.members.add(r.source.id);
      g.runs.push(r.key);
      g.shapes.add(r.member.shape);
      groups.set(v.key, g);
    }
    const gs = [...groups.values()];
    if (scoped && gs.length < 2) continue;
    if (gs.length === 0) {
      unstated.push(def.field);
      continue;
    }
    if (gs.length === 1) {
      const g = gs[0] as (typeof gs)[number];
      if (def.fixedOnlyIfAllStated && unknown.length > 0) {
        differences.push({
          field: def.field,
          label: def.label,
          severity: "info",
          values: [g.value],
          members: [[...g.members]],
          runs: [g.runs],
          unknown,
          message: `${def.label}: ${g.value} for ${g.runs.length === 1 ? "run" : "runs"} ${g.runs.join(", ")}; not stated for ${unknown.join(", ")}, so it is not known to be held fixed.`,
        });
        continue;
      }
      frozen.push({ field: def.field, label: def.label, value: g.value, stated: g.runs.length, unknown });
      continue;
    }
    // values that split exactly along traffic shapes are by design for per-shape fields
    const byShape =
      def.perShape === true &&
      gs.every((g) => g.shapes.size === 1) &&
      new Set(gs.map((g) => [...g.shapes][0])).size === gs.length;
    const severity: Severity = def.block ? "block" : byShape ? "info" : "warn";
    const parts = gs.map((g) => `${g.value} (${g.runs.length === 1 ? "run" : "runs"} ${g.runs.join(", ")})`);
    const lead = def.block
      ? `${def.label} differs, so these runs are not comparable: `
      : byShape
        ? `${def.label} differs between traffic shapes, as the shapes require: `
        : `${def.label} was not held fixed: `;
    differences.push({
      field: def.field,
      label: def.label,
      severity,
      values: gs.map((g) => g.value),
      members: gs.map((g) => [...g.members]),
      runs: gs.map((g) => g.runs),
      unknown,
      message: `${lead}${parts.join(" vs ")}.${unknown.length ? ` ${unknown.length} more ${unknown.length === 1 ? "run does" : "runs do"} not state it.` : ""}`,
    });
  }
  return { differences, frozen, unstated };
}
