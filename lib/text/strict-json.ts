// JSON hygiene for every JSON text that enters (summaries, systems files, bake-off uploads, request bodies). Pure.
// JSON.parse accepts three things we must not store: a duplicate key in one object (it silently keeps the last
// value, RFC 8259 §4 leaves the meaning undefined), an escaped lone surrogate ("\ud800" becomes a string that is not
// valid Unicode, stored as invalid UTF-8 that other readers cannot decode — RFC 8259 §8.2), and nesting deep enough
// to blow the stack ("Maximum call stack size exceeded" instead of a line). checkJsonText finds each with its line
// in one pass; parseStrictJson checks, then parses. A JSON Lines text (one value per line) is checked the same way.

/** Deepest nesting of objects and arrays accepted. Real inputs stay under 10. */
export const MAX_JSON_DEPTH = 64;

export type JsonProblem = { line: number; field: string | null; message: string };

/** The first problem in `text`, or null. Syntax errors are left to JSON.parse (this is not a validator). */
export function checkJsonText(text: string, maxDepth = MAX_JSON_DEPTH): JsonProblem | null {
  // one entry per open container: a Set of the keys seen for an object, null for an array
  const stack: (Set<string> | null)[] = [];
  // the last key read at each level (for naming the field of a bad string)
  const keyAt: (string | null)[] = [];
  let line = 1;
  let expectKey = false;
  const n = text.length;
  let nextBackslash = text.indexOf("\\");
  // from one structural character to the next by a native regex search, not a JavaScript loop over every character:
  // in that loop V8's optimized code sometimes ran ~100× slower (1.3 s instead of 10 ms for a 1 MB summary) once the
  // function had been called twice in a process, which made a 36-source import take minutes (db/robustness/crash.test.ts)
  const structural = /["{}[\],\n]/g;
  let i = 0;
  while (i < n) {
    structural.lastIndex = i;
    const next = structural.exec(text);
    if (next === null) break;
    i = next.index;
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      i++;
    } else if (c === 0x22) {
      // a string: find its end; only strings with a backslash need a closer look
      if (nextBackslash !== -1 && nextBackslash <= i) nextBackslash = text.indexOf("\\", i + 1);
      let j = text.indexOf('"', i + 1);
      if (j < 0) return null; // unterminated: JSON.parse says so
      const escaped = nextBackslash !== -1 && nextBackslash < j;
      if (escaped) {
        for (;;) {
          let b = j - 1;
          while (b > i && text.charCodeAt(b) === 0x5c) b--;
          if ((j - 1 - b) % 2 === 0) break;
          j = text.indexOf('"', j + 1);
          if (j < 0) return null;
        }
        const bad = loneSurrogateEscape(text.slice(i + 1, j));
        if (bad)
          return {
            line,
            field: expectKey ? null : (keyAt[stack.length - 1] ?? null),
            message: `line ${line}: the escape ${bad} is a lone surrogate (half of a UTF-16 pair), not a character; such text cannot be stored as UTF-8`,
          };
      }
      if (expectKey) {
        const top = stack[stack.length - 1];
        let key = text.slice(i + 1, j);
        if (escaped) {
          try {
            key = JSON.parse(`"${key}"`) as string;
          } catch {
            return null; // a bad escape: JSON.parse says so
          }
        }
        if (top) {
          if (top.has(key))
            return {
              line,
              field: key,
              message: `line ${line}: the key "${clip(key)}" appears twice in one object; which value is meant is undefined, so neither is taken`,
            };
          top.add(key);
          keyAt[stack.length - 1] = key;
        }
        expectKey = false;
      }
      i = j + 1;
    } else if (c === 0x7b || c === 0x5b) {
      if (stack.length >= maxDepth)
        return {
          line,
          field: null,
          message: `line ${line}: nested deeper than ${maxDepth} levels of objects and arrays (the limit); real inputs stay under 10`,
        };
      stack.push(c === 0x7b ? new Set<string>() : null);
      keyAt[stack.length - 1] = null;
      expectKey = c === 0x7b;
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      expectKey = false;
      i++;
    } else if (c === 0x2c) {
      expectKey = stack.length > 0 && stack[stack.length - 1] !== null;
      i++;
    } else i++;
  }
  return null;
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}

/** The first `\uD800`-`\uDFFF` escape in a JSON string's raw text that is not half of a proper pair, or null. */
function loneSurrogateEscape(raw: string): string | null {
  const re = /\\u([dD][89a-fA-F][0-9a-fA-F]{2})/g;
  let m: RegExpExecArray | null = re.exec(raw);
  while (m !== null) {
    // an escaped backslash before it ("\\ud800") is text, not an escape
    let b = m.index - 1;
    while (b >= 0 && raw.charCodeAt(b) === 0x5c) b--;
    if ((m.index - 1 - b) % 2 === 0) {
      const v = Number.parseInt(m[1] as string, 16);
      if (v >= 0xdc00) return m[0];
      const next = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(raw.slice(m.index + 6));
      if (!next) return m[0];
      re.lastIndex = m.index + 12;
    }
    m = re.exec(raw);
  }
  return null;
}

export type StrictJson = { ok: true; value: unknown } | { ok: false; line: number | null; message: string };

/** UTF-8 bytes or text → the value, refusing what checkJsonText refuses and naming the line of a syntax error. */
export function parseStrictJson(input: Uint8Array | string, what = "JSON"): StrictJson {
  let text: string;
  if (typeof input === "string") text = input;
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(input);
    } catch {
      return { ok: false, line: null, message: `${what} is not UTF-8 text` };
    }
  }
  const problem = checkJsonText(text);
  if (problem) return { ok: false, line: problem.line, message: problem.message };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const m = /position (\d+)/.exec((e as Error).message);
    const at = m ? Number(m[1]) : null;
    const line = at === null ? null : text.slice(0, at).split("\n").length;
    return {
      ok: false,
      line,
      message: `${what} is not valid JSON${line ? ` (line ${line})` : ""}: ${(e as Error).message}`,
    };
  }
}
