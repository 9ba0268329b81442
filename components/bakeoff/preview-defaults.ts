// What the upload form prefills from the picked files before anything is saved: the model family the runs are drawn
// against (the judge's familyOfServedModels, the same call the stored upload makes: db/bakeoff-prepare.ts
// familyOfRuns) and the accelerator count the first run states. Pure.
import { familyOfServedModels } from "@/lib/judge";
import type { BakeoffRun } from "@/lib/types";

/** A picked file as the form holds it: what the parser made of it. */
interface Picked {
  outcome: { ok: true; runs: readonly BakeoffRun[] } | { ok: false };
}

export function previewDefaults(files: readonly Picked[]): { family: string | null; accelerators: number | null } {
  const runs = files.flatMap((f) => (f.outcome.ok ? f.outcome.runs : []));
  return {
    family: familyOfServedModels(runs.map((r) => r.model)),
    accelerators: runs.find((r) => r.accelerators !== null)?.accelerators ?? null,
  };
}
