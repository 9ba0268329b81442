// Frozen comparisons and capacity plans, and the words around them: snapshot tokens, the canonical compare and plan
// queries, the stored payload read back through zod, the "newer data" banner, and the title/description a shared
// link unfurls into. Pure: no I/O, no framework; callers supply random bytes and the current data version.
import { z } from "zod";
import { parseCompareParams } from "./compare-params";
import type { Flag } from "./context";
import { formatNumber, unitLabel } from "./format";
import { UPLOAD_ID } from "./id-patterns";
import { canonicalBenchmarkId } from "./mlperf/benchmarks";
import {
  fmt,
  type PlanInputs,
  type PlanIssue,
  type PlanOutcome,
  parsePlanParams,
  planQuery,
  plural,
  type SensitivityRow,
  sloText,
} from "./plan";
import { parseStoredReproduction, type ReproductionView } from "./reproduce/index";
import { BAKEOFF_TOOLS, SCENARIOS, VALIDITIES } from "./types";

/** 18 random bytes = 144 bits, written as 24 base64url characters. */
export const TOKEN_BYTES = 18;
export const TOKEN_PATTERN = UPLOAD_ID;

/** Random bytes → an unguessable URL-safe token; refuses fewer than 128 bits. */
export function tokenFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 16) throw new Error("a snapshot token needs at least 16 random bytes (128 bits)");
  return Buffer.from(bytes).toString("base64url");
}

export function isSnapshotToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** The one query string for a comparison: ids and bake-off ids sorted and de-duplicated, commas unescaped. */
export function canonicalCompareQuery(ids: string[], bakeoff: string[] = []): string {
  const sort = (xs: string[]) => [...new Set(xs)].sort();
  const parts: string[] = [];
  if (ids.length) parts.push(`ids=${sort(ids).map(encodeURIComponent).join(",")}`);
  if (bakeoff.length) parts.push(`bakeoff=${sort(bakeoff).map(encodeURIComponent).join(",")}`);
  return parts.join("&");
}

export function compareHref(ids: string[], bakeoff: string[] = []): string {
  const q = canonicalCompareQuery(ids, bakeoff);
  return q ? `/compare?${q}` : "/compare";
}

export const SNAPSHOT_KINDS = ["compare", "plan", "reproduction"] as const;
export type SnapshotKind = (typeof SNAPSHOT_KINDS)[number];

const requestSchema = z.object({
  kind: z.enum(SNAPSHOT_KINDS),
  query: z.string().max(2000),
});

export type SnapshotRequest =
  | { ok: true; kind: "compare"; ids: string[]; bakeoff: string[]; query: string }
  | { ok: true; kind: "plan"; query: string }
  | { ok: true; kind: "reproduction"; id: string; match: string | null; query: string }
  | { ok: false; message: string; field: string };

/**
 * POST /api/snapshots body → the canonical comparison or plan to freeze.
 * compare: "ids=…", "?ids=…" or "/compare?ids=…". plan: "basis=…&rps=…", "?…" or "/plan?…", with at least one basis.
 */
export function parseSnapshotRequest(body: unknown): SnapshotRequest {
  const r = requestSchema.safeParse(body);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = issue?.path.join(".") || "body";
    return {
      ok: false,
      message: `expected {"kind":"compare","query":"ids=…"} or {"kind":"plan","query":"basis=…"} (${field}: ${issue?.message})`,
      field,
    };
  }
  if (r.data.kind === "reproduction") {
    // "id=<reproduction id>[&match=<result id>]", "?…" or "/reproduce/<id>?match=…"
    const q = r.data.query;
    const path = /^\/reproduce\/([A-Za-z0-9_-]+)(?:\?(.*))?$/.exec(q);
    const params = new URLSearchParams(path ? (path[2] ?? "") : q.replace(/^\?/, ""));
    const id = path?.[1] ?? params.get("id") ?? "";
    const match = params.get("match")?.trim() || null;
    if (!/^[A-Za-z0-9_-]{22,64}$/.test(id))
      return { ok: false, message: "a reproduction snapshot needs id=<reproduction id>", field: "query.id" };
    if (match !== null && !/^[A-Za-z0-9_.-]{1,64}$/.test(match))
      return { ok: false, message: "match must be a published result id", field: "query.match" };
    return { ok: true, kind: "reproduction", id, match, query: reproductionQuery(id, match) };
  }
  if (r.data.kind === "plan") {
    const raw = r.data.query.replace(/^\/plan(?=\?|$)/, "").replace(/^\?/, "");
    const p = parsePlanParams(new URLSearchParams(raw));
    if (p.inputs.basis.length + p.inputs.bakeoff.length === 0) {
      const malformed = p.issues.find((i) => i.field === "basis" || i.field === "bakeoff");
      return {
        ok: false,
        message: malformed
          ? `${malformed.message}; a plan snapshot needs at least one basis`
          : "a plan snapshot needs at least one basis (basis=<result id> or bakeoff=<upload id>)",
        field: "query.basis",
      };
    }
    return { ok: true, kind: "plan", query: planQuery(p.form) };
  }
  const raw = r.data.query.replace(/^\/compare/, "").replace(/^\?/, "");
  const p = parseCompareParams(new URLSearchParams(raw));
  if (!p.ok) return { ok: false, message: p.message, field: `query.${p.field}` };
  return { ok: true, kind: "compare", ids: p.ids, bakeoff: p.bakeoff, query: canonicalCompareQuery(p.ids, p.bakeoff) };
}

/** The one query string a reproduction snapshot stores: "id=…&match=…". */
export function reproductionQuery(id: string, match: string | null): string {
  return `id=${encodeURIComponent(id)}${match ? `&match=${encodeURIComponent(match)}` : ""}`;
}

/** "id=…&match=…" → "/reproduce/…?match=…", the live report a snapshot links back to. */
export function reproductionHref(query: string): string {
  const p = new URLSearchParams(query);
  const id = p.get("id") ?? "";
  const match = p.get("match");
  return `/reproduce/${encodeURIComponent(id)}${match ? `?match=${encodeURIComponent(match)}` : ""}`;
}

export function planHref(query: string): string {
  return query ? `/plan?${query}` : "/plan";
}

// ---- the stored payload (what /compare showed), checked on every read ----

const num = z.number().nullable();
const percentiles = z.object({
  min: num,
  max: num,
  mean: num,
  p50: num,
  p90: num,
  p95: num,
  p97: num,
  p99: num,
  p999: num,
});
const latency = z.object({
  source: z.string(),
  ttftMs: percentiles.nullable(),
  tpotMs: percentiles.nullable(),
  latencyMs: percentiles.nullable(),
  targetQps: num,
  ttftLimitMs: num,
  tpotLimitMs: num,
  loadgenVersion: z.string().nullable(),
  minDurationMs: num,
  validity: z.enum(VALIDITIES),
  failedChecks: z.array(z.string()),
  logValue: num,
  queryCount: num,
});
const result = z
  .object({
    id: z.string(),
    resultId: z.string().nullable(),
    round: z.string(),
    submitter: z.string(),
    system: z.string(),
    platform: z.string(),
    accelerator: z.string().nullable(),
    acceleratorsPerNode: num,
    nodes: num,
    totalAccelerators: num,
    heterogeneous: z.boolean(),
    // a mixed system's per-type groups, so a frozen comparison still reads "8×MI300X + 8×MI325X + 8×MI355X"
    acceleratorGroups: z.array(z.object({ name: z.string(), count: z.number() })).optional(),
    hostProcessor: z.string().nullable(),
    operatingSystem: z.string().nullable(),
    model: z.string(),
    // snapshots frozen before the benchmark table have none: their published name gives it
    benchmark: z.string().optional(),
    usedModel: z.string(),
    modelFamily: z.string(),
    accuracyTarget: z.string().nullable(),
    scenario: z.enum(SCENARIOS),
    division: z.string(),
    availability: z.string(),
    suite: z.string(),
    precision: z.string().nullable(),
    precisionRaw: z.string().nullable(),
    software: z.string().nullable(),
    softwareStack: z.array(
      z.object({ name: z.string(), version: z.string().nullable(), qualifier: z.string().optional() }),
    ),
    value: z.number(),
    units: z.string(),
    higherIsBetter: z.boolean(),
    perAccelerator: num,
    perAcceleratorNote: z.string().nullable(),
    power: num,
    powerUnits: z.string().nullable(),
    hasPower: z.boolean(),
    // snapshots frozen before per watt existed have no perWatt: read as null (no measurement shown)
    perWatt: num.optional().transform((v) => v ?? null),
    validity: z.enum(VALIDITIES),
    inferred: z.boolean(),
    tokensPerSample: num,
    measurementKey: z.string(),
    sourceUrl: z.string().nullable(),
    codeUrl: z.string().nullable(),
    location: z.string().nullable(),
    resultsFolderUrl: z.string().nullable().optional(),
    notes: z.array(z.object({ code: z.string(), message: z.string() })),
    latency: latency.nullable(),
    importedAt: z.string().nullable(),
  })
  .transform((r) => ({ ...r, benchmark: r.benchmark ?? canonicalBenchmarkId(r.model) }));
const perAcceleratorSchema = z.object({
  value: num,
  perNode: num,
  note: z.string().nullable(),
  formula: z.string(),
  label: z.literal("derived, not an MLPerf metric"),
  accelerators: num,
  nodes: num,
  units: z.string(),
});
const flag = z.object({
  code: z.string(),
  severity: z.enum(["block", "warn", "info"]),
  message: z.string(),
  ids: z.array(z.string()),
});
const latencyMs = z.object({ mean: num, p50: num, p90: num, p95: num, p99: num });
/** The parts of a bake-off run a comparison shows; the rest of the stored run is not needed to render it. */
const bakeoffRun = z.object({
  tool: z.enum(BAKEOFF_TOOLS),
  toolVersion: z.string().nullable(),
  model: z.string().nullable(),
  load: z.object({ kind: z.string(), concurrency: num, requestRate: num }),
  reqPerS: num,
  outTokPerS: num,
  totalTokPerS: num,
  ttftMs: latencyMs.nullable(),
  tpotMs: latencyMs.nullable(),
  validity: z.enum(VALIDITIES),
  accelerators: num,
});
const bakeoffUpload = z.object({
  id: z.string(),
  label: z.string(),
  format: z.string(),
  accelerator: z.string().nullable(),
  accelerators: num,
  nodes: num,
  modelFamily: z.string().nullable(),
  runs: z.array(bakeoffRun),
  warnings: z.array(z.string()),
  createdAt: z.string(),
});
export const comparePayloadSchema = z.object({
  results: z.array(result),
  bakeoff: z.array(bakeoffUpload),
  flags: z.array(flag),
  footnotes: z.array(z.string()),
  perAccelerator: z.record(z.string(), perAcceleratorSchema),
  suggestions: z.array(
    z.object({
      forId: z.string(),
      flagCode: z.string(),
      text: z.string(),
      ids: z.array(z.string()),
      pair: z.tuple([z.string(), z.string()]).optional(),
    }),
  ),
  dataVersion: z.string(),
  retrievedAt: z.string(),
});

/** What a comparison view renders. db's ComparePayload is assignable to it (checked where snapshots are written). */
export type CompareData = z.infer<typeof comparePayloadSchema>;
export type CompareResult = CompareData["results"][number];
export type CompareFlag = CompareData["flags"][number];
export type CompareBakeoff = CompareData["bakeoff"][number];

/** Stored JSON → the payload, or why it cannot be shown (never a crash on a corrupt row). */
export function parseStoredPayload(text: string): { ok: true; payload: CompareData } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: "the stored snapshot is not valid JSON" };
  }
  const r = comparePayloadSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    return { ok: false, message: `the stored snapshot does not match the comparison shape (${issue?.path.join(".")})` };
  }
  return { ok: true, payload: r.data };
}

// ---- a frozen capacity plan: what /plan showed, recomputed by the server from the canonical query ----

const note = z.looseObject({ code: z.string(), severity: z.enum(["block", "warn", "info"]), message: z.string() });
const planStep = z.looseObject({ key: z.string(), label: z.string(), formula: z.string(), value: z.string() });
/** One basis's plan. The fields the page renders are checked; the rest of what was computed (the basis's
 * throughput, shape, siblings and load point, every intermediate number) is kept as stored. */
const planOutcome = z.looseObject({
  basis: z.looseObject({
    id: z.string(),
    kind: z.enum(["published", "bakeoff"]),
    label: z.string(),
    detail: z.string(),
    verified: z.boolean(),
    notes: z.array(z.string()),
  }),
  fit: z.looseObject({ status: z.enum(["fits", "conservative", "derated", "overstated", "unknown"]) }).nullable(),
  numbers: z
    .looseObject({
      nodes: z.number(),
      accelerators: z.number(),
      nodesNeeded: z.number(),
      spareNodes: z.number(),
      acceleratorsPerNode: z.number(),
    })
    .nullable(),
  cost: z.looseObject({ perMonth: z.number(), perMillionOutputTokens: z.number() }).nullable(),
  steps: z.array(planStep),
  notes: z.array(note),
  assumptions: z.array(z.string()),
  error: z.string().nullable(),
});
const sensitivityCell = z.object({
  nodes: num,
  accelerators: num,
  perMonth: num,
  deltaNodes: num,
  note: z.string().nullable(),
});
const sensitivityRow = z.object({
  key: z.enum(["base", "output-plus-50", "slo-tighter", "node-lost"]),
  label: z.string(),
  cells: z.array(sensitivityCell),
});
const planInputs = z.looseObject({
  preset: z.string(),
  custom: z.boolean(),
  workload: z.object({ rps: z.number(), inTok: z.number(), outTok: z.number() }),
  slo: z.object({ ttftMs: num, tpotMs: num }),
  fleet: z.object({ usablePct: z.number(), utilPct: z.number(), k: z.number(), pricePerAccHour: num }),
  basis: z.array(z.string()),
  bakeoff: z.array(z.string()),
  derate: z.boolean(),
});
export const planPayloadSchema = z.object({
  kind: z.literal("plan"),
  /** The canonical /plan query it was computed from. */
  query: z.string(),
  dataVersion: z.string(),
  retrievedAt: z.string(),
  inputs: planInputs,
  /** The preset's name and where its figures come from, as they read when frozen. */
  preset: z.object({ name: z.string(), sources: z.array(z.string()) }),
  issues: z.array(z.object({ field: z.string(), message: z.string() })),
  plans: z.array(planOutcome).min(1),
  sensitivity: z.array(sensitivityRow),
  /** The assumptions every basis shares; each plan carries its own. */
  assumptions: z.array(z.string()),
  flags: z.array(note.extend({ ids: z.array(z.string()) })),
  footnotes: z.array(z.string()),
});

/** A frozen plan as read back. */
export type PlanSnapshotData = z.output<typeof planPayloadSchema>;

/** What the server writes for a plan: the planner's own types (checked against planPayloadSchema on write). */
export interface PlanSnapshotInput {
  kind: "plan";
  query: string;
  dataVersion: string;
  retrievedAt: string;
  inputs: PlanInputs;
  preset: { name: string; sources: string[] };
  issues: PlanIssue[];
  plans: PlanOutcome[];
  sensitivity: SensitivityRow[];
  assumptions: string[];
  flags: Flag[];
  footnotes: string[];
}

function firstIssue(e: z.ZodError): string {
  return e.issues[0]?.path.join(".") || "(root)";
}

/** A plan payload about to be stored → the same data, or why it would not read back (so nothing unreadable is kept). */
export function checkPlanPayload(
  payload: PlanSnapshotInput,
): { ok: true; payload: PlanSnapshotData } | { ok: false; message: string } {
  // JSON first: what is stored is the JSON text, so check what JSON keeps (undefined dropped, no NaN/Infinity)
  const r = planPayloadSchema.safeParse(JSON.parse(JSON.stringify(payload)));
  if (!r.success) return { ok: false, message: `the plan does not match the snapshot shape (${firstIssue(r.error)})` };
  return { ok: true, payload: r.data };
}

export type StoredSnapshot =
  | { ok: true; kind: "compare"; payload: CompareData }
  | { ok: true; kind: "plan"; payload: PlanSnapshotData }
  | { ok: true; kind: "reproduction"; payload: ReproductionView }
  | { ok: false; message: string };

/**
 * A stored row → its payload by kind, or why it cannot be shown. A plan's payload must also agree with its row:
 * the same kind, canonical query and data version (a payload copied under another row is refused).
 */
export function parseStoredSnapshot(row: {
  kind: string;
  query: string;
  dataVersion: string;
  payload: string;
}): StoredSnapshot {
  if (row.kind === "compare") {
    const r = parseStoredPayload(row.payload);
    return r.ok ? { ok: true, kind: "compare", payload: r.payload } : r;
  }
  if (row.kind === "reproduction") {
    const r = parseStoredReproduction(row.payload);
    return r.ok ? { ok: true, kind: "reproduction", payload: r.payload } : r;
  }
  if (row.kind !== "plan") return { ok: false, message: `snapshots of kind "${row.kind}" cannot be shown` };
  let json: unknown;
  try {
    json = JSON.parse(row.payload);
  } catch {
    return { ok: false, message: "the stored snapshot is not valid JSON" };
  }
  const r = planPayloadSchema.safeParse(json);
  if (!r.success)
    return { ok: false, message: `the stored snapshot does not match the plan shape (${firstIssue(r.error)})` };
  if (r.data.query !== row.query) return { ok: false, message: "the stored plan is for another query than its link" };
  if (r.data.dataVersion !== row.dataVersion)
    return { ok: false, message: "the stored plan's data version does not match its record" };
  return { ok: true, kind: "plan", payload: r.data };
}

/** The title and description a frozen plan unfurls into: "Capacity plan: 3 nodes (24 accelerators) from 8×MI355X …". */
export function describePlan(data: {
  plans: { basis: { label: string }; numbers: { nodes: number; accelerators: number } | null }[];
  inputs: Pick<PlanInputs, "workload" | "slo"> & { fleet: { k: number } };
  preset: { name: string };
}): {
  title: string;
  description: string;
} {
  const answers = data.plans.map((p) =>
    p.numbers
      ? `${plural(p.numbers.nodes, "node")} (${plural(p.numbers.accelerators, "accelerator")}) from ${p.basis.label}`
      : `no plan from ${p.basis.label}`,
  );
  const w = data.inputs.workload;
  const title = `Capacity plan: ${answers[0] ?? "no basis"}${answers.length > 1 ? ` vs ${answers.length - 1} more` : ""}`;
  const description = `${data.preset.name}: ${fmt(w.rps)} requests/s at ${fmt(w.outTok)} output tokens, ${sloText(data.inputs.slo)}, N+${fmt(data.inputs.fleet.k, 0)}. ${answers.join("; ")}. Derived by PerfContext, not MLPerf metrics.`;
  return { title: clipText(title, 160), description: clipText(description, 300) };
}

/** `t` cut to at most `n` characters, an ellipsis marking the cut (link previews and meta descriptions). */
export function clipText(t: string, n: number): string {
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
}

/** "2026-11-29T22:20:20.990Z" → "2026-11-29 22:20 UTC"; anything unparseable is returned as given. */
export function formatUtc(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : iso;
}

/** The "newer data exists" banner, or null when the database has not changed since the snapshot was taken. */
export function staleBanner(
  snapshot: { dataVersion: string; createdAt: string },
  current: { version: string; at: string },
): string | null {
  if (snapshot.dataVersion === current.version) return null;
  return `Newer data exists (imported ${formatUtc(current.at)}); this snapshot shows the data as of ${formatUtc(snapshot.createdAt)}.`;
}

// ---- names for a comparison: "8×MI355X vs 87×MI355X — llama2-70b-99 Offline · 2 warnings" ----

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

const SEVERITY_WORD = { block: "block", warn: "warning", info: "note" } as const;

/** "1 block · 2 warnings", or "no flags". Info notes are counted only when nothing is more severe. */
export function flagCounts(flags: Pick<CompareFlag, "severity">[]): string {
  const n = (s: CompareFlag["severity"]) => flags.filter((f) => f.severity === s).length;
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
 * The head of the preview image's flag panel, counted as the page counts them (flagCounts): the most severe flag's
 * word, then the counts when there is more than one flag. 4 warnings and 3 notes → "WARNING · 4 warnings"
 * (it said "WARNING (+6 more)", counting notes as warnings); one block → "BLOCK: NOT COMPARABLE".
 */
export function ogFlagHead(flags: Pick<CompareFlag, "severity">[]): string | null {
  const top = flags[0];
  if (!top) return null;
  return flags.length > 1 ? `${SEVERITY_HEAD[top.severity]} · ${flagCounts(flags)}` : SEVERITY_HEAD[top.severity];
}

function distinct(xs: string[]): string[] {
  return [...new Set(xs)];
}

/** The title and description a comparison (live or frozen) unfurls into. */
export function describeComparison(
  data: Pick<CompareData, "results" | "flags" | "bakeoff"> & Partial<Pick<CompareData, "perAccelerator">>,
): {
  title: string;
  description: string;
} {
  const labels = systemLabels(data.results);
  const names = [
    ...data.results.map((r) => labels[r.id] ?? r.platform),
    ...data.bakeoff.map((b) => `${b.label} (unverified)`),
  ];
  const models = distinct(data.results.map((r) => r.model));
  const scenarios = distinct(data.results.map((r) => r.scenario));
  const what = [models.join(" / "), scenarios.join(" vs ")].filter(Boolean).join(" ");
  const title = `${names.join(" vs ") || "Comparison"}${what ? ` — ${what}` : ""} · ${flagCounts(data.flags)}`;
  const values = data.results
    .map((r) => {
      const pa = data.perAccelerator?.[r.id]?.value ?? null;
      const per = pa === null ? "" : ` (${formatNumber(pa)} per accelerator, derived)`;
      return `${labels[r.id] ?? r.platform} ${r.round} ${r.submitter}: ${formatNumber(r.value)} ${unitLabel(r.units)}${per}`;
    })
    .join("; ");
  const top = data.flags[0];
  const description = [values, top ? `${SEVERITY_WORD[top.severity].toUpperCase()}: ${top.message}` : ""]
    .filter(Boolean)
    .join(". ");
  return { title, description: clipText(description, 300) };
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
