// A served model's name → the MLPerf benchmark family it stands for, so a bake-off run, a campaign and the overlay
// draw it beside the same published results. Part of benchmark identity (identity.ts): an MLPerf spelling is read by
// familyOfName itself; the rules below only add the names serving tools print for the same checkpoints (Hugging
// Face ids, cache paths), each naming a family of the one benchmark table. Pure.
//
// The checkpoints, as the MLPerf Inference reference implementations load them (mlcommons/inference):
// language/llama2-70b (meta-llama/Llama-2-70b-chat-hf), language/llama3.1-405b (meta-llama/Llama-3.1-405B-Instruct),
// language/llama3.1-8b (meta-llama/Llama-3.1-8B-Instruct), language/mixtral-8x7b (mistralai/Mixtral-8x7B-Instruct-v0.1),
// language/deepseek-r1 (deepseek-ai/DeepSeek-R1), language/gpt-oss-120b (openai/gpt-oss-120b), language/gpt-j
// (EleutherAI/gpt-j-6b), speech2text (openai/whisper-large-v3), multimodal/qwen3-vl (Qwen/Qwen3-VL-235B-A22B-Instruct).
import { normalizeModelName } from "@/lib/bakeoff/common";
import { canonicalFamily, familyOfName } from "./identity";

interface Rule {
  family: string;
  test: (lastPart: string) => boolean;
}

const has = (re: RegExp) => (n: string) => re.test(n);

// Order matters: the first rule that matches wins. Patterns look at the model's last path part and require a size, so
// "Llama-2-7b" never matches llama2-70b and "Llama-3.1-70B" maps to nothing (MLPerf has no benchmark for it).
const RULES: readonly Rule[] = [
  { family: "llama2-70b", test: has(/llama-?2-(?:chat-)?70b/) },
  { family: "llama3.1-405b", test: has(/llama-?3[.-]1-405b/) },
  { family: "llama3.1-8b", test: has(/llama-?3[.-]1-8b/) },
  { family: "mixtral-8x7b", test: has(/mixtral-8x7b/) },
  { family: "deepseek-r1", test: (n) => /deepseek-r1/.test(n) && !/distill|zero/.test(n) },
  { family: "gpt-oss-120b", test: has(/gpt-oss-120b/) },
  { family: "gptj", test: has(/gpt-?j-6b/) },
  { family: "qwen3-vl-235b-a22b", test: has(/qwen3-vl-235b-a22b/) },
  { family: "whisper", test: has(/whisper-large-v3/) },
];

// Every rule names a family of the benchmark table: a rule can never invent a family the rest of the app does not know.
for (const r of RULES)
  if (canonicalFamily(r.family) !== r.family) throw new Error(`served-model rule names '${r.family}', not a family`);

/**
 * The MLPerf family a served model name, Hugging Face id, cache path or MLPerf benchmark name stands for; null when
 * MLPerf has no benchmark for it. An MLPerf spelling goes through familyOfName ("llama3_1-405b" →
 * "llama3.1-405b", "VLM" → "qwen3-vl-235b-a22b", "llama2-70b-99.9" → "llama2-70b"); a served name through the rules
 * ("meta-llama/Llama-2-70b-chat-hf" → "llama2-70b"; "/models/models--openai--gpt-oss-120b/snapshots/<sha>/" →
 * "gpt-oss-120b"; "meta-llama/Llama-2-7b-chat-hf" → null).
 */
export function familyOfServedModel(name: string | null | undefined): string | null {
  const normalized = normalizeModelName(name);
  if (!normalized) return null;
  // A published checkpoint's last path part carries the model; the org says nothing more.
  const last = normalized.split("/").pop() ?? "";
  // an MLPerf spelling of a benchmark or family: the judge's identity, whose answer must be a family of the table
  const family = canonicalFamily(familyOfName(last));
  if (family) return family;
  const canon = last.toLowerCase().replace(/[\s_]+/g, "-");
  for (const r of RULES) if (r.test(canon)) return r.family;
  return null;
}

/**
 * The family a set of runs is drawn against unless the user picks one: the first model (in file order) that maps to
 * a family. The upload form's preview prefills it and the stored upload records it, by this one call.
 */
export function familyOfServedModels(models: Iterable<string | null | undefined>): string | null {
  for (const m of models) {
    const f = familyOfServedModel(m);
    if (f) return f;
  }
  return null;
}
