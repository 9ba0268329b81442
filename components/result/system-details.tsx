// What the result ran on: the system description and the software stack as published ({name, version}).
import type { ReactNode } from "react";
import { formatInt } from "@/lib/format";
import { ENGINE_UNKNOWN, engineOfResult } from "@/lib/judge";
import type { PublishedResult } from "@/lib/types";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr className="border-t border-slate-100 align-top dark:border-slate-800">
      <th scope="row" className="w-44 py-1.5 pr-3 text-left font-medium text-slate-600 dark:text-slate-400">
        {label}
      </th>
      <td className="py-1.5">{children}</td>
    </tr>
  );
}

/** The parsed stack without exact repeats (a name may appear with several versions). */
function stackRows(r: PublishedResult): PublishedResult["softwareStack"] {
  const seen = new Map<string, PublishedResult["softwareStack"][number]>();
  for (const c of r.softwareStack) seen.set(`${c.name}\u0000${c.version ?? ""}\u0000${c.qualifier ?? ""}`, c);
  return [...seen.values()];
}

/** The serving engine as the judge decides it (lib/judge): the same value the explorer, compare, CSV and API show. */
function EngineNote({ result: r }: { result: PublishedResult }) {
  const e = engineOfResult(r);
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="serving-engine">
      <span className="font-medium">Serving engine: </span>
      {e.engine ?? ENGINE_UNKNOWN} <span className="text-slate-600 dark:text-slate-400">({e.reason})</span>
    </p>
  );
}

export function SystemDetails({ result: r }: { result: PublishedResult }) {
  return (
    <section aria-labelledby="system-h" className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-2">
        <h2 id="system-h" className="text-lg font-semibold">
          System
        </h2>
        <table className="w-full text-sm" data-testid="system-table">
          <caption className="sr-only">System description</caption>
          <tbody>
            <Row label="System">{r.system}</Row>
            <Row label="Platform">
              <span className="font-mono text-xs">{r.platform}</span>
            </Row>
            <Row label="Accelerator">{r.accelerator ?? "none listed"}</Row>
            <Row label="Accelerators per node">{formatInt(r.acceleratorsPerNode)}</Row>
            <Row label="Nodes">{formatInt(r.nodes)}</Row>
            <Row label="Total accelerators">{formatInt(r.totalAccelerators)}</Row>
            <Row label="Host processor">{r.hostProcessor ?? "—"}</Row>
            <Row label="Operating system">{r.operatingSystem ?? "—"}</Row>
            <Row label="Heterogeneous">{r.heterogeneous ? "Yes: mixes accelerator types" : "No"}</Row>
            <Row label="Precision">
              {r.precision ?? "not published"}
              {r.precisionRaw && r.precisionRaw !== r.precision ? ` (published as “${r.precisionRaw}”)` : ""}
            </Row>
          </tbody>
        </table>
      </div>
      <div className="space-y-2">
        <h2 id="stack-h" className="text-lg font-semibold">
          Software stack
        </h2>
        <EngineNote result={r} />
        {r.softwareStack.length > 0 ? (
          <table className="w-full text-sm" data-testid="stack-table">
            <caption className="sr-only">Software stack, as parsed from the published text</caption>
            <thead>
              <tr className="text-left text-slate-600 dark:text-slate-400">
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Component
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Version
                </th>
              </tr>
            </thead>
            <tbody>
              {stackRows(r).map((c) => (
                <tr
                  key={`${c.name}\u0000${c.version ?? ""}\u0000${c.qualifier ?? ""}`}
                  className="border-t border-slate-100 dark:border-slate-800"
                >
                  <td className="py-1.5 pr-3">
                    {c.name}
                    {c.qualifier && <span className="text-slate-600 dark:text-slate-400"> ({c.qualifier})</span>}
                  </td>
                  <td className="py-1.5 font-mono text-xs">{c.version ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">No software stack published.</p>
        )}
        {r.software && (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            As published: <span className="font-mono">{r.software}</span>
          </p>
        )}
      </div>
    </section>
  );
}
