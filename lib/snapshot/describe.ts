// The words around a snapshot: the title and description a shared comparison or plan unfurls into, and the
// "newer data exists" banner. Pure.
import { formatNumber, unitLabel } from "../format";
import { fmt, type PlanInputs, plural, sloText } from "../plan";
import type { CompareData } from "./compare-payload";
import { groupFlags } from "./flag-groups";
import { flagCounts, SEVERITY_WORD, systemLabels } from "./labels";

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

function distinct(xs: string[]): string[] {
  return [...new Set(xs)];
}

/** The title and description a comparison (live or frozen) unfurls into. */
export function describeComparison(
  data: Pick<CompareData, "results" | "flags" | "bakeoff"> & Partial<Pick<CompareData, "perAccelerator" | "curves">>,
): {
  title: string;
  description: string;
} {
  const labels = systemLabels(data.results);
  const names = [
    ...data.results.map((r) => labels[r.id] ?? r.platform),
    ...data.bakeoff.map((b) => `${b.label} (unverified)`),
    ...(data.curves ?? []).map(
      (c) => `${c.submitter} ${c.system} (Endpoints curve${c.synthetic ? ", synthetic" : ""})`,
    ),
  ];
  const models = distinct(data.results.map((r) => r.model));
  const scenarios = distinct(data.results.map((r) => r.scenario));
  const what = [models.join(" / "), scenarios.join(" vs ")].filter(Boolean).join(" ");
  // the boxes the page shows (one per fact), counted and led by the same grouping
  const groups = groupFlags(data);
  const title = `${names.join(" vs ") || "Comparison"}${what ? ` — ${what}` : ""} · ${flagCounts(groups)}`;
  const values = data.results
    .map((r) => {
      const pa = data.perAccelerator?.[r.id]?.value ?? null;
      const per = pa === null ? "" : ` (${formatNumber(pa)} per accelerator, derived)`;
      return `${labels[r.id] ?? r.platform} ${r.round} ${r.submitter}: ${formatNumber(r.value)} ${unitLabel(r.units)}${per}`;
    })
    .join("; ");
  const top = groups[0];
  const description = [values, top ? `${SEVERITY_WORD[top.severity].toUpperCase()}: ${top.statement}` : ""]
    .filter(Boolean)
    .join(". ");
  return { title, description: clipText(description, 300) };
}
