// Latency percentiles from an imported LoadGen log: a table for every series, charts for TTFT and TPOT (or the
// per-query latency outside Offline) with the scenario's limits drawn in.
import { LatencyChart, type LatencyPoint } from "@/components/charts/latency-chart";
import { ScrollRegion } from "@/components/compare/scroll-region";
import { formatNumber } from "@/lib/format";
import type { PercentileSet, PublishedResult, ResultLatency } from "@/lib/types";

const KEYS: { key: keyof PercentileSet; label: string }[] = [
  { key: "p50", label: "p50" },
  { key: "p90", label: "p90" },
  { key: "p95", label: "p95" },
  { key: "p97", label: "p97" },
  { key: "p99", label: "p99" },
  { key: "p999", label: "p99.9" },
];

function points(set: PercentileSet): LatencyPoint[] {
  return KEYS.flatMap(({ key, label }) => {
    const v = set[key];
    return v === null ? [] : [{ percentile: label, ms: v }];
  });
}

export function LatencySection({ result }: { result: PublishedResult }) {
  const l: ResultLatency | null = result.latency;
  if (!l) return null;
  const series: { name: string; set: PercentileSet | null; limit: number | null }[] = [
    { name: "Time to first token (TTFT)", set: l.ttftMs, limit: l.ttftLimitMs },
    { name: "Time per output token (TPOT)", set: l.tpotMs, limit: l.tpotLimitMs },
    {
      name: result.scenario === "Offline" ? "Query latency (the whole run is one query)" : "Per-query latency",
      set: l.latencyMs,
      limit: null,
    },
  ];
  const present = series.filter((s) => s.set !== null);
  if (present.length === 0) return null;
  const tokenCharts = present.filter((s) => s.limit !== null && s.set !== null && /TTFT|TPOT/.test(s.name));
  const charts =
    tokenCharts.length > 0 ? tokenCharts : result.scenario === "Offline" ? [] : present.filter((s) => s.set !== null);
  return (
    <section aria-labelledby="latency-h" className="space-y-3" data-testid="latency">
      <h2 id="latency-h" className="text-lg font-semibold">
        Latency from the LoadGen log
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {l.validity === "VALID" ? "The log reports VALID." : `The log reports ${l.validity}.`}
        {l.loadgenVersion ? ` LoadGen ${l.loadgenVersion}.` : ""}
        {l.targetQps !== null && result.scenario !== "Offline" ? ` Target ${formatNumber(l.targetQps)} queries/s.` : ""}
        {l.failedChecks.length ? ` Failed checks: ${l.failedChecks.join(", ")}.` : ""}
        {result.scenario === "Offline"
          ? " Offline issues every sample in one query and has no latency bound, so these figures describe the run, not a service."
          : ""}
      </p>
      <ScrollRegion label="Latency percentiles (scrolls sideways)">
        <table className="w-full min-w-[40rem] text-sm" data-testid="latency-table">
          <caption className="sr-only">Latency percentiles in milliseconds</caption>
          <thead>
            <tr className="border-b border-slate-300 text-left dark:border-slate-700">
              <th scope="col" className="py-1.5 pr-3">
                Series (ms)
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right">
                mean
              </th>
              {KEYS.map((k) => (
                <th key={k.key} scope="col" className="py-1.5 pr-3 text-right">
                  {k.label}
                </th>
              ))}
              <th scope="col" className="py-1.5 text-right">
                limit (p99)
              </th>
            </tr>
          </thead>
          <tbody>
            {present.map((s) => (
              <tr key={s.name} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1.5 pr-3 text-left font-medium">
                  {s.name}
                </th>
                <td className="num py-1.5 pr-3">{formatNumber(s.set?.mean ?? null, 1)}</td>
                {KEYS.map((k) => {
                  const v = s.set?.[k.key] ?? null;
                  const over = k.key === "p99" && v !== null && s.limit !== null && v > s.limit;
                  return (
                    <td
                      key={k.key}
                      className={`num py-1.5 pr-3 ${over ? "font-semibold text-red-700 dark:text-red-400" : ""}`}
                    >
                      {formatNumber(v, 1)}
                    </td>
                  );
                })}
                <td className="num py-1.5">{s.limit === null ? "—" : formatNumber(s.limit, 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {charts.length > 0 && (
        <div className="grid gap-4 md:grid-cols-2">
          {charts.map((s, i) =>
            s.set ? (
              <LatencyChart
                key={s.name}
                title={s.name}
                points={points(s.set)}
                limitMs={s.limit}
                limitPercentile="p99"
                testId={`latency-chart-${i}`}
              />
            ) : null,
          )}
        </div>
      )}
    </section>
  );
}
