// Parses a submission's systems/<platform>.json (49 free-form keys) into typed fields. Pure: text in, no I/O.
import { acceleratorGroups } from "@/lib/mlperf/accelerators";
import { parseSoftwareStack } from "@/lib/mlperf/normalize";
import { stripUnsafeMultiline } from "@/lib/text/labels";
import type { SoftwareComponent, SourceError } from "@/lib/types";
import { jsonErrorLine } from "./json-position";

export interface LoadgenSystem {
  submitter: string | null;
  systemName: string | null;
  /** Accelerator model without the "(x87)" count suffix(es). */
  accelerator: string | null;
  acceleratorRaw: string | null;
  acceleratorsPerNode: number | null;
  nodes: number | null;
  hostProcessor: string | null;
  hostProcessorsPerNode: number | null;
  /** Text: may be "64(AMD EPYC 9534) and 96(AMD EPYC 9655)" on mixed clusters. */
  hostProcessorCoreCount: string | null;
  operatingSystem: string | null;
  framework: string | null;
  otherSoftwareStack: string | null;
  softwareStack: SoftwareComponent[];
  division: string | null;
  /** Availability as published: "available" | "preview" | "rdi". */
  status: string | null;
  systemType: string | null;
  /** Mixed accelerator generations or host CPUs in one system. */
  heterogeneous: boolean;
  raw: Record<string, unknown>;
}

const EMPTY_WORDS = new Set(["", "n/a", "na", "none", "null", "-"]);

/**
 * A field's text, trimmed, or null for an empty word. Text from a file: control characters (but tab and line breaks)
 * and bidi overrides are dropped, the one rule of lib/text/labels.ts (issue 26 finding 6), as the summaries' toText
 * does (lib/mlperf/normalize.ts), so a reproduction's or an import's system names cannot pose as another system.
 */
function text(v: unknown): string | null {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return null;
  const s = stripUnsafeMultiline(v).trim();
  return EMPTY_WORDS.has(s.toLowerCase()) ? null : s;
}

/** `8` → 8, `"11"` → 11, `8.0` → 8, `""`/`"N/A"` → null; anything else is an error. */
function count(
  raw: Record<string, unknown>,
  key: string,
  err: (field: string, message: string) => void,
): number | null {
  const v = raw[key];
  if (v === undefined || v === null) return null;
  if (typeof v === "number") {
    if (Number.isInteger(v) && v >= 0 && v <= 10_000_000) return v;
    err(key, `expected a whole count, got ${v}`);
    return null;
  }
  const s = text(v);
  if (s === null) return null;
  if (/^\d{1,8}(?:\.0+)?$/.test(s) && Number(s) <= 10_000_000) return Number(s);
  err(key, `expected a whole count, got "${String(v)}"`);
  return null;
}

function mergeStacks(...stacks: SoftwareComponent[][]): SoftwareComponent[] {
  const seen = new Set<string>();
  const out: SoftwareComponent[] = [];
  for (const c of stacks.flat()) {
    const key = `${c.name.toLowerCase()}\u0000${c.version ?? ""}`;
    if (seen.has(key)) continue; // NVIDIA lists "TensorRT 10.14, CUDA 13.1" in both fields
    seen.add(key);
    out.push(c);
  }
  return out;
}

/**
 * Parses one systems JSON. Example: AMD v6.0 `{"number_of_nodes": "11", "accelerators_per_node": "8",
 * "accelerator_model_name": "AMD Instinct MI355X 288GB HBM3e (x87)"}` → nodes 11, acceleratorsPerNode 8,
 * accelerator "AMD Instinct MI355X 288GB HBM3e".
 */
export function parseSystemJson(
  jsonText: string,
  source: string,
): { system: LoadgenSystem | null; errors: SourceError[] } {
  const errors: SourceError[] = [];
  if (jsonText.trim() === "") {
    return { system: null, errors: [{ source, line: null, field: null, message: "empty systems JSON" }] };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonText);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return {
      system: null,
      errors: [{ source, line: jsonErrorLine(jsonText), field: null, message: `invalid JSON: ${message}` }],
    };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { system: null, errors: [{ source, line: 1, field: null, message: "expected a JSON object" }] };
  }
  const raw = parsed as Record<string, unknown>;
  const err = (field: string, message: string) => errors.push({ source, line: null, field, message });

  const acceleratorRaw = text(raw.accelerator_model_name);
  const accelerator = acceleratorRaw ? acceleratorRaw.replace(/\s*\(x\d+\)/gi, "").trim() || null : null;
  const coreCount = text(raw.host_processor_core_count);
  // the accelerator-mix rule is the summaries' (lib/mlperf/accelerators.ts); a JSON adds mixed host processors
  const heterogeneous =
    acceleratorGroups(acceleratorRaw, "").mixed || (coreCount?.match(/\d+\s*\(/g)?.length ?? 0) >= 2;
  const framework = text(raw.framework);
  const otherSoftwareStack = text(raw.other_software_stack);

  const system: LoadgenSystem = {
    submitter: text(raw.submitter),
    systemName: text(raw.system_name),
    accelerator,
    acceleratorRaw,
    acceleratorsPerNode: count(raw, "accelerators_per_node", err),
    nodes: count(raw, "number_of_nodes", err),
    hostProcessor: text(raw.host_processor_model_name),
    hostProcessorsPerNode: count(raw, "host_processors_per_node", err),
    hostProcessorCoreCount: coreCount === null ? null : coreCount.replace(/^(\d+)\.0+$/, "$1"),
    operatingSystem: text(raw.operating_system),
    framework,
    otherSoftwareStack,
    softwareStack: mergeStacks(parseSoftwareStack(framework), parseSoftwareStack(otherSoftwareStack)),
    division: text(raw.division),
    status: text(raw.status),
    systemType: text(raw.system_type),
    heterogeneous,
    raw,
  };
  if (system.submitter === null) err("submitter", "missing submitter");
  if (system.systemName === null) err("system_name", "missing system_name");
  return { system, errors };
}
