// The real files in ../shared/data/bakeoff (read in place) as campaign members, and the acceptance campaign of eight
// members from seven tools: shared by lib/campaign's tests.
import { readFileSync } from "node:fs";
import path from "node:path";
import { detectAndParse } from "@/lib/bakeoff/detect";
import { sharedPath } from "@/lib/shared-data";
import { fileFacts } from "./facts";
import { analyzeCampaign, type CampaignMember, type MemberSource } from "./index";

export const ROOT = sharedPath("bakeoff");
export const read = (rel: string) => readFileSync(path.join(ROOT, rel), "utf8");

export function source(rel: string, over: Partial<MemberSource> = {}): MemberSource {
  const text = read(rel);
  const p = detectAndParse(text, rel);
  const tool = p.runs[0]?.tool ?? "csv";
  return {
    kind: "bakeoff",
    id: `id-${rel.replace(/[^A-Za-z0-9]/g, "").slice(-20)}`,
    label: `${tool} · ${path.basename(rel)}`,
    accelerator: null,
    accelerators: null,
    nodes: null,
    modelFamily: null,
    runs: p.runs,
    facts: fileFacts(text, tool, p.runs.length),
    ...over,
  };
}

export const role = (
  s: MemberSource,
  shape: CampaignMember["shape"],
  cache: CampaignMember["cache"] = "warm",
  condition: CampaignMember["condition"] = "baseline",
) => ({ member: { kind: "bakeoff" as const, id: s.id, shape, cache, condition }, source: s });

export const GP10 = "genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency10/profile_export_genai_perf.json";
export const GP100 = "genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency100/profile_export_genai_perf.json";
export const VLLM = "vllm/run=0.json";
export const SGLANG = "sglang/llama_3_3_70b_offline_output.jsonl";
export const GUIDELLM = "guidellm/benchmarks_stripped.json";
export const IMAX = "inferencemax/concurrency_64_req_rate_inf_gpus_16_ctx_8_gen_8.json";
export const LLMPERF = "llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_summary.json";
export const LOADGEN = "mlperf-loadgen/amd-8xMI300X-llama2-70b-99-server/mlperf_log_detail.txt";

// The acceptance campaign: eight members from seven tools' real files.
export function acceptance() {
  const gp10 = source(GP10, { accelerators: 1 });
  const gp100 = source(GP100, { accelerators: 1 });
  const vllm = source(VLLM);
  const sglang = source(SGLANG);
  const guide = source(GUIDELLM);
  const imax = source(IMAX, { accelerators: 16 });
  const llmperf = source(LLMPERF);
  const loadgen = source(LOADGEN, { accelerators: 8, accelerator: "AMD Instinct MI300X 192GB HBM3" });
  return analyzeCampaign([
    role(gp10, "chat"),
    role(gp100, "chat"),
    role(vllm, "chat", "cold"),
    role(sglang, "long-context"),
    role(guide, "chat", "warm", "throttled-link"),
    role(imax, "batch"),
    role(llmperf, "chat"),
    role(loadgen, "chat", "warm", "node-loss"),
  ]);
}
