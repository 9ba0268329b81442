// A frozen capacity plan (/s/<token>): the stored inputs in words instead of the editable form, then the same
// report the live /plan page shows, from the numbers stored when it was frozen. Server component.
import type { ReactNode } from "react";
import { FrozenHeader } from "@/components/share/frozen-header";
import type { PlanSnapshotData } from "@/lib/snapshot";
import { InputsSummary } from "./inputs-summary";
import { PlanReport } from "./plan-report";
import { ShareActions } from "./share-actions";

export function FrozenPlan({
  data,
  eyebrow,
  path,
  banner,
}: {
  data: PlanSnapshotData;
  eyebrow: string;
  path: string;
  banner: ReactNode;
}) {
  return (
    <div className="space-y-6" data-testid="frozen-plan">
      <FrozenHeader
        eyebrow={eyebrow}
        title="Capacity plan"
        lede="How many accelerators and whole nodes served this peak under this latency SLO, scaled from the bases below, with every step shown. Capacity figures are derived, not MLPerf metrics."
        path={path}
        actions={<ShareActions />}
      />
      {banner}
      <InputsSummary inputs={data.inputs} presetName={data.preset.name} issues={data.issues} />
      <PlanReport data={data} />
    </div>
  );
}
