// Served model name → MLPerf Inference model family, so a bake-off run can be drawn beside published
// results for the same benchmark. Pure. Unknown or non-benchmark models map to null (the user picks).
import { normalizeModelName } from "./common";

interface Rule {
  family: string;
  test: (n: string) => boolean;
}

/** Lower-cased, separators unified: "meta-llama/Llama-3.1-8B-Instruct" → "meta-llama/llama-3.1-8b-instruct". */
function canon(name: string): string {
  return name.toLowerCase().replace(/[\s_]+/g, "-");
}

const has = (re: RegExp) => (n: string) => re.test(n);

// Order matters: the first rule that matches wins. Patterns look at the model's last path part and
// require a size, so "Llama-2-7b" never matches llama2-70b, and "Llama-3.1-70B" maps to nothing.
const RULES: Rule[] = [
  { family: "llama2-70b", test: has(/llama-?2-(?:chat-)?70b|llama2-70b/) },
  { family: "llama3.1-405b", test: has(/llama-?3[.-]1-405b|llama3\.1-405b/) },
  { family: "llama3.1-8b", test: has(/llama-?3[.-]1-8b|llama3\.1-8b/) },
  { family: "mixtral-8x7b", test: has(/mixtral-8x7b/) },
  { family: "deepseek-r1", test: (n) => /deepseek-r1/.test(n) && !/distill|zero/.test(n) },
  { family: "gpt-oss-120b", test: has(/gpt-oss-120b/) },
  { family: "gptj", test: has(/gpt-?j-6b|(?:^|\/)gptj(?:-99(?:\.9)?)?$/) },
  { family: "qwen3-vl-235b-a22b", test: has(/qwen3-vl-235b-a22b/) },
  { family: "whisper", test: has(/whisper-large-v3/) },
];

/**
 * MLPerf model family for a served model name, HF id, HF cache path or MLPerf benchmark name; null when
 * MLPerf has no benchmark for it. "meta-llama/Llama-2-70b-chat-hf" → "llama2-70b";
 * "/models/models--openai--gpt-oss-120b/snapshots/<sha>/" → "gpt-oss-120b"; "meta-llama/Llama-2-7b-chat-hf" → null.
 */
export function mapModelFamily(name: string | null | undefined): string | null {
  const normalized = normalizeModelName(name);
  if (!normalized) return null;
  // A published checkpoint's last path part carries the model; keep the org for nothing else.
  const last = canon(normalized).split("/").pop() ?? "";
  for (const r of RULES) if (r.test(last)) return r.family;
  return null;
}

/** The MLPerf families this map can produce (for a picker). */
export const MAPPED_FAMILIES: readonly string[] = RULES.map((r) => r.family);
