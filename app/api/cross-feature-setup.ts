// Test-only setup of the cross-feature suite (app/api/cross-feature.test.ts): one store holding the real v6.0 summary,
// real uploads and reproductions made from ../shared/data, and campaigns over them. Each input is a real file, or a
// real file edited the way LoadGen or the tool writes the case (said beside each edit).
import { readFileSync } from "node:fs";
import { saveBakeoffUpload } from "@/db/bakeoff";
import { createCampaign } from "@/db/campaigns";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { saveReproduction } from "@/db/reproductions";
import type { UploadEntry } from "@/lib/reproduce/files";
import { invalidated, mi355xTrio } from "@/lib/reproduce/test-upload";
import { sharedPath } from "@/lib/shared-data";
import { SERVED_FILE, servedText } from "./cross-feature-served";

/** The v6.0 AMD 8xMI355X llama2-70b-99 Server run (published as 6.0-0002), as LoadGen writes it when the run missed
 * its latency bounds: loadgen/results.cc prints "Result is : INVALID" and "Performance constraints satisfied : NO";
 * the detail log's result_validity / result_perf_constraints_met say the same. */
export function invalidServer(): UploadEntry[] {
  return invalidated(
    mi355xTrio().filter((e) => /\/Server\/|systems\//.test(e.path)),
    /Server\/mlperf_log_(summary|detail)/,
  );
}

/** The same trio's Offline run in a folder named as MLCommons results repos name llama3.1-405b: "llama3_1-405b". */
export function folder405(): UploadEntry[] {
  return mi355xTrio()
    .filter((e) => /\/Offline\/|systems\//.test(e.path))
    .map((e) => ({ ...e, path: e.path.replace("/llama2-70b-99/", "/llama3_1-405b/") }));
}

/** The real vLLM bench result ../shared/data/bakeoff/vllm/run=0.json twice, one record `framework: vllm`, the other
 * `framework: sgl` (as InferenceMAX-style wrappers write the engine), the second at concurrency 4. */
export function mixedText(): string {
  const one = JSON.parse(readFileSync(sharedPath("bakeoff", "vllm", "run=0.json"), "utf8")) as Record<string, unknown>;
  return [
    JSON.stringify({ ...one, framework: "vllm" }),
    JSON.stringify({ ...one, framework: "sgl", max_concurrency: 4 }),
  ].join("\n");
}

const pairFiles = (entries: UploadEntry[]) =>
  entries.filter((e) => /mlperf_log_/.test(e.path)).map((e) => ({ name: e.path, text: e.text ?? "" }));

const enc = new TextEncoder();
const raw = (entries: UploadEntry[]) => entries.map((e) => ({ name: e.path, bytes: enc.encode(e.text ?? "") }));

export interface Seeded {
  invalidUpload: string;
  validUpload: string;
  mixedUpload: string;
  invalidRepro: string;
  repro405: string;
  invalidCampaign: string;
  mixedCampaign: string;
  twoModelCampaign: string;
  servedUpload: string;
  servedCampaign: string;
  chosenFamilyUpload: string;
  chosenFamilyCampaign: string;
}

export async function seed(h: DbHandle): Promise<Seeded> {
  const imported = await runImport(h, [sharedPath("mlperf", "summary", "v6.0.summary_results.json")]);
  if (imported.rejected !== 0) throw new Error("the v6.0 summary was rejected");
  const up = async (label: string, files: { name: string; text: string }[], accelerators: number) =>
    (await saveBakeoffUpload(h, { files, label, accelerators })).id;
  const validServer = mi355xTrio().filter((e) => /\/Server\/|systems\//.test(e.path));
  const invalidUpload = await up("invalid", pairFiles(invalidServer()), 8);
  const validUpload = await up("valid", pairFiles(validServer), 8);
  const mixedUpload = await up("mixed", [{ name: "mixed.jsonl", text: mixedText() }], 1);
  // no family chosen: the upload's family comes from its model name (cross-feature-served.ts)
  const servedUpload = await up("served", [{ name: SERVED_FILE, text: servedText() }], 16);
  // the family chosen by hand as a benchmark id, as the upload form's API accepts it (opt-125m maps to no benchmark)
  const chosenFamilyUpload = (
    await saveBakeoffUpload(h, {
      files: [{ name: "run=0.json", text: readFileSync(sharedPath("bakeoff", "vllm", "run=0.json"), "utf8") }],
      label: "chosen family",
      accelerators: 8,
      modelFamily: "llama2-70b-99.9",
    })
  ).id;
  const invalidRepro = (await await saveReproduction(h, raw(invalidServer()))).id;
  const repro405 = (await await saveReproduction(h, raw(folder405()))).id;
  const member = (id: string) => ({
    kind: "bakeoff" as const,
    id,
    shape: "chat" as const,
    cache: "warm" as const,
    condition: "baseline" as const,
  });
  const campaign = async (name: string, ids: string[]) =>
    (await createCampaign(h, { name, members: ids.map(member) })).id;
  return {
    invalidUpload,
    validUpload,
    mixedUpload,
    invalidRepro,
    repro405,
    invalidCampaign: await campaign("invalid and valid", [invalidUpload, validUpload]),
    mixedCampaign: await campaign("mixed engines", [mixedUpload]),
    twoModelCampaign: await campaign("two models", [validUpload, mixedUpload]),
    servedUpload,
    servedCampaign: await campaign("served model", [servedUpload]),
    chosenFamilyUpload,
    chosenFamilyCampaign: await campaign("chosen family", [chosenFamilyUpload]),
  };
}
