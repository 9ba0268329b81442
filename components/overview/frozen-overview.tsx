// A frozen overview (/s/<token>): the stored level and prices in words instead of the form, then the same report the
// live /overview shows, from the rows stored when it was frozen. Server component.
import type { ReactNode } from "react";
import { FrozenHeader } from "@/components/share/frozen-header";
import type { OverviewSnapshotData } from "@/lib/snapshot";
import { OverviewReport } from "./overview-report";
import { OverviewShare } from "./overview-share";

export function FrozenOverview({
  data,
  eyebrow,
  path,
  banner,
}: {
  data: OverviewSnapshotData;
  eyebrow: string;
  path: string;
  banner: ReactNode;
}) {
  return (
    <div className="space-y-6" data-testid="frozen-overview">
      <FrozenHeader
        eyebrow={eyebrow}
        title="What a million tokens cost at this service level"
        lede={`Level: ${data.presetName === "custom level" ? "a custom level" : `the ${data.presetName} traffic shape`}. Derived figures, not MLPerf metrics; every figure links to its evidence.`}
        path={path}
        actions={<OverviewShare />}
      />
      {banner}
      {data.issues.length > 0 && (
        <ul className="space-y-1 text-sm text-amber-900 dark:text-amber-200">
          {data.issues.map((i) => (
            <li key={`${i.field}-${i.message}`}>{i.message}</li>
          ))}
        </ul>
      )}
      <OverviewReport data={data} />
    </div>
  );
}
