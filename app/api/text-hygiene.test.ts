// Issue 26 finding 6 (bidi overrides kept from files and typed text) and finding 7 (campaign members that do not
// exist or are of the wrong kind were stored, 201), against the route handlers.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-hyg-"));
process.env.PERFCONTEXT_DB = path.join(dir, "hyg.db");

type Post = (req: Request) => Promise<Response>;
let bakeoff: Post;
let campaigns: Post;
let uploadId = "";
let reproductionId = "";
const RLO = "\u202E"; // RIGHT-TO-LEFT OVERRIDE

async function upload(text: string, name: string) {
  const form = new FormData();
  form.append("file", new Blob([text]), name);
  return bakeoff(new Request("http://x/api/bakeoff", { method: "POST", body: form }));
}

beforeAll(async () => {
  bakeoff = (await import("./bakeoff/route")).POST;
  campaigns = (await import("./campaigns/route")).POST;
  // a real vLLM result whose model_id carries an override, as a hostile file would
  const vllm = fs
    .readFileSync(sharedPath("bakeoff", "vllm", "run=0.json"), "utf8")
    .replace('"model_id": "facebook/opt-125m"', `"model_id": "facebook/${RLO}m521-tpo"`);
  expect(vllm).toContain(RLO);
  const res = await upload(vllm, "run=0.json");
  expect(res.status).toBe(201);
  uploadId = ((await res.json()) as { id: string }).id;
  const { getStore } = await import("@/db/client");
  const { saveReproduction } = await import("@/db/reproductions");
  const summary = sharedPath(
    "mlperf",
    "loadgen",
    "v4.1",
    "NVIDIA",
    "H200-SXM-141GBx8_TRT",
    "llama2-70b-99",
    "Offline",
    "mlperf_log_summary.txt",
  );
  reproductionId = (
    await saveReproduction(await getStore(), [{ name: "mlperf_log_summary.txt", bytes: fs.readFileSync(summary) }])
  ).id;
});

const campaign = (body: unknown) =>
  campaigns(
    new Request("http://x/api/campaigns", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
const member = (kind: string, id: string, extra: Record<string, unknown> = {}) => ({
  kind,
  id,
  shape: "chat",
  ...extra,
});
const error = async (res: Response) => ((await res.json()) as { error: { message: string; field: string } }).error;

describe("finding 6: bidi overrides", () => {
  it("are stripped from a model name taken from a bake-off file", async () => {
    const { GET } = await import("./bakeoff/[id]/route");
    const res = await GET(new Request(`http://x/api/bakeoff/${uploadId}`), {
      params: Promise.resolve({ id: uploadId }),
    });
    const text = await res.text();
    expect(text).not.toContain(RLO);
    expect(text).toContain("facebook/m521-tpo");
  });

  it.each([
    ["a campaign name", { name: `Q3 ${RLO}tset`, members: [] }, "name", /U\+202E/],
    [
      "a member note",
      { name: "ok", members: [member("bakeoff", "x", { note: "fine\u2066 isolate" })] },
      "members.0.note",
      /U\+2066/,
    ],
    [
      "a declared engine",
      { name: "ok", members: [member("bakeoff", "x", { declared: { engine: `vllm${RLO}` } })] },
      "members.0.declared.engine",
      /U\+202E/,
    ],
  ])("are refused in %s a person typed, naming the field", async (_what, body, field, why) => {
    const b = body as { members: { id: string }[] };
    for (const m of b.members) m.id = uploadId;
    const res = await campaign(body);
    expect(res.status).toBe(400);
    const e = await error(res);
    expect(e.field).toBe(field);
    expect(e.message).toMatch(why);
  });
});

describe("finding 6: names from a reproduction's systems JSON", () => {
  it("lose their bidi overrides and control characters in the stored report and its API answer", async () => {
    // the real AMD v6.0 8xMI355X Offline summary and its systems JSON, the names laced as a hostile upload would
    const dirOf = sharedPath("mlperf", "loadgen", "v6.0", "AMD");
    const summary = fs.readFileSync(
      path.join(dirOf, "8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Offline", "mlperf_log_summary.txt"),
    );
    const sys = fs
      .readFileSync(path.join(dirOf, "systems", "8xMI355X_2xEPYC_9575F.json"), "utf8")
      .replace('"submitter": "AMD"', `"submitter": "A${RLO}MD"`)
      .replace('"system_name": "smci355', `"system_name": "${RLO}smci355`)
      .replace('"accelerator_model_name": "AMD', `"accelerator_model_name": "\\u2066AMD${RLO}`)
      .replace('"framework": "PyTorch', `"framework": "${RLO}PyTorch`);
    expect(sys.split(RLO)).toHaveLength(5);
    const { getStore } = await import("@/db/client");
    const { saveReproduction, loadReproduction } = await import("@/db/reproductions");
    const h = await getStore();
    const { id, folder } = await saveReproduction(h, [
      { name: "8xMI355X_2xEPYC_9575F/llama2-70b-99/Offline/mlperf_log_summary.txt", bytes: summary },
      { name: "systems/8xMI355X_2xEPYC_9575F.json", bytes: Buffer.from(sys) },
    ]);
    // the names as the file states them (read by hand), without the laced characters
    expect(folder.systems[0]?.system).toMatchObject({
      submitter: "AMD",
      systemName: "smci355-ccs-aus-m09-17 (AS -4126GS-NMR-LCC)",
      accelerator: "AMD Instinct MI355X 288GB HBM3e",
      framework: "PyTorch 2.9.1+git8907517, ROCm 7.0.0",
    });
    const view = JSON.stringify(await loadReproduction(h, id, null));
    expect(view).toContain("AMD Instinct MI355X 288GB HBM3e");
    expect(view).not.toMatch(/[\u202E\u2066]/);
    const { GET } = await import("./reproductions/[id]/route");
    const res = await GET(new Request(`http://x/api/reproductions/${id}`), { params: Promise.resolve({ id }) });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toMatch(/[\u202E\u2066]/);
  });
});

describe("finding 7: campaign members must exist and be of their kind", () => {
  it("an upload that does not exist is a 400 naming the member", async () => {
    const res = await campaign({
      name: "x",
      members: [member("bakeoff", uploadId), member("bakeoff", "A".repeat(22))],
    });
    expect(res.status).toBe(400);
    const e = await error(res);
    expect(e.field).toBe("members.1.id");
    expect(e.message).toMatch(/members\.1: no bake-off upload AAAAAAAAAAAAAAAAAAAAAA/);
  });

  it("a reproduction listed as an upload (and the reverse) is a 400 naming the member and its kind", async () => {
    const res = await campaign({ name: "x", members: [member("bakeoff", reproductionId)] });
    expect(res.status).toBe(400);
    expect((await error(res)).message).toMatch(/members\.0: .* is a reproduction, not a bake-off upload/);
    const rev = await campaign({ name: "x", members: [member("reproduction", uploadId)] });
    expect(rev.status).toBe(400);
    expect((await error(rev)).message).toMatch(/members\.0: .* is a bake-off upload, not a reproduction/);
  });

  it("members that exist as their kind are stored", async () => {
    const res = await campaign({
      name: "x",
      members: [member("bakeoff", uploadId), member("reproduction", reproductionId)],
    });
    expect(res.status).toBe(201);
  });
});
