// The side-by-side table and the chart series as plain data, built from a comparison payload (live or frozen).
// No React here, so the shaping is unit-tested and /compare and /s/{token} show the same thing.
import { POWER_LABEL, powerFigure } from "@/lib/context/power";
import { formatInt, formatNumber, unitLabel } from "@/lib/format";
import { ENGINE_UNKNOWN, engineOfResult, quotedChecks } from "@/lib/judge";
import type { CompareBakeoff, CompareData, CompareResult } from "@/lib/snapshot";

export interface Cell {
  text: string;
  sub?: string;
}

export interface FieldRow {
  key: string;
  label: string;
  cells: Cell[];
  /** A context field whose value is not the same in every column (highlighted). */
  differs: boolean;
  /** A measured or derived number: differences are the point, so they are not highlighted. */
  metric: boolean;
}

function stack(r: CompareResult): string {
  if (r.softwareStack.length)
    return r.softwareStack.map((c) => (c.version ? `${c.name} ${c.version}` : c.name)).join(", ");
  return r.software ?? "—";
}

function counts(r: CompareResult): Cell {
  if (r.totalAccelerators === null) return { text: "—", sub: "not published" };
  const per = r.acceleratorsPerNode !== null && r.nodes !== null ? `${r.acceleratorsPerNode} per node` : undefined;
  return { text: formatInt(r.totalAccelerators), sub: per };
}

function p99(r: CompareResult, which: "ttftMs" | "tpotMs", limit: number | null | undefined): Cell {
  const v = r.latency?.[which]?.p99 ?? null;
  if (v === null)
    return {
      text: "—",
      sub: !r.latency ? "no LoadGen log" : r.scenario === "Offline" ? "Offline: no latency bound" : "not in the log",
    };
  return { text: `${formatNumber(v, 1)} ms`, sub: limit ? `limit ${formatInt(limit)} ms` : undefined };
}

function validity(r: CompareResult): Cell {
  const log = r.latency?.validity;
  if (r.validity === "INVALID" || log === "INVALID")
    // the failed checks as LoadGen writes them ("Performance constraints satisfied : NO"), from the judge
    return { text: "INVALID — unverified", sub: quotedChecks(r.latency?.failedChecks) || undefined };
  if (r.validity === "VALID") return { text: "VALID", sub: log ? "LoadGen log imported" : undefined };
  return { text: "Not known", sub: "no LoadGen log imported" };
}

function lower(s: string): string {
  return s.trim().toLowerCase();
}

/** Rows = fields, columns = results, in payload order. Latency rows appear only when some result has a log. */
export function compareTableRows(data: Pick<CompareData, "results" | "perAccelerator">): FieldRow[] {
  const rs = data.results;
  const row = (key: string, label: string, cell: (r: CompareResult) => Cell, metric = false): FieldRow => {
    const cells = rs.map(cell);
    const texts = cells.map((c) => lower(c.text));
    return { key, label, cells, metric, differs: !metric && rs.length > 1 && new Set(texts).size > 1 };
  };
  const rows: FieldRow[] = [
    row("submitter", "Submitter", (r) => ({ text: r.submitter })),
    row("system", "System", (r) => ({ text: r.system, sub: r.system !== r.platform ? r.platform : undefined })),
    row("accelerator", "Accelerator", (r) => ({
      text: r.accelerator ?? "none listed",
      sub: r.heterogeneous ? "heterogeneous: mixes accelerator types" : undefined,
    })),
    row("accelerators", "Accelerators", counts),
    row("nodes", "Nodes", (r) => ({ text: r.nodes === null ? "—" : formatInt(r.nodes) })),
    row("model", "Benchmark", (r) => ({
      text: r.model,
      sub: r.usedModel !== r.model ? `ran ${r.usedModel}` : undefined,
    })),
    row("scenario", "Scenario", (r) => ({ text: r.scenario })),
    row("precision", "Precision", (r) => ({ text: r.precision ?? "not published" })),
    row("stack", "Engine / software stack", (r) => ({
      text: stack(r),
      // the one engine value (lib/judge): the same as the explorer, result page, CSV and API
      sub: `engine: ${engineOfResult(r).engine ?? ENGINE_UNKNOWN}`,
    })),
    row("division", "Division", (r) => ({ text: r.division })),
    row("availability", "Availability", (r) => ({ text: r.availability })),
    row("round", "Round", (r) => ({ text: r.round, sub: r.resultId ? `result ${r.resultId}` : undefined })),
    row(
      "value",
      "Result (MLPerf metric)",
      (r) => ({
        text: `${formatNumber(r.value)} ${unitLabel(r.units)}`,
        sub: r.hasPower ? "power submission" : undefined,
      }),
      true,
    ),
    row(
      "perAccelerator",
      "Per accelerator (derived, not an MLPerf metric)",
      (r) => {
        const pa = data.perAccelerator[r.id];
        if (!pa || pa.value === null) return { text: "—", sub: pa?.note ?? r.perAcceleratorNote ?? undefined };
        return { text: `${formatNumber(pa.value)} ${pa.units}`, sub: pa.formula };
      },
      true,
    ),
  ];
  // MLPerf Power: only when every side was measured the same way (a power run's performance is not comparable with a
  // performance-only run: that pair already carries the power flag, and no figure is made up for the unmeasured side)
  const power = rs.map((r) => powerFigure(r));
  const kinds = new Set(power.map((p) => p?.kind ?? null));
  if (rs.length > 1 && !kinds.has(null) && kinds.size === 1)
    rows.push(
      row(
        "perWatt",
        power[0]?.kind === "perWatt" ? `Per watt (${POWER_LABEL})` : `Energy per query (${POWER_LABEL})`,
        (r) => {
          const p = powerFigure(r);
          if (!p) return { text: "—" };
          return p.kind === "perWatt"
            ? { text: `${formatNumber(p.value)} ${p.units}`, sub: p.formula }
            : { text: `${formatNumber(p.millijoules)} mJ per query`, sub: "as published, lower is better" };
        },
        true,
      ),
    );
  if (rs.some((r) => r.latency?.ttftMs?.p99 != null))
    rows.push(row("ttft", "p99 TTFT", (r) => p99(r, "ttftMs", r.latency?.ttftLimitMs), true));
  if (rs.some((r) => r.latency?.tpotMs?.p99 != null))
    rows.push(row("tpot", "p99 TPOT", (r) => p99(r, "tpotMs", r.latency?.tpotLimitMs), true));
  rows.push(row("validity", "Validity", validity));
  return rows;
}

export interface Bar {
  name: string;
  value: number;
  unverified: boolean;
}

function isTokens(units: string): boolean {
  return /^tokens\/s$/i.test(units.trim());
}

function bakeoffBars(uploads: CompareBakeoff[], perAcc: boolean): Bar[] {
  return uploads.flatMap((u) =>
    u.runs.flatMap((run, i) => {
      const acc = run.accelerators ?? u.accelerators;
      const v = run.outTokPerS === null ? null : perAcc ? (acc ? run.outTokPerS / acc : null) : run.outTokPerS;
      if (v === null) return [];
      const name = `${u.label}${u.runs.length > 1 ? ` #${i + 1}` : ""} (UNVERIFIED)`;
      return [{ name, value: v, unverified: true }];
    }),
  );
}

export interface ChartSeries {
  bars: Bar[];
  units: string;
  /** Why there is no chart, when there is none. */
  empty: string | null;
}

/**
 * Bars for the raw result and the derived per-accelerator figure. Mixed units are not drawn on one axis;
 * bake-off runs join a tokens/s chart as output tokens/s, marked unverified.
 */
export function chartSeries(
  data: Pick<CompareData, "results" | "perAccelerator" | "bakeoff">,
  labels: Record<string, string>,
): { raw: ChartSeries; perAccelerator: ChartSeries } {
  const units = [...new Set(data.results.map((r) => r.units))];
  const unit = units[0] ?? "Tokens/s";
  if (units.length > 1) {
    const empty = `Not drawn: the results are in different units (${units.join(", ")}), so one axis would mislead.`;
    return { raw: { bars: [], units: unit, empty }, perAccelerator: { bars: [], units: unit, empty } };
  }
  const name = (r: CompareResult) => labels[r.id] ?? r.platform;
  const withBakeoff = data.results.length === 0 || isTokens(unit);
  const raw: Bar[] = [
    ...data.results.map((r) => ({ name: name(r), value: r.value, unverified: r.validity === "INVALID" })),
    ...(withBakeoff ? bakeoffBars(data.bakeoff, false) : []),
  ];
  const per: Bar[] = [
    ...data.results.flatMap((r) => {
      const v = data.perAccelerator[r.id]?.value ?? null;
      return v === null ? [] : [{ name: name(r), value: v, unverified: r.validity === "INVALID" }];
    }),
    ...(withBakeoff ? bakeoffBars(data.bakeoff, true) : []),
  ];
  const latency = data.results.some((r) => !r.higherIsBetter);
  return {
    raw: { bars: raw, units: unitLabel(unit), empty: raw.length ? null : "Nothing to draw." },
    perAccelerator: {
      bars: per,
      units: `${unitLabel(unit)} per accelerator`,
      empty: per.length
        ? null
        : latency
          ? "No per-accelerator figure: a latency divided by the accelerator count has no meaning."
          : "No per-accelerator figure: no accelerator counts are published for these results.",
    },
  };
}
