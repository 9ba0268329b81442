// Free-text software stacks ("vLLM 0.4.3+rocm614, PyTorch 2.3.0, ROCm 6.1.2") → {name, version}[]. Pure.

import type { SoftwareComponent } from "@/lib/types";
import { memoize } from "./memo";

/** A token that reads as a version: starts with a digit (optionally "v"), or mixes digits with . / : (a branch tag). */
function isVersionToken(tok: string): boolean {
  if (/^v?\d/i.test(tok)) return true;
  if (/^v?(master|main|latest|nightly|dev)$/i.test(tok)) return true;
  return /\d/.test(tok) && /[./:]/.test(tok);
}

function cleanVersion(tok: string): string {
  return /^v(?=\d|master$|main$|latest$|nightly$|dev$)/i.test(tok) ? tok.slice(1) : tok;
}

// Words that are each a component on their own when listed without versions ("PyTorch vLLM").
const STANDALONE = new Set(["pytorch", "vllm", "tensorrt", "tensorrt-llm", "cuda", "rocm", "sglang", "onnxruntime"]);

function parseComponent(text: string): SoftwareComponent[] {
  const s = text.trim().replace(/\s+/g, " ");
  if (s === "") return [];
  const words = s.split(" ");
  const last = words[words.length - 1] ?? "";
  if (words.length > 1 && isVersionToken(last)) {
    return [{ name: words.slice(0, -1).join(" "), version: cleanVersion(last) }];
  }
  // "vllm-0.9.0.2.dev108+g71faa1880" or "onnxruntime_v1.22.1": name and version glued together.
  const glued = words.length === 1 ? /^([A-Za-z][A-Za-z0-9]*?)[-_](v?\d\S*)$/.exec(s) : null;
  if (glued?.[1] && glued[2]) return [{ name: glued[1], version: cleanVersion(glued[2]) }];
  if (words.length > 1 && words.every((w) => STANDALONE.has(w.toLowerCase()))) {
    return words.map((w) => ({ name: w, version: null }));
  }
  return [{ name: s, version: null }];
}

/**
 * `"PyTorch: Retinanet: 1.12.0a0+gitb278502, Whisper: 2.7.0+cpu"` (one framework, one version per benchmark) →
 * one component per distinct version; null when the text is not of that shape.
 */
function parsePerBenchmarkVersions(s: string): SoftwareComponent[] | null {
  const head = /^([A-Za-z][\w .-]*?):\s*(.+)$/.exec(s);
  if (!head?.[1] || !head[2]) return null;
  const versions: string[] = [];
  for (const item of head[2].split(/[,;]/)) {
    const m = /^[^:]+:\s*(\S+)$/.exec(item.trim());
    if (!m?.[1] || !isVersionToken(m[1])) return null;
    const v = cleanVersion(m[1]);
    if (!versions.includes(v)) versions.push(v);
  }
  const name = head[1].trim();
  return versions.map((version) => ({ name, version }));
}

/** Splits on `,` `;` and ` + ` outside parentheses: "(FP8 engine, served by trtllm-serve)" stays one part. */
export function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      let sep = 0;
      if (ch === "," || ch === ";") sep = 1;
      else if (ch === " " && s.startsWith(" + ", i)) sep = 3;
      if (sep > 0) {
        parts.push(s.slice(start, i));
        start = i + sep;
        i += sep - 1;
      }
    }
  }
  parts.push(s.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== "");
}

/** "ROCm 7.2.2", "CUDA 12.9": a parenthesised name-and-version that reads as what the component runs on. */
const RUNS_ON = /^([A-Za-z][\w.+-]*(?: [A-Za-z][\w.+-]*)?) (v?\d[\w.+-]*)$/;

/**
 * One part with a parenthesised qualifier at its end or just before its version: `"vLLM 0.22.1 (ROCm 7.2.2)"` →
 * vLLM 0.22.1 with qualifier "ROCm 7.2.2", plus ROCm 7.2.2 as a component of its own (vLLM on ROCm 7.2.2);
 * `"vLLM (CentML) 0.20.2"` → vLLM 0.20.2 with qualifier "CentML". A parenthesis inside a name ("KRAI Inference
 * Library Technology (KILT) with ONNX Runtime support") is part of the name, as published.
 */
function parseQualified(part: string): SoftwareComponent[] {
  const m = /^([^()]*?)\s*\(([^()]*)\)\s*(v?\d\S*)?$/.exec(part);
  const head = m?.[1]?.trim() ?? "";
  const qualifier = m?.[2]?.trim().replace(/\s+/g, " ") ?? "";
  if (!m || head === "" || qualifier === "") return parseComponent(part);
  const base = parseComponent(m[3] ? `${head} ${m[3]}` : head);
  if (base.length !== 1 || !base[0]) return parseComponent(part);
  const on = RUNS_ON.exec(qualifier);
  return [{ ...base[0], qualifier }, ...(on?.[1] && on[2] ? [{ name: on[1], version: cleanVersion(on[2]) }] : [])];
}

/**
 * The stack as versions before qualifiers parsed it (split on every `,` `;` ` + `, parentheses kept in names): only
 * for recognising rows an earlier version stored (db/write.ts legacyContentHash).
 */
export function legacySoftwareStack(text: string | null | undefined): SoftwareComponent[] {
  if (!text) return [];
  const s = text.trim().replace(/^to\s?do\b:?\s*/i, "");
  if (s === "") return [];
  return parsePerBenchmarkVersions(s) ?? s.split(/\s*[,;]\s*|\s+\+\s+/).flatMap(parseComponent);
}

/** A component as text: "vLLM 0.22.1 (ROCm 7.2.2)", "TensorRT", "vLLM 0.20.2 (CentML)". */
export function componentText(c: SoftwareComponent): string {
  return `${c.name}${c.version ? ` ${c.version}` : ""}${c.qualifier ? ` (${c.qualifier})` : ""}`;
}

/**
 * Splits a published software field on `,` `;` and ` + `.
 * `"vLLM 0.4.3+rocm614, PyTorch 2.3.0, ROCm 6.1.2"` →
 * `[{name: "vLLM", version: "0.4.3+rocm614"}, {name: "PyTorch", version: "2.3.0"}, {name: "ROCm", version: "6.1.2"}]`;
 * `"TensorRT"` → `[{name: "TensorRT", version: null}]`; `"vLLM v0.6.5"` → version "0.6.5"; `"TODO"` → `[]`.
 */
function parseSoftwareStackUncached(text: string | null | undefined): SoftwareComponent[] {
  if (!text) return [];
  const s = text.trim().replace(/^to\s?do\b:?\s*/i, "");
  if (s === "") return [];
  const perBenchmark = parsePerBenchmarkVersions(s);
  if (perBenchmark) return perBenchmark;
  return splitTopLevel(s).flatMap(parseQualified);
}

// The serving engine is judged in one place, lib/judge/engine.ts (named by the source or unknown).

/** `"2.9.1+git8907517"` → 2; `"0.4.3+rocm614"` → 0; `"master"`, null → null. */
export function majorVersion(version: string | null): number | null {
  const m = version ? /^v?(\d+)/i.exec(version) : null;
  return m?.[1] ? Number(m[1]) : null;
}

/** `"6.4.1.60401-83~22.04"` → "6.4"; `"10.14"` → "10.14"; `"12"` → "12"; null → null. */
export function majorMinor(version: string | null): string | null {
  const m = version ? /^v?(\d+)(?:\.(\d+))?/i.exec(version) : null;
  if (!m?.[1]) return null;
  return m[2] === undefined ? m[1] : `${m[1]}.${m[2]}`;
}

/** `"vLLM 0.4.3+rocm614, PyTorch 2.3.0"` → `[{name: "vLLM", version: "0.4.3+rocm614"}, {name: "PyTorch", version: "2.3.0"}]`. */
export const parseSoftwareStack: (text: string | null | undefined) => SoftwareComponent[] = memoize(
  parseSoftwareStackUncached,
  (t) => t ?? "\u0000",
);
