// One Endpoints curve from the files of one `results/<system>/<model>/` folder (v1.0) or one
// `pareto/<system>/<model>/` folder (v0.7): points sorted by concurrency, the Offline point marked apart, the
// division, client location, availability, status, accelerators and provisioned power. A malformed file or a stored
// figure the checker would refuse rejects the whole curve with the file and field. Pure.
//
// Sources: endpoints-submission-cli src/submission_checker/layout.py (layout), models/file/point_config.py
// (point.yaml: concurrency, division, offline, target_cohort), models/file/system.py (system_desc.json:
// submitter_org_names, system_name, node_types[].accelerator_info, serving_framework, publication_status,
// input_token_average and output_token_average: "Dataset metadata", `float | None`, a numeric string coerced to float
// by _coerce_tokens_to_float; "the points of one curve must agree on everything but tps_utilization");
// endpoints-submission-docs understand/divisions-and-scenarios.md (Serviced is Client over Network only; RDI does
// not separate client locations), reference/submission-states.md (statuses; the bundle carries none of its own:
// a curve read from a submission is provisionally published, "peer review pending", §6.2.3).

import { benchmarkIdentity, perGivenAccelerators } from "@/lib/judge";
import { fnv1a64 } from "@/lib/mlperf/ids";
import type { SourceError } from "@/lib/types";
import { type PointBase, PointError, readPointSummary, readRunMetadata } from "./curve-point";
import type { ClientLocation, CurveLayout, CurvePoint, CurveRecord, CurveStatus } from "./curve-types";
import { provisionedPower } from "./system-power";
import { parseYamlLite, YamlError } from "./yaml-lite";

export interface CurveFile {
  path: string;
  text: string;
}

export interface CurvePointFiles {
  concurrency: number;
  /** by base name: point.yaml, result_summary.json, system_desc.json (v1.0); run_metadata.json (v0.7) */
  files: Record<string, CurveFile>;
}

export interface CurveInput {
  layout: CurveLayout;
  /** the model folder */
  source: string;
  system: string;
  model: string;
  /** `<org>/<submission_id>/results/...`: the org folder's name, when the tree has one */
  org: string | null;
  synthetic: boolean;
  systemPower: CurveFile | null;
  points: CurvePointFiles[];
  sourceUrl: string | null;
}

export class CurveRejected extends Error {
  constructor(readonly errors: SourceError[]) {
    super(errors[0]?.message ?? "curve rejected");
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
const int = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) ? v : null);

function reject(source: string, field: string | null, message: string, line: number | null = null): never {
  throw new CurveRejected([{ source, line, field, message }]);
}

function json(f: CurveFile): unknown {
  try {
    return JSON.parse(f.text.replace(/^\uFEFF/, ""));
  } catch (e) {
    const m = /line (\d+)/.exec((e as Error).message);
    return reject(f.path, null, `not valid JSON: ${(e as Error).message}`, m ? Number(m[1]) : null);
  }
}

function yaml(f: CurveFile): Obj {
  try {
    const v = parseYamlLite(f.text);
    if (!isObj(v)) return reject(f.path, null, "point.yaml is not a mapping");
    return v;
  } catch (e) {
    if (e instanceof YamlError) return reject(f.path, null, e.message, e.line);
    throw e;
  }
}

/** The CLI's status words (submission-states.md) and the result tags → one status; null when not one of them. */
export function statusFromDeclared(raw: unknown): CurveStatus | null {
  const s = str(raw)
    ?.toUpperCase()
    .replace(/[\s-]+/g, "_");
  if (!s) return null;
  if (s === "REVIEW_PENDING" || s === "PEER_REVIEW_PENDING") return "peer-review-pending";
  if (s === "FINALIZED" || s === "PUBLISHED") return "finalized";
  if (s === "INVALIDATED") return "invalidated";
  if (s === "WITHDRAWN") return "withdrawn";
  if (s === "SUPERSEDED") return "superseded";
  return null;
}

/** Client on Prem / Client over Network: Serviced is CoN only; RDI does not separate them; Standardized states it. */
export function clientLocationOf(division: string, declared: unknown): ClientLocation | null {
  if (division === "Serviced") return "network";
  if (division === "RDI") return null;
  const s = str(declared)
    ?.toLowerCase()
    .replace(/[\s_-]+/g, "");
  if (s === "cop" || s === "clientonprem" || s === "onpremises" || s === "onprem") return "on-premises";
  if (s === "con" || s === "clientovernetwork" || s === "network") return "network";
  return null;
}

interface SystemFacts {
  submitter: string | null;
  systemName: string | null;
  accelerator: string | null;
  acceleratorsPerNode: number | null;
  nodes: number | null;
  servingEngine: string | null;
  availability: string | null;
  division: string | null;
  precision: string | null;
  status: unknown;
  inputTokenAverage: number | null;
  outputTokenAverage: number | null;
}

/**
 * A token average as the checker reads it (a number, or a numeric string it coerces to float); null when absent, not
 * finite or not above zero (no mix to split on); anything else rejects the curve naming the file and field.
 */
function tokenAverage(o: Obj, field: "input_token_average" | "output_token_average", file: string): number | null {
  const v = o[field];
  if (v === undefined || v === null) return null;
  // Python's float() also reads "inf" and "nan": a value, though no mix
  if (typeof v === "string" && /^[+-]?(inf(inity)?|nan)$/i.test(v.trim())) return null;
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : Number.NaN;
  if (Number.isNaN(n))
    return reject(file, field, `${field} must be a number of tokens per sample, not ${JSON.stringify(v)}`);
  return Number.isFinite(n) && n > 0 ? n : null;
}

function systemFacts(d: unknown, file: string): SystemFacts {
  const o = isObj(d) ? d : {};
  const types = Array.isArray(o.node_types) ? o.node_types.filter(isObj) : [];
  let nodes: number | null = types.length ? 0 : null;
  let perNode: number | null = null;
  const names = new Set<string>();
  for (const t of types) {
    const n = int(t.number_of_nodes);
    if (nodes !== null) nodes = n === null ? null : nodes + n;
    const accs = Array.isArray(t.accelerator_info) ? t.accelerator_info.filter(isObj) : [];
    const count = accs.reduce((s, a) => s + (int(a.accelerators_per_node) ?? 0), 0);
    perNode = perNode === null ? count : perNode === count ? perNode : null;
    for (const a of accs) {
      const name = str(a.accelerator_model_name);
      if (name) names.add(name);
    }
  }
  return {
    submitter: str(o.submitter_org_names),
    systemName: str(o.system_name),
    accelerator: names.size ? [...names].join(" + ") : null,
    acceleratorsPerNode: perNode,
    nodes,
    servingEngine: str(o.serving_framework),
    availability: str(o.publication_status),
    division: str(o.division),
    precision: str(o.model_precision),
    status: o.status,
    inputTokenAverage: tokenAverage(o, "input_token_average", file),
    outputTokenAverage: tokenAverage(o, "output_token_average", file),
  };
}

function offlineKind(v: unknown, source: string): CurvePoint["offlineKind"] {
  if (v === undefined || v === null || v === "none") return null;
  if (v === "dedicated" || v === "elected") return v;
  return reject(source, "offline", `offline must be dedicated, elected or none, not ${JSON.stringify(v)}`);
}

/** The cohort label sorts as text: "2026-10-C1" > "2026-10-C0" > "2026-09-C1" (point_config.py _COHORT_RE). */
function newest(cohorts: (string | null)[]): string | null {
  return (
    cohorts
      .filter((c): c is string => c !== null)
      .sort()
      .at(-1) ?? null
  );
}

export function readCurve(input: CurveInput): CurveRecord {
  if (input.points.length === 0) reject(input.source, null, "no point folders (r<N>/) under this curve");
  const points: CurvePoint[] = [];
  const facts: (SystemFacts & { file: string })[] = [];
  const divisions = new Map<string, string>();
  let clientDeclared: unknown;
  let precision: string | null = null;
  let declaredStatus: unknown;
  for (const p of [...input.points].sort((a, b) => a.concurrency - b.concurrency)) {
    let base: PointBase;
    let cohort: string | null = null;
    let kind: CurvePoint["offlineKind"] = null;
    try {
      if (input.layout === "v0.7") {
        const f = p.files["run_metadata.json"];
        if (!f) reject(input.source, null, `point_${p.concurrency}: run_metadata.json is missing`);
        base = readRunMetadata(json(f), p.concurrency, f.path);
      } else {
        const y = p.files["point.yaml"];
        const s = p.files["result_summary.json"];
        if (!y || !s)
          reject(
            input.source,
            null,
            `r${p.concurrency}: ${!y ? "point.yaml" : "result_summary.json"} is missing (layout.py REQUIRED_RUN_FILES)`,
          );
        const cfg = yaml(y);
        if (int(cfg.concurrency) !== p.concurrency)
          reject(
            y.path,
            "concurrency",
            `concurrency ${JSON.stringify(cfg.concurrency)} differs from the folder name r${p.concurrency}`,
          );
        cohort = str(cfg.target_cohort);
        kind = offlineKind(cfg.offline, y.path);
        const div = str(cfg.division);
        if (div) divisions.set(y.path, div);
        clientDeclared ??= cfg.client_location ?? cfg.scenario;
        precision ??= str(cfg.model_precision);
        declaredStatus ??= cfg.status;
        base = readPointSummary(json(s), p.concurrency, s.path);
        const d = p.files["system_desc.json"];
        if (d) facts.push({ ...systemFacts(json(d), d.path), file: d.path });
      }
    } catch (e) {
      if (e instanceof PointError) throw new CurveRejected([e.error]);
      throw e;
    }
    points.push({
      ...base,
      cohort,
      offline: kind !== null,
      offlineKind: kind,
      perAccelerator: null,
      systemTpsPerKwProvisioned: null,
    });
  }
  const distinct = new Set(divisions.values());
  if (distinct.size > 1)
    reject(
      input.source,
      "division",
      `points disagree on the division: ${[...divisions].map(([f, d]) => `${f}: ${d}`).join("; ")}`,
    );
  const first = facts[0];
  const systems = new Set(facts.map((f) => f.systemName ?? ""));
  if (systems.size > 1)
    reject(input.source, "system_name", `system_desc.json differs between points: ${[...systems].join(", ")}`);
  for (const field of ["inputTokenAverage", "outputTokenAverage"] as const) {
    const differ = facts.find((f) => f[field] !== first?.[field]);
    if (first && differ)
      reject(
        differ.file,
        field === "inputTokenAverage" ? "input_token_average" : "output_token_average",
        `${differ[field]} differs from ${first[field]} in ${first.file}: the points of one curve state one data set`,
      );
  }
  const division = [...distinct][0] ?? first?.division ?? (input.layout === "v0.7" ? "unknown" : null);
  if (!division) reject(input.source, "division", "no point.yaml or system_desc.json states the division");
  const nodes = first?.nodes ?? null;
  const perNode = first?.acceleratorsPerNode ?? null;
  const total = nodes !== null && perNode !== null ? nodes * perNode : null;
  const power = input.systemPower
    ? provisionedPower(json(input.systemPower))
    : { watts: null, note: "no system_power.json" };
  for (const pt of points) {
    pt.perAccelerator = perGivenAccelerators(pt.systemTps, total);
    pt.systemTpsPerKwProvisioned = power.watts ? pt.systemTps / (power.watts / 1000) : null;
  }
  const submitter = first?.submitter ?? input.org ?? "unknown";
  const system = first?.systemName ?? input.system;
  const clientLocation = clientLocationOf(division, clientDeclared);
  const seriesKey = ["endpoints", input.layout, submitter, system, input.model, division, clientLocation ?? ""].join(
    "\u0000",
  );
  const cohort = newest(points.map((p) => p.cohort));
  const declared = statusFromDeclared(declaredStatus ?? first?.status);
  return {
    id: fnv1a64(`${seriesKey}\u0000${cohort ?? ""}`),
    seriesId: fnv1a64(seriesKey),
    suite: "endpoints",
    layout: input.layout,
    submitter,
    system,
    model: input.model,
    benchmark: benchmarkIdentity(input.model).benchmark,
    division,
    clientLocation,
    availability: first?.availability ?? "unknown",
    status: declared ?? "peer-review-pending",
    statusNote: declared
      ? "as the source states"
      : "provisionally published: the bundle states no review outcome (§6.2.3)",
    cohort,
    accelerator: first?.accelerator ?? null,
    acceleratorsPerNode: perNode,
    nodes,
    totalAccelerators: total,
    servingEngine: first?.servingEngine ?? null,
    precision: precision ?? first?.precision ?? null,
    provisionedPowerW: power.watts,
    provisionedPowerNote: power.note,
    inputTokenAverage: first?.inputTokenAverage ?? null,
    outputTokenAverage: first?.outputTokenAverage ?? null,
    sourceUrl: input.sourceUrl,
    source: input.source,
    synthetic: input.synthetic,
    points,
  };
}
