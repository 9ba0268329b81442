// Software-stack comparison: components matched by name, compared on major version. Pure.
import { parseSoftwareStack } from "@/lib/mlperf/software";
import type { SoftwareComponent } from "@/lib/types";
import { cmp } from "./format";

export interface StackDiff {
  onlyA: SoftwareComponent[];
  onlyB: SoftwareComponent[];
  majorChanged: { name: string; a: string | null; b: string | null }[];
}

/** "TensorRT-LLM" / "tensorrt_llm" / "TensorRT LLM" → "tensorrtllm"; "Pytorch" = "PyTorch". */
export function componentKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * The release line a version belongs to, which a stack comparison treats as breaking when it differs: the leading
 * number of the first dotted version ("12.4" → "12"), but below 1.0 the minor number too, since there it breaks
 * compatibility ("0.9.0.2.dev108" → "0.9", "0.6.5" → "0.6"). Not lib/mlperf's majorVersion (a plain number).
 */
export function releaseLine(version: string | null): string | null {
  if (!version) return null;
  const dotted = /(\d+)\.(\d+)/.exec(version);
  if (dotted?.[1] && dotted[2]) return Number(dotted[1]) === 0 ? `0.${Number(dotted[2])}` : String(Number(dotted[1]));
  const bare = /(\d+)/.exec(version);
  return bare?.[1] ? String(Number(bare[1])) : null;
}

/**
 * A component's identity in a comparison: its name, and for a component without a version its parenthesised
 * qualifier too ("KISS-V … (Fast Mode)" is not "KISS-V …"); a versioned one's qualifier (what it runs on) is not
 * part of its identity.
 */
function stackKey(c: SoftwareComponent): string {
  return c.version === null && c.qualifier
    ? `${componentKey(c.name)}(${componentKey(c.qualifier)})`
    : componentKey(c.name);
}

function stackOf(components: SoftwareComponent[], raw: string | null): SoftwareComponent[] {
  // the same parser the importer uses, for rows whose stack was not parsed on the way in
  return components.length > 0 ? components : parseSoftwareStack(raw);
}

export function diffStacks(
  a: { softwareStack: SoftwareComponent[]; software: string | null },
  b: { softwareStack: SoftwareComponent[]; software: string | null },
): StackDiff {
  const sa = stackOf(a.softwareStack, a.software);
  const sb = stackOf(b.softwareStack, b.software);
  const ka = new Map(sa.map((c) => [stackKey(c), c]));
  const kb = new Map(sb.map((c) => [stackKey(c), c]));
  const byName = (x: SoftwareComponent, y: SoftwareComponent) => cmp(stackKey(x), stackKey(y));
  const onlyA = sa.filter((c) => !kb.has(stackKey(c))).sort(byName);
  const onlyB = sb.filter((c) => !ka.has(stackKey(c))).sort(byName);
  const majorChanged: StackDiff["majorChanged"] = [];
  for (const [key, ca] of [...ka.entries()].sort((x, y) => cmp(x[0], y[0]))) {
    const cb = kb.get(key);
    if (!cb) continue;
    const ma = releaseLine(ca.version);
    const mb = releaseLine(cb.version);
    if (ma !== null && mb !== null && ma !== mb) majorChanged.push({ name: ca.name, a: ca.version, b: cb.version });
  }
  return { onlyA, onlyB, majorChanged };
}

export function isEmptyDiff(d: StackDiff): boolean {
  return d.onlyA.length === 0 && d.onlyB.length === 0 && d.majorChanged.length === 0;
}

function show(c: SoftwareComponent): string {
  return c.version ? `${c.name} ${c.version}` : c.name;
}

/** "CUDA 12.4 → 13.1; only in A: …; only in B: …" */
export function describeDiff(d: StackDiff, labelA: string, labelB: string): string {
  const parts: string[] = [];
  if (d.majorChanged.length > 0) {
    parts.push(`major version changed: ${d.majorChanged.map((m) => `${m.name} ${m.a} → ${m.b}`).join(", ")}`);
  }
  if (d.onlyA.length > 0) parts.push(`only in ${labelA}: ${d.onlyA.map(show).join(", ")}`);
  if (d.onlyB.length > 0) parts.push(`only in ${labelB}: ${d.onlyB.map(show).join(", ")}`);
  return parts.join("; ");
}
