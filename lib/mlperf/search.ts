// The explorer's free-text search: what a system's searchable text is, and which words a query is. Pure.
// A query matches a result when every word is in its system's text or in its benchmark or used model name
// (db/queries/results.ts). No word holds whitespace, so none can straddle two of the parts joined below.

/** The parts of a system that search looks at. */
export interface SearchableSystem {
  submitter: string;
  systemName: string;
  platform: string;
  accelerator: string | null;
  software: string | null;
}

/**
 * Submitter, system name, platform, accelerator and software, empty ones left out, lower-cased by JavaScript
 * (full Unicode, unlike SQL's ASCII-only lower()), as stored in `systems.search_text`.
 * `{submitter: "AMD", systemName: "Supermicro AS-8125GS", platform: "8xMI300X", accelerator: "AMD Instinct MI300X",
 *   software: "vLLM 0.4.3"}` → `"amd supermicro as-8125gs 8xmi300x amd instinct mi300x vllm 0.4.3"`.
 */
export function systemSearchText(s: SearchableSystem): string {
  let out = "";
  for (const part of [s.submitter, s.systemName, s.platform, s.accelerator, s.software])
    if (part) out = out === "" ? part : `${out} ${part}`;
  return out.toLowerCase();
}

/** At most 8 words of a query, lower-cased the same way. `"  MI355X  llama2 "` → `["mi355x", "llama2"]`. */
export function searchWords(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}

/**
 * A list of names (benchmarks, used models) searched by word in JavaScript: each is lower-cased once, the same way
 * as the words, and a word matches a name that contains it. `new NameIndex(["llama2-70b-99", "ResNet50"])
 * .matching("resnet")` → `["ResNet50"]`.
 */
export class NameIndex {
  private readonly lower: (readonly [string, string])[];

  constructor(names: Iterable<string>) {
    this.lower = [...new Set(names)].map((n) => [n.toLowerCase(), n] as const);
  }

  matching(word: string): string[] {
    const out: string[] = [];
    for (const [lower, name] of this.lower) if (lower.includes(word)) out.push(name);
    return out;
  }
}
