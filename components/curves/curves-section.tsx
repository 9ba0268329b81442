// The explorer's MLPerf Endpoints section: the curves of the view's model (a different benchmark from the Inference
// rows above it; each links to its page). Rendered only when there are some. Server component.
import Link from "next/link";
import { CURVE_STATUS_LABEL, type Curve } from "@/lib/endpoints/curve-types";
import { formatInt } from "@/lib/format";

export function CurvesSection({ curves, total }: { curves: Curve[]; total: number }) {
  if (total === 0) return null;
  return (
    <section
      aria-labelledby="endpoints-curves"
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
      data-testid="curves-section"
    >
      <h2 id="endpoints-curves" className="font-semibold">
        MLPerf Endpoints curves ({formatInt(total)})
      </h2>
      <p className="text-slate-700 text-sm dark:text-slate-300">
        A different benchmark from the Inference results above: each is a curve of load points (P90 latencies, network
        in the measurement), not one number; not interchangeable with them.
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {curves.map((c) => (
          <li key={c.id}>
            <Link className="text-sky-700 underline dark:text-sky-400" href={`/curves/${c.id}`}>
              {c.submitter} {c.system}
            </Link>{" "}
            <span className="text-slate-600 dark:text-slate-400">
              {c.model} · {c.division} · {c.points.length} points · {CURVE_STATUS_LABEL[c.status].toLowerCase()}
              {c.cohort ? ` · cohort ${c.cohort}` : ""}
              {c.synthetic ? " · synthetic test data, not a hardware result" : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
