// The cross-feature suite's served-model case: a bake-off file's model name, asked of every feature that draws the
// upload against published results. Part of cross-feature-cases.ts's table; the expected family by hand.
//
// ../shared/data/bakeoff/inferencemax/concurrency_64_req_rate_inf_gpus_16_ctx_8_gen_8.json writes
//   "model_id": "/models/models--openai--gpt-oss-120b/snapshots/b5c939de8f754692c1647ca79fbf85e8c1e70f8a/"
// a Hugging Face cache path of openai/gpt-oss-120b: the v6.0 summary publishes that benchmark as "gpt-oss-120b"
// (its family is its id: the benchmark has no accuracy-target suffix). Uploaded with no family chosen.
import { readFileSync } from "node:fs";
import { overlayFamily, parseOverlayState } from "@/components/bakeoff/overlay-state";
import { previewDefaults } from "@/components/bakeoff/preview-defaults";
import { tryDetectAndParse } from "@/lib/bakeoff/detect";
import { modelKey } from "@/lib/campaign/params";
import { sharedPath } from "@/lib/shared-data";
import * as bakeoff from "./bakeoff/[id]/route";
import { campaign, ctx, get, json, planOf } from "./cross-feature-ask";
import type { Cell } from "./cross-feature-cases";
import * as plan from "./plan/route";

export const SERVED_FILE = "concurrency_64_req_rate_inf_gpus_16_ctx_8_gen_8.json";
export const servedText = () => readFileSync(sharedPath("bakeoff", "inferencemax", SERVED_FILE), "utf8");

const GPT_OSS = "gpt-oss-120b";
const SERVED = "a served model name (an HF cache path of openai/gpt-oss-120b)";

const stored = async (id: string) =>
  (await json(bakeoff.GET(get(`/api/bakeoff/${id}`), ctx(id)))) as {
    modelFamily: string | null;
    runs: { model: string }[];
  };

// Chosen by hand: POST /api/bakeoff takes `family=llama2-70b-99.9` (a lower-case key: app/api/bakeoff/upload-body.ts),
// a benchmark id whose family is llama2-70b (the table's "-99.9" is the accuracy target, lib/mlperf/benchmarks.ts).
const CHOSEN = "a family chosen by hand as the benchmark id llama2-70b-99.9";
const LLAMA2 = "llama2-70b";

/** What every feature that draws an upload against published results says of its family. */
function uploadCells(name: string, family: string, upload: () => string, campaignId: () => string): Cell[] {
  return [
    [name, "stored upload (GET /api/bakeoff/{id})", family, async () => (await stored(upload())).modelFamily],
    [
      name,
      "bake-off overlay (the published lanes drawn)",
      family,
      async () => overlayFamily(parseOverlayState({}), await stored(upload())),
    ],
    [
      name,
      "campaign (the family its published points come from)",
      family,
      async () => (await campaign(campaignId())).family,
    ],
    [
      name,
      "GET /api/plan (the basis's benchmark)",
      family,
      async () => (await planOf(plan, `bakeoff=${upload()}`)).bases[0]?.benchmark,
    ],
  ];
}

export function servedCells(ids: {
  servedUpload: string;
  servedCampaign: string;
  chosenFamilyUpload: string;
  chosenFamilyCampaign: string;
}): Cell[] {
  return [
    ...uploadCells(
      CHOSEN,
      LLAMA2,
      () => ids.chosenFamilyUpload,
      () => ids.chosenFamilyCampaign,
    ),
    [
      SERVED,
      "upload preview (the family the form prefills)",
      GPT_OSS,
      async () => previewDefaults([{ outcome: tryDetectAndParse(servedText(), SERVED_FILE) }]).family,
    ],
    ...uploadCells(
      SERVED,
      GPT_OSS,
      () => ids.servedUpload,
      () => ids.servedCampaign,
    ),
    [
      SERVED,
      "campaign (the model its runs are keyed by)",
      GPT_OSS,
      async () => modelKey((await stored(ids.servedUpload)).runs[0]?.model ?? ""),
    ],
  ];
}
