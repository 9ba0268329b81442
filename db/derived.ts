// Stored derived values kept in step with the rule that makes them: a result's per_accelerator was computed by the
// per-accelerator rule of version per_accelerator_rule (lib/context/per-accelerator.ts); rows made by another
// version are recomputed here, once, when the database is opened (db/client.ts). A writer module: db/queries only
// reads.
import type Database from "better-sqlite3";
import { PER_ACCELERATOR_RULE_VERSION, perAcceleratorValue } from "@/lib/context/per-accelerator";
import { mixedGroups } from "@/lib/mlperf/accelerators";

interface StaleRow {
  id: string;
  value: number;
  units: string;
  scenario: string;
  totalAccelerators: number | null;
  heterogeneous: number;
  acceleratorRaw: string | null;
  platform: string;
}

/** Recompute every stored per-accelerator figure made by another rule version; returns how many rows it rewrote. */
export function recomputeDerived(sqlite: Database.Database): number {
  const rows = sqlite
    .prepare(
      `select r.id, r.value, r.units, r.scenario, r.total_accelerators as totalAccelerators,
              s.heterogeneous, s.accelerator_raw as acceleratorRaw, r.platform
       from results r join systems s on s.id = r.system_id
       where r.per_accelerator_rule <> ?`,
    )
    .all(PER_ACCELERATOR_RULE_VERSION) as StaleRow[];
  if (rows.length === 0) return 0;
  const set = sqlite.prepare("update results set per_accelerator = ?, per_accelerator_rule = ? where id = ?");
  sqlite.transaction(() => {
    for (const r of rows) {
      const value = perAcceleratorValue({
        value: r.value,
        units: r.units,
        scenario: r.scenario as Parameters<typeof perAcceleratorValue>[0]["scenario"],
        totalAccelerators: r.totalAccelerators,
        heterogeneous: r.heterogeneous === 1,
        acceleratorGroups: mixedGroups({ ...r, heterogeneous: r.heterogeneous === 1 }),
      });
      set.run(value, PER_ACCELERATOR_RULE_VERSION, r.id);
    }
  })();
  return rows.length;
}
