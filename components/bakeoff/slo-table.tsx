// (c) SLO check per load point: p99 TTFT/TPOT against the targets, success rate, and capacity per successful
// request (requests/s that succeeded within the SLO, per accelerator), with how it was obtained. Server-rendered.
import {
  type Capacity,
  capacityPerSuccessfulRequest,
  loadText,
  type SloTargets,
  sloCheck,
  successRateText,
} from "@/lib/bakeoff/slo";
import { formatNumber } from "@/lib/format";
import type { BakeoffRun } from "@/lib/types";
import { InSlices } from "./later";

const METHOD: Record<Capacity["method"], string> = {
  exact: "counted",
  estimated: "estimated",
  "p99-met": "p99 met: all count",
  unavailable: "unavailable",
};

function Verdict({ pass }: { pass: boolean | null }) {
  if (pass === true)
    return (
      <span className="rounded bg-emerald-100 px-1.5 font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
        meets
      </span>
    );
  if (pass === false)
    return (
      <span className="rounded bg-red-100 px-1.5 font-medium text-red-900 dark:bg-red-900 dark:text-red-100">
        misses
      </span>
    );
  return (
    <span className="rounded bg-slate-100 px-1.5 text-slate-800 dark:bg-slate-800 dark:text-slate-200">
      cannot check
    </span>
  );
}

export function SloTable(props: {
  runs: BakeoffRun[];
  targets: SloTargets;
  accelerators: number | null;
  /** Where these rows start among the upload's load points, and how many it has (paged tables). */
  offset?: number;
  total?: number;
}) {
  const { runs, targets } = props;
  const offset = props.offset ?? 0;
  const total = props.total ?? runs.length;
  return (
    <ol className="space-y-3" data-testid="slo-table">
      <InSlices
        items={runs}
        size={5}
        render={(r, i) => {
          const check = sloCheck(r, targets);
          const cap = capacityPerSuccessfulRequest(r, targets, props.accelerators);
          return (
            <li key={i} className="rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="slo-row">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">
                  {total > 1 ? `Point ${offset + i + 1}: ` : ""}
                  {loadText(r)}
                </span>
                <Verdict pass={check.pass} />
              </p>
              <ul className="mt-1 list-disc pl-5 text-sm">
                {check.details.map((d) => (
                  <li key={d.metric}>{d.message}</li>
                ))}
                {check.details.length === 0 && <li>No targets set: enter p99 TTFT and TPOT targets above.</li>}
                <li data-testid="success-rate">Success rate: {successRateText(r)}</li>
                <li data-testid="capacity">
                  Capacity within the SLO:{" "}
                  <strong>{cap.goodReqPerS === null ? "—" : `${formatNumber(cap.goodReqPerS)} req/s`}</strong>
                  {", "}
                  <strong>
                    {cap.perAccelerator === null
                      ? "— per accelerator"
                      : `${formatNumber(cap.perAccelerator)} req/s per accelerator`}
                  </strong>{" "}
                  <span
                    className="rounded border border-slate-300 px-1 text-xs uppercase dark:border-slate-600"
                    data-method={cap.method}
                  >
                    {METHOD[cap.method]}
                  </span>
                  <p className="text-xs text-slate-600 dark:text-slate-400">{cap.approximation}</p>
                </li>
              </ul>
            </li>
          );
        }}
      />
    </ol>
  );
}
