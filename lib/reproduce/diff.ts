// What differs between an uploaded run and the published one: LoadGen settings (from the logs) and the system
// (accelerator, count, software stack), each row with why it matters. Pure.
import type { LoadgenSystem } from "@/lib/loadgen/systems";
import type { SoftwareComponent } from "@/lib/types";
import type { UploadedScenario } from "./files";
import { acceleratorKey } from "./match";
import type { PublishedSide } from "./report";
import { loadgenRelease, type RunSettings, SETTINGS, sameSetting } from "./settings";

export interface DiffRow {
  key: string;
  label: string;
  yours: string | null;
  published: string | null;
  differs: boolean;
  why: string;
}

export function settingsDiff(s: UploadedScenario, pub: PublishedSide | null): DiffRow[] {
  const theirs: RunSettings = { ...(pub?.settings ?? {}) };
  const lat = pub?.latency;
  // the stored latency detail of older imports holds a few settings even without the settings column
  if (lat) {
    theirs.loadgenVersion ??= lat.loadgenVersion;
    theirs.targetQps ??= lat.targetQps !== null ? String(lat.targetQps) : null;
    theirs.minDurationMs ??= lat.minDurationMs !== null ? String(lat.minDurationMs) : null;
    theirs.queryCount ??= lat.queryCount !== null ? String(lat.queryCount) : null;
  }
  return SETTINGS.filter((d) => d.key !== "queryCount" || s.scenario !== "Offline" || true).map((d) => {
    const yours = s.settings[d.key] ?? null;
    const published = theirs[d.key] ?? null;
    const a = d.key === "loadgenVersion" ? loadgenRelease(yours) : yours;
    const b = d.key === "loadgenVersion" ? loadgenRelease(published) : published;
    return {
      key: d.key,
      label: d.label,
      yours,
      published,
      differs: a !== null && b !== null && !sameSetting(a, b),
      why: d.why,
    };
  });
}

function stackText(stack: SoftwareComponent[]): string {
  return stack.map((c) => (c.version ? `${c.name} ${c.version}` : c.name)).join(", ");
}

export function systemDiff(sys: LoadgenSystem | null, yoursCount: number | null, pub: PublishedSide | null): DiffRow[] {
  const rows: DiffRow[] = [];
  const add = (
    key: string,
    label: string,
    yours: string | null,
    published: string | null,
    same: (a: string, b: string) => boolean,
    why: string,
  ) =>
    rows.push({
      key,
      label,
      yours,
      published,
      differs: yours !== null && published !== null && !same(yours, published),
      why,
    });
  add(
    "accelerator",
    "Accelerator",
    sys?.accelerator ?? null,
    pub?.accelerator ?? null,
    (a, b) => acceleratorKey(a) === acceleratorKey(b),
    "another accelerator is another result",
  );
  add(
    "acceleratorCount",
    "Accelerators",
    yoursCount !== null ? String(yoursCount) : null,
    pub?.totalAccelerators != null ? String(pub.totalAccelerators) : null,
    (a, b) => a === b,
    "throughput scales with the number of accelerators",
  );
  const mine = sys ? stackItems([sys.framework, sys.otherSoftwareStack].filter(Boolean).join(", ")) : [];
  const mineItems = mine.length ? mine : sys ? stackItems(stackText(sys.softwareStack)) : [];
  const theirsItems = pub ? stackItems(stackText(pub.softwareStack) || pub.software || "") : [];
  add(
    "software",
    "Software stack",
    mineItems.length ? mineItems.join(", ") : null,
    theirsItems.length ? theirsItems.join(", ") : null,
    () => sameStack(mineItems, theirsItems),
    "framework, runtime and kernel versions move throughput",
  );
  return rows;
}

/**
 * A stack's entries, each once, in the order first named: a systems JSON's framework and other_software_stack often
 * repeat each other ("TensorRT 10.14, CUDA 13.1, …" in both), and a repeated entry is one entry, not two.
 */
function stackItems(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(",")) {
    const item = raw.replace(/\s+/g, " ").trim();
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/**
 * Two stacks are the same when every entry of the shorter list is in the longer one (order, case and spacing aside):
 * a summary's Software column names a few entries of the stack its systems JSON lists in full, and an entry one side
 * does not state is not a difference; an entry with another version on one side is.
 */
function sameStack(a: string[], b: string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const have = new Set(long.map((x) => x.toLowerCase()));
  return short.every((x) => have.has(x.toLowerCase()));
}
