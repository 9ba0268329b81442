// Campaign members must exist as their kind (issue 26 finding 7), on both stores: a real vLLM upload and a real
// LoadGen reproduction, each listed as itself, as the other kind, and an id no one stored.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { CampaignMember } from "@/lib/campaign";
import { sharedPath } from "@/lib/shared-data";
import { saveBakeoffUpload } from "./bakeoff";
import { memberProblem } from "./campaign-members";
import { saveReproduction } from "./reproductions";
import { stores } from "./test-stores";

const SUMMARY = ["v4.1", "NVIDIA", "H200-SXM-141GBx8_TRT", "llama2-70b-99", "Offline", "mlperf_log_summary.txt"];
const m = (kind: CampaignMember["kind"], id: string): CampaignMember => ({
  kind,
  id,
  shape: "chat",
  cache: "warm",
  condition: "baseline",
});

describe.each(stores())("memberProblem ($name store)", ({ open }) => {
  it("names the first member that is missing or of another kind", async () => {
    const h = await open();
    const upload = (
      await saveBakeoffUpload(h, {
        files: [{ name: "run=0.json", text: readFileSync(sharedPath("bakeoff", "vllm", "run=0.json"), "utf8") }],
      })
    ).id;
    const repro = (
      await saveReproduction(h, [
        { name: "mlperf_log_summary.txt", bytes: readFileSync(sharedPath("mlperf", "loadgen", ...SUMMARY)) },
      ])
    ).id;
    const nobody = "Q".repeat(22);
    expect(await memberProblem(h, [])).toBeNull();
    expect(await memberProblem(h, [m("bakeoff", upload), m("reproduction", repro)])).toBeNull();
    expect(await memberProblem(h, [m("bakeoff", upload), m("bakeoff", nobody)])).toEqual({
      index: 1,
      message: `members.1: no bake-off upload ${nobody} on this server; paste the link of one that exists`,
    });
    expect(await memberProblem(h, [m("reproduction", upload)])).toEqual({
      index: 0,
      message: `members.0: ${upload} is a bake-off upload, not a reproduction; set its kind to "bakeoff"`,
    });
    expect((await memberProblem(h, [m("reproduction", repro), m("bakeoff", repro)]))?.index).toBe(1);
    await h.close();
  });
});
