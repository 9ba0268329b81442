// A summary row's system: the published fields it is built from, and the SystemRecord with its derived accelerator
// count (whose notes go on each of its results). Pure.
import type { SystemRecord } from "@/lib/types";
import type { AcceleratorCount } from "./accelerators";
import { deriveAcceleratorCount, normalizeCoreCount, parseCount, parseSoftwareStack, toText } from "./normalize";

/** The published fields a row's system is built from (besides the round). */
export const SYSTEM_FIELDS = [
  "Submitter",
  "Platform",
  "System",
  "Accelerator",
  "Nodes",
  "a#",
  "Total Accelerators",
  "Processor",
  "host_processors_per_node",
  "host_processor_core_count",
  "operating_system",
  "Software",
] as const;

export function sameSystemFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  for (let i = 0; i < SYSTEM_FIELDS.length; i++) {
    const f = SYSTEM_FIELDS[i] as string;
    if (a[f] !== b[f]) return false;
  }
  return true;
}

/** A row's system, with the accelerator count it was derived from (whose notes go on each of its results). */
export interface RowSystem {
  record: SystemRecord;
  accelerators: AcceleratorCount;
}

export function systemOf(v: Record<string, unknown>, round: string, submitter: string, platform: string): RowSystem {
  const acceleratorRaw = toText(v.Accelerator);
  const nodes = parseCount(v.Nodes);
  const acceleratorsPerNode = parseCount(v["a#"]);
  const publishedTotal = parseCount(v["Total Accelerators"]);
  const count = deriveAcceleratorCount({
    platform,
    acceleratorRaw,
    acceleratorsPerNode,
    nodes,
    explicitTotal: publishedTotal,
  });
  const software = toText(v.Software);
  const record: SystemRecord = {
    round,
    submitter,
    platform,
    systemName: toText(v.System) ?? "",
    accelerator: count.accelerator,
    acceleratorRaw,
    acceleratorsPerNode,
    nodes,
    totalAccelerators: count.total,
    publishedTotalAccelerators: publishedTotal,
    hostProcessor: toText(v.Processor),
    hostProcessorsPerNode: parseCount(v.host_processors_per_node),
    hostProcessorCoreCount: normalizeCoreCount(v.host_processor_core_count),
    operatingSystem: toText(v.operating_system),
    heterogeneous: count.heterogeneous,
    software,
    softwareStack: parseSoftwareStack(software),
  };
  return { record, accelerators: count };
}
