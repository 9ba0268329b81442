// Text-level helpers for summary files: BOM, empty/binary checks, JSON line positions. Pure.
import { jsonErrorOffset } from "@/lib/loadgen/json-position";
import type { SourceError } from "@/lib/types";

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** "empty file" / "binary file" (NUL or U+FFFD replacement chars in the first 4 KB), else null. */
export function checkText(text: string, source: string): SourceError | null {
  if (text.trim() === "") return { source, line: null, field: null, message: "empty file" };
  const head = text.slice(0, 4096);
  if (head.includes("\u0000") || head.includes("\uFFFD")) {
    return { source, line: null, field: null, message: "binary file" };
  }
  return null;
}

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Where a JSON text breaks when the engine's message has no position (Node 20: "Unexpected token 'N'"). */
function locate(text: string): number | null {
  if (text.length > 8 * 1024 * 1024) return null;
  try {
    const at = jsonErrorOffset(text);
    return at >= 0 ? at : null;
  } catch {
    return null; // nesting too deep for the scanner: no line rather than a crash
  }
}

/**
 * JSON.parse failure → one error with the line (and column) where parsing stopped.
 * Node 20 says "… in JSON at position 123"; newer engines add "(line 5 column 3)"; a file cut between tokens says
 * "Unexpected end of JSON input" without a position, which is pinned to the end of the text.
 */
export function jsonSyntaxError(err: unknown, text: string, source: string): SourceError {
  const msg = err instanceof Error ? err.message : String(err);
  const lc = /line (\d+) column (\d+)/.exec(msg);
  if (lc?.[1]) return { source, line: Number(lc[1]), field: null, message: `invalid JSON: ${msg}` };
  const pos = /at position (\d+)/.exec(msg);
  const end = text.trimEnd().length;
  const offset = pos?.[1] ? Number(pos[1]) : /end of JSON input/i.test(msg) ? end : locate(text);
  if (offset === null) return { source, line: null, field: null, message: `invalid JSON: ${msg}` };
  const truncated = offset >= end;
  const at = truncated ? end : offset; // a cut file: point at its last character, not past trailing newlines
  const line = lineAt(text, at);
  const column = at - text.lastIndexOf("\n", at - 1);
  const what = truncated ? "invalid JSON: truncated" : "invalid JSON";
  return { source, line, field: null, message: `${what} at line ${line} column ${column}: ${msg}` };
}

export interface JsonObjectLines {
  /** Line where each element of a top-level array starts (only object elements are recorded, by index). */
  elementLines: (number | null)[];
  /** Line where the object value of each top-level key starts. */
  keyLines: Map<string, number>;
}

/** One pass over the text, aware of strings, recording where each depth-1 value begins. */
export function scanJsonObjectLines(text: string): JsonObjectLines {
  const elementLines: (number | null)[] = [];
  const keyLines = new Map<string, number>();
  let line = 1;
  let depth = 0;
  let topIsArray = false;
  let inString = false;
  let stringStart = 0;
  let lastKey: string | null = null;
  let expectingElement = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped char (never a newline in valid JSON)
      else if (c === 34) {
        inString = false;
        if (depth === 1 && !topIsArray) lastKey = text.slice(stringStart, i);
      }
      continue;
    }
    if (c === 34) {
      inString = true;
      stringStart = i + 1;
      if (depth === 1 && topIsArray && expectingElement) {
        elementLines.push(null);
        expectingElement = false;
      }
    } else if (c === 123 || c === 91) {
      if (depth === 0) topIsArray = c === 91;
      else if (depth === 1 && topIsArray && expectingElement) {
        elementLines.push(c === 123 ? line : null);
        expectingElement = false;
      } else if (depth === 1 && !topIsArray && c === 123 && lastKey !== null) keyLines.set(lastKey, line);
      depth++;
    } else if (c === 125 || c === 93) depth--;
    else if (c === 44 && depth === 1) expectingElement = true;
    else if (depth === 1 && topIsArray && expectingElement && c > 32) {
      elementLines.push(null); // a bare number/literal element
      expectingElement = false;
    }
  }
  return { elementLines, keyLines };
}
