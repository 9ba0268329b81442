// How many accelerators a result really ran on. Pure. The published Nodes × a# (and v6.0 "Total Accelerators")
// can overstate it: AMD's v6.0 cluster had 88 slots but ran 87 GPUs, which only the names say.

import type { AcceleratorGroup, DataNote } from "@/lib/types";
import { isCpuName } from "./cpu";
import { memoize } from "./memo";

export interface AcceleratorCountInput {
  platform: string;
  acceleratorRaw: string | null;
  acceleratorsPerNode: number | null;
  nodes: number | null;
  /** The file's explicit total (v6.0 "Total Accelerators"); 0 counts as absent. */
  explicitTotal: number | null;
}

export type AcceleratorCountSource = "accelerator-name" | "platform" | "published-total" | "nodes-x-per-node";

export interface AcceleratorCount {
  total: number | null;
  accelerator: string | null; // name without "(xN)"
  heterogeneous: boolean;
  notes: DataNote[];
  source: AcceleratorCountSource | null;
}

// What may stand before an NVIDIA-style "x<N>": nothing ("h200_x16"), a memory size ("141GB"), the host arch of a
// superchip ("aarch64x72"), or a GPU model ("RTX4090"). Not an instance name like IBM's "gx3".
const ACCELERATOR_TOKEN = /^$|GB$|^(aarch64|arm64|x86_64)$|^(RTX|GTX|A|H|B|L|T|V|GB|GH|MI)\d+[A-Za-z]*$/i;

interface PlatformCount {
  count: number | null;
  groups: string[]; // accelerator names of the "NxGPU" groups
  counts: number[]; // how many of each, beside groups
}

/**
 * Accelerator count written into a platform id.
 * `"87xMI355X_22xEPYC_9575F"` → 87; `"32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655"` → 48 (two groups);
 * `"H200-SXM-141GBx8_TRT"` → 8; `"GB200-NVL72_GB200-186GB_aarch64x72_TRT"` → 72; `"1-node-2S-EMR-PyTorch"` → null.
 */
export function platformAcceleratorCount(platform: string): PlatformCount {
  const groups: string[] = [];
  const counts: number[] = [];
  let sum = 0;
  for (const m of platform.matchAll(/(?:^|[_\-\s])(\d+)[xX]([A-Za-z][A-Za-z0-9]*)/g)) {
    const [, n, name] = m;
    if (!n || !name || isCpuName(name)) continue;
    groups.push(name.toUpperCase());
    counts.push(Number(n));
    sum += Number(n);
  }
  if (groups.length > 0) return { count: sum, groups, counts };
  // NVIDIA style: "<accelerator>x<N>" as one platform token ("…-141GBx8_TRT", "…_aarch64x72_…", "…_h200_x16_…").
  const suffixes: number[] = [];
  for (const m of platform.matchAll(/(?:^|[_-])([A-Za-z0-9]*?)x(\d+)(?=[_-]|$)/g)) {
    const [, before, n] = m;
    if (n && ACCELERATOR_TOKEN.test(before ?? "")) suffixes.push(Number(n));
  }
  return { count: suffixes.length === 1 ? (suffixes[0] ?? null) : null, groups, counts };
}

/**
 * Each "(xN)" group of an accelerator name with its own name: "A (x32), B (x16)" → [{A, 32}, {B, 16}]; v6.1's
 * "(x2x8)" (two nodes of eight) counts 16.
 */
function nameGroups(raw: string): AcceleratorGroup[] {
  const out: AcceleratorGroup[] = [];
  for (const m of raw.matchAll(/(.*?)\s*\(x(\d+)(?:x(\d+))?\)/gi)) {
    const name = (m[1] ?? "").replace(/^\s*(,|and\b|\+|;)\s*/i, "").trim();
    out.push({ name, count: Number(m[2]) * (m[3] ? Number(m[3]) : 1) });
  }
  return out;
}

/**
 * The accelerator types of a system and how many of each ran, and whether it mixes types: the one heterogeneity
 * rule (summary rows, LoadGen systems JSON). From the accelerator name's "(xN)" groups, else the platform's "NxGPU"
 * groups. Mixed: more than one "(xN)" group in the name, or more than one accelerator type in the platform.
 * `("AMD Instinct MI300X 192GB HBM3 (x32), AMD Instinct MI325X 256GB HBM3e (x16)", …)` → two groups, mixed;
 * `(null, "32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655")` → [{MI300X, 32}, {MI325X, 16}], mixed.
 */
export function acceleratorGroups(
  acceleratorRaw: string | null,
  platform: string,
): { groups: AcceleratorGroup[]; mixed: boolean } {
  const fromName = nameGroups(acceleratorRaw ?? "");
  const plat = platformAcceleratorCount(platform);
  const mixed = fromName.length > 1 || new Set(plat.groups).size > 1;
  const groups = fromName.length > 0 ? fromName : plat.groups.map((name, i) => ({ name, count: plat.counts[i] ?? 0 }));
  return { groups, mixed };
}

function describeNames(fromName: number | null, fromPlatform: number | null): string {
  if (fromName !== null && fromPlatform !== null) {
    return fromName === fromPlatform
      ? `platform and accelerator name say ${fromName} accelerators ran`
      : `accelerator name says ${fromName} accelerators ran but platform says ${fromPlatform}`;
  }
  if (fromName !== null) return `accelerator name says ${fromName} accelerators ran`;
  return `platform says ${fromPlatform} accelerators ran`;
}

function describePublished(
  nodes: number | null,
  perNode: number | null,
  product: number | null,
  total: number | null,
): string {
  const parts: string[] = [];
  if (product !== null) parts.push(`Nodes ${nodes} × ${perNode} per node = ${product}`);
  if (total !== null) parts.push(`the published Total Accelerators is ${total}`);
  return parts.join(" and ");
}

const COUNT_SUFFIX = /\(x(\d+)(?:x(\d+))?\)/gi;
const COUNT_SUFFIX_STRIP = /\s*\(x\d+(?:x\d+)?\)/gi;

/**
 * Accelerators that ran, in the order: "(xN)" suffix(es) in the accelerator name, "NxGPU" platform groups,
 * explicit total, Nodes × per node. A name-derived count is trusted only when it fits the node layout
 * (≤ Nodes × per node and > (Nodes − 1) × per node); any disagreement becomes an "accelerator-count-disagrees" note.
 * `{platform: "87xMI355X_22xEPYC_9575F", acceleratorRaw: "AMD Instinct MI355X 288GB HBM3e (x87)", acceleratorsPerNode: 8,
 *   nodes: 11, explicitTotal: 88}` → `{total: 87, accelerator: "AMD Instinct MI355X 288GB HBM3e", heterogeneous: false,
 *   notes: [{code: "accelerator-count-disagrees", …}]}`. Empty accelerator (CPU-only) → total null.
 */
function deriveAcceleratorCountUncached(input: AcceleratorCountInput): AcceleratorCount {
  const raw = input.acceleratorRaw?.trim() ?? "";
  if (raw === "") return { total: null, accelerator: null, heterogeneous: false, notes: [], source: null };

  // "(x87)", and v6.1's "(x2x8)" (2 nodes × 8): the product
  const suffixes = [...raw.matchAll(COUNT_SUFFIX)].map((m) => Number(m[1]) * (m[2] ? Number(m[2]) : 1));
  const accelerator = raw.replace(COUNT_SUFFIX_STRIP, "").trim();
  const fromName = suffixes.length > 0 ? suffixes.reduce((a, b) => a + b, 0) : null;
  const plat = platformAcceleratorCount(input.platform);
  const fromPlatform = plat.count;
  const heterogeneous = acceleratorGroups(raw, input.platform).mixed;

  const { nodes, acceleratorsPerNode: perNode } = input;
  const explicitTotal = input.explicitTotal && input.explicitTotal > 0 ? input.explicitTotal : null;
  const product = nodes !== null && perNode !== null ? nodes * perNode : null;
  const published = explicitTotal ?? product;
  const publishedSource: AcceleratorCountSource | null =
    explicitTotal !== null ? "published-total" : product !== null ? "nodes-x-per-node" : null;

  const named = fromName ?? fromPlatform;
  const notes: DataNote[] = [];
  const note = (message: string) => notes.push({ code: "accelerator-count-disagrees", message });
  const publishedText = describePublished(nodes, perNode, product, explicitTotal);

  if (named === null) {
    if (explicitTotal !== null && product !== null && explicitTotal !== product) {
      note(
        `${describePublished(nodes, perNode, product, null)} but the published Total Accelerators is ${explicitTotal}`,
      );
    }
    return { total: published, accelerator, heterogeneous, notes, source: publishedSource };
  }

  const namesDisagree = fromName !== null && fromPlatform !== null && fromName !== fromPlatform;
  const fits =
    product !== null && nodes !== null && perNode !== null
      ? named <= product && named > (nodes - 1) * perNode
      : published === null || named <= published;

  if (!fits && published !== null) {
    note(
      `${describeNames(fromName, fromPlatform)}; ${publishedText}; the name count does not fit the node layout, so the published count is kept`,
    );
    return { total: published, accelerator, heterogeneous, notes, source: publishedSource };
  }
  const publishedDisagrees =
    (product !== null && product !== named) || (explicitTotal !== null && explicitTotal !== named);
  if (namesDisagree || publishedDisagrees) {
    note(
      publishedText
        ? `${describeNames(fromName, fromPlatform)}; ${publishedText}`
        : describeNames(fromName, fromPlatform),
    );
  }
  return {
    total: named,
    accelerator,
    heterogeneous,
    notes,
    source: fromName !== null ? "accelerator-name" : "platform",
  };
}

/** See deriveAcceleratorCountUncached; memoized on all its inputs (systems repeat across their results). */
export const deriveAcceleratorCount: (input: AcceleratorCountInput) => AcceleratorCount = memoize(
  deriveAcceleratorCountUncached,
  (i) => JSON.stringify([i.platform, i.acceleratorRaw, i.acceleratorsPerNode, i.nodes, i.explicitTotal]),
);

/**
 * The per-type groups a mixed system carries to the per-accelerator rule (lib/context/per-accelerator.ts), as the
 * writer, the recompute on open and the read path all pass them; undefined for a system of one type.
 */
export function mixedGroups(
  s: { heterogeneous: boolean; acceleratorRaw: string | null; platform: string } | undefined,
): AcceleratorGroup[] | undefined {
  return s?.heterogeneous ? acceleratorGroups(s.acceleratorRaw, s.platform).groups : undefined;
}
