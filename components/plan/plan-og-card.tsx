// The 1200×630 preview a frozen capacity plan unfurls into: the workload, and per basis the nodes and accelerators
// it needs. Rendered by next/og (satori): inline styles only, flex layout, bundled font, no network.

import { OgFrame, OgNote } from "@/components/share/og-frame";
import { fmt, plural, sloText, usd } from "@/lib/plan";
import type { PlanSnapshotData } from "@/lib/snapshot";

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

export function PlanOgCard({ data, frozen }: { data: PlanSnapshotData; frozen: string }) {
  const w = data.inputs.workload;
  const plans = data.plans.slice(0, 3);
  return (
    <OgFrame subtitle={"Capacity plan"} frozen={frozen}>
      <div style={{ display: "flex", fontSize: 40, marginTop: 18, lineHeight: 1.15 }}>
        {clip(`${fmt(w.rps)} requests/s · ${fmt(w.outTok)} output tokens · ${sloText(data.inputs.slo)}`, 80)}
      </div>
      <div style={{ display: "flex", flexDirection: "column", marginTop: 28, flexGrow: 1 }}>
        {plans.map((p) => (
          <div key={p.basis.id} style={{ display: "flex", flexDirection: "column", marginBottom: 22 }}>
            <span style={{ fontSize: 22, color: "#475569" }}>
              {clip(`${p.basis.label}${p.basis.verified ? "" : " · UNVERIFIED"}`, 90)}
            </span>
            <span style={{ fontSize: plans.length === 1 ? 56 : 38, marginTop: 4 }}>
              {p.numbers
                ? `${plural(p.numbers.nodes, "node")} · ${plural(p.numbers.accelerators, "accelerator")}${p.cost ? ` · ${usd(p.cost.perMonth)}/month` : ""}`
                : "No plan from this basis"}
            </span>
          </div>
        ))}
      </div>
      <OgNote tone="neutral">
        {`${fmt(data.inputs.fleet.usablePct)}% usable, ${fmt(data.inputs.fleet.utilPct)}% utilization, N+${fmt(data.inputs.fleet.k, 0)}. Derived by PerfContext, not MLPerf metrics.`}
      </OgNote>
    </OgFrame>
  );
}
