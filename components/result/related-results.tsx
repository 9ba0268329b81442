// The same system's other scenarios in its round, and the same hardware in other rounds (software gains over time).
import Link from "next/link";
import { ScrollRegion } from "@/components/compare/scroll-region";
import { formatNumber, unitLabel } from "@/lib/format";
import { componentText } from "@/lib/mlperf/software";
import { bestPerRound, betterFirst } from "@/lib/result-order";
import { acceleratorsLabel, compareHref } from "@/lib/snapshot";
import type { PublishedResult } from "@/lib/types";

const LINK = "text-sky-700 underline-offset-2 hover:underline dark:text-sky-400";
// the containing block of the tables' sr-only (position: absolute) text: without it, that text is placed against the
// page and widens it past a narrow screen, outside the box that scrolls
const SCROLL = "relative";

function stack(r: PublishedResult): string {
  if (r.softwareStack.length) return r.softwareStack.map(componentText).join(", ");
  return r.software ?? "—";
}

export function Siblings({ result, siblings }: { result: PublishedResult; siblings: PublishedResult[] }) {
  return (
    <section aria-labelledby="siblings-h" className="space-y-2" data-testid="siblings">
      <h2 id="siblings-h" className="text-lg font-semibold">
        Same system, other scenarios and benchmarks ({result.round})
      </h2>
      {siblings.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          This system published no other results in {result.round}.
        </p>
      ) : (
        <ScrollRegion label="Same system, other results (scrolls sideways)" className={SCROLL}>
          <table className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">The same system&apos;s other results in this round</caption>
            <thead>
              <tr className="border-b border-slate-300 text-left dark:border-slate-700">
                <th scope="col" className="py-1.5 pr-3">
                  Benchmark
                </th>
                <th scope="col" className="py-1.5 pr-3">
                  Scenario
                </th>
                <th scope="col" className="py-1.5 pr-3 text-right">
                  Result
                </th>
                <th scope="col" className="py-1.5 pr-3 text-right">
                  Per accelerator (derived)
                </th>
                <th scope="col" className="py-1.5 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {siblings.map((s) => (
                <tr key={s.id} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="py-1.5 pr-3">
                    <Link href={`/results/${s.id}`} className={LINK}>
                      {s.model}
                    </Link>
                    {s.hasPower ? (
                      <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">(power run)</span>
                    ) : null}
                    {s.measurementKey === result.measurementKey ? (
                      <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">(same run)</span>
                    ) : null}
                  </td>
                  <td className="py-1.5 pr-3">{s.scenario}</td>
                  <td className="num py-1.5 pr-3">
                    {formatNumber(s.value)} {unitLabel(s.units)}
                  </td>
                  <td className="num py-1.5 pr-3">{formatNumber(s.perAccelerator)}</td>
                  <td className="py-1.5 text-right">
                    <Link href={compareHref([result.id, s.id])} className={`${LINK} text-xs`}>
                      compare
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

export function OtherRounds({ result, others }: { result: PublishedResult; others: PublishedResult[] }) {
  // one row per measurement: a -99 / -99.9 pair publishes one run twice
  const models = new Map<string, string[]>();
  for (const r of [result, ...others]) models.set(r.measurementKey, [...(models.get(r.measurementKey) ?? []), r.model]);
  const seenKeys = new Set<string>();
  const all = [result, ...others]
    .filter((r) => !seenKeys.has(r.measurementKey) && seenKeys.add(r.measurementKey))
    .sort(
      (a, b) => a.round.localeCompare(b.round, "en", { numeric: true }) || betterFirst(result.higherIsBetter)(a, b),
    );
  const rounds = [...new Set(all.map((r) => r.round))];
  const best = bestPerRound(all, result.higherIsBetter);
  const firstBest = best[0];
  const lastBest = best[best.length - 1];
  const higher = result.higherIsBetter;
  // a heterogeneous system reads as its mix ("8×MI300X + 8×MI325X + 8×MI355X")
  const scale =
    (result.acceleratorGroups?.length ?? 0) > 1
      ? (acceleratorsLabel(result) ?? "")
      : `${formatNumber(result.totalAccelerators, 0)} × ${result.accelerator ?? "accelerator"}`;
  return (
    <section aria-labelledby="rounds-h" className="space-y-2" data-testid="other-rounds">
      <h2 id="rounds-h" className="text-lg font-semibold">
        Same hardware, other submissions and rounds
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {scale}, {result.modelFamily} {result.scenario}, {result.division} division. The hardware is the same, so
        differences between rounds come mostly from the software stack (and the submitter&apos;s tuning).
        {rounds.length > 1 && firstBest && lastBest
          ? ` Best per round: ${best.map((b) => `${b.round} ${formatNumber(b.value)}`).join(" → ")} ${unitLabel(result.units)}${
              higher
                ? ` (${lastBest.value >= firstBest.value ? "+" : ""}${formatNumber((100 * (lastBest.value - firstBest.value)) / firstBest.value, 1)}% from ${firstBest.round} to ${lastBest.round})`
                : ""
            }.`
          : ""}
      </p>
      {others.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          No other result on this hardware and benchmark in the database.
        </p>
      ) : (
        <ScrollRegion label="Same hardware, other results (scrolls sideways)" className={SCROLL}>
          <table className="w-full min-w-[48rem] text-sm">
            <caption className="sr-only">Results on the same hardware in every round</caption>
            <thead>
              <tr className="border-b border-slate-300 text-left dark:border-slate-700">
                <th scope="col" className="py-1.5 pr-3">
                  Round
                </th>
                <th scope="col" className="py-1.5 pr-3">
                  Submitter · system
                </th>
                <th scope="col" className="py-1.5 pr-3 text-right">
                  Result
                </th>
                <th scope="col" className="whitespace-nowrap py-1.5 pr-3 text-right">
                  vs this
                </th>
                <th scope="col" className="py-1.5 pr-3">
                  Software stack
                </th>
                <th scope="col" className="py-1.5 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {all.map((o) => {
                const self = o.id === result.id;
                const delta = (100 * (o.value - result.value)) / result.value;
                return (
                  <tr
                    key={o.id}
                    className={`border-b border-slate-100 align-top dark:border-slate-800 ${self ? "bg-sky-50 dark:bg-sky-950/40" : ""}`}
                  >
                    <td className="py-1.5 pr-3 whitespace-nowrap">{o.round}</td>
                    <td className="py-1.5 pr-3">
                      {self ? (
                        <span className="font-medium">
                          {o.submitter} · {o.platform} (this result)
                        </span>
                      ) : (
                        <Link href={`/results/${o.id}`} className={LINK}>
                          {o.submitter} · {o.platform}
                        </Link>
                      )}
                      <div className="text-xs text-slate-600 dark:text-slate-400">
                        {[...new Set(models.get(o.measurementKey) ?? [o.model])].sort().join(", ")}
                      </div>
                    </td>
                    <td className="num py-1.5 pr-3">{formatNumber(o.value)}</td>
                    <td className="num py-1.5 pr-3">
                      {self ? "—" : `${delta >= 0 ? "+" : ""}${formatNumber(delta, 1)}%`}
                    </td>
                    <td className="py-1.5 pr-3 text-xs">{stack(o)}</td>
                    <td className="py-1.5 text-right">
                      {!self && (
                        <Link href={compareHref([result.id, o.id])} className={`${LINK} text-xs`}>
                          compare
                        </Link>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
