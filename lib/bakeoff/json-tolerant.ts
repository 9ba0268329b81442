// Tolerant JSON reader for benchmark outputs. Pure: text in, values out; no I/O.
// Accepts what Python's json module writes and JSON.parse rejects: bare Infinity / -Infinity / NaN
// (outside strings), and several top-level documents in one file (JSONL, or pretty-printed objects
// back to back). Errors carry 1-based line and column numbers.

export class JsonSyntaxError extends Error {
  readonly line: number;
  readonly column: number;
  constructor(message: string, line: number, column: number) {
    super(message);
    this.name = "JsonSyntaxError";
    this.line = line;
    this.column = column;
  }
}

/** One top-level JSON document and the 1-based line it starts on. */
export interface JsonDocument {
  value: unknown;
  line: number;
}

export interface TolerantOptions {
  /** How a bare NaN is read. Default null (a NaN is never a measurement). */
  nan?: "null";
  /** How a bare ±Infinity is read. "number" (default) gives ±Infinity, "null" gives null. */
  infinity?: "number" | "null";
}

const NUMBER_RE = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const MAX_DEPTH = 512;

class Reader {
  pos = 0;
  constructor(
    readonly text: string,
    readonly opts: TolerantOptions,
  ) {}

  where(pos: number): { line: number; column: number } {
    let line = 1;
    let lastNl = -1;
    for (let i = 0; i < pos && i < this.text.length; i++) {
      if (this.text.charCodeAt(i) === 10) {
        line++;
        lastNl = i;
      }
    }
    return { line, column: pos - lastNl };
  }

  fail(message: string, pos = this.pos): never {
    const { line, column } = this.where(pos);
    throw new JsonSyntaxError(`line ${line}, column ${column}: ${message}`, line, column);
  }

  skipWs(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) this.pos++;
      else break;
    }
  }

  describeHere(): string {
    if (this.pos >= this.text.length) return "end of input";
    const ch = this.text[this.pos] ?? "";
    return `'${ch === "\n" ? "\\n" : ch}'`;
  }

  value(depth: number, openedAt: number): unknown {
    if (depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH} levels`);
    this.skipWs();
    const t = this.text;
    if (this.pos >= t.length) this.truncated(openedAt);
    const c = t[this.pos];
    if (c === "{") return this.object(depth);
    if (c === "[") return this.array(depth);
    if (c === '"') return this.string();
    if (t.startsWith("true", this.pos)) return this.word("true", true);
    if (t.startsWith("false", this.pos)) return this.word("false", false);
    if (t.startsWith("null", this.pos)) return this.word("null", null);
    if (t.startsWith("NaN", this.pos)) return this.word("NaN", null);
    const inf = this.opts.infinity === "null" ? null : Number.POSITIVE_INFINITY;
    const negInf = this.opts.infinity === "null" ? null : Number.NEGATIVE_INFINITY;
    if (t.startsWith("Infinity", this.pos)) return this.word("Infinity", inf);
    if (t.startsWith("-Infinity", this.pos)) return this.word("-Infinity", negInf);
    NUMBER_RE.lastIndex = this.pos;
    const m = NUMBER_RE.exec(t);
    if (m) {
      this.pos += m[0].length;
      return Number(m[0]);
    }
    return this.fail(`expected a JSON value but found ${this.describeHere()}`);
  }

  word<T>(w: string, v: T): T {
    this.pos += w.length;
    return v;
  }

  truncated(openedAt: number): never {
    const start = this.where(openedAt).line;
    const c = this.text[openedAt];
    const what = c === "{" ? "object" : c === "[" ? "array" : "value";
    return this.fail(
      `unexpected end of input: the ${what} opened on line ${start} is not closed (is the file truncated?)`,
      this.text.length,
    );
  }

  string(): string {
    const t = this.text;
    const start = this.pos;
    let i = start + 1;
    let escaped = false;
    while (i < t.length) {
      const c = t.charCodeAt(i);
      if (c === 92) {
        escaped = true;
        i += 2;
        continue;
      }
      if (c === 34) break;
      if (c === 10) this.fail("unterminated string (a line break inside a string)", i);
      i++;
    }
    if (i >= t.length) this.fail("unterminated string at end of input (is the file truncated?)", t.length);
    this.pos = i + 1;
    const raw = t.slice(start, i + 1);
    if (!escaped) {
      // Control characters are not allowed raw inside JSON strings.
      for (let k = 1; k < raw.length - 1; k++) {
        if (raw.charCodeAt(k) < 32) this.fail("control character inside a string", start + k);
      }
      return raw.slice(1, -1);
    }
    try {
      return JSON.parse(raw) as string;
    } catch {
      return this.fail("invalid escape sequence in string", start);
    }
  }

  object(depth: number): Record<string, unknown> {
    const openedAt = this.pos;
    this.pos++;
    const out: Record<string, unknown> = {};
    this.skipWs();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipWs();
      if (this.pos >= this.text.length) this.truncated(openedAt);
      if (this.text[this.pos] !== '"') this.fail(`expected a quoted key but found ${this.describeHere()}`);
      const key = this.string();
      this.skipWs();
      if (this.pos >= this.text.length) this.truncated(openedAt);
      if (this.text[this.pos] !== ":") this.fail(`expected ':' after key "${key}" but found ${this.describeHere()}`);
      this.pos++;
      const v = this.value(depth + 1, openedAt);
      // A "__proto__" key must stay data, never become the prototype.
      Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      this.skipWs();
      if (this.pos >= this.text.length) this.truncated(openedAt);
      const c = this.text[this.pos];
      this.pos++;
      if (c === "}") return out;
      if (c !== ",") this.fail(`expected ',' or '}' but found '${c}'`, this.pos - 1);
    }
  }

  array(depth: number): unknown[] {
    const openedAt = this.pos;
    this.pos++;
    const out: unknown[] = [];
    this.skipWs();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return out;
    }
    for (;;) {
      out.push(this.value(depth + 1, openedAt));
      this.skipWs();
      if (this.pos >= this.text.length) this.truncated(openedAt);
      const c = this.text[this.pos];
      this.pos++;
      if (c === "]") return out;
      if (c !== ",") this.fail(`expected ',' or ']' but found '${c}'`, this.pos - 1);
    }
  }
}

/**
 * Every top-level JSON document in `text`, in order: one object, JSON Lines, or pretty-printed objects
 * back to back. `{"request_rate": Infinity}` → `[{value: {request_rate: Infinity}, line: 1}]`.
 * Throws JsonSyntaxError (with line) on the first malformed or truncated document.
 */
export function parseJsonDocuments(text: string, opts: TolerantOptions = {}): JsonDocument[] {
  const reuse = shared && shared.text === text && Object.keys(opts).length === 0 ? shared : null;
  if (reuse) {
    reuse.docs ??= parseDocuments(text, opts);
    return reuse.docs;
  }
  return parseDocuments(text, opts);
}

let shared: { text: string; docs?: JsonDocument[] } | null = null;

/**
 * Run `f` with one parse of `text` shared by every parseJsonDocuments(text) call inside it (issue 26: a bake-off
 * file is parsed by its tool's reader and again by its facts reader; at the 200,000-sample cap each parse is ~1 s
 * of a worker's CPU). The callers only read the documents. Outside `f` each call parses afresh.
 */
export function sharingParse<T>(text: string, f: () => T): T {
  const prev = shared;
  shared = { text };
  try {
    return f();
  } finally {
    shared = prev;
  }
}

function parseDocuments(text: string, opts: TolerantOptions): JsonDocument[] {
  const r = new Reader(text, opts);
  const docs: JsonDocument[] = [];
  let line = 1;
  let counted = 0;
  for (;;) {
    r.skipWs();
    if (r.pos >= text.length) break;
    for (; counted < r.pos; counted++) if (text.charCodeAt(counted) === 10) line++;
    const start = r.pos;
    const value = r.value(0, start);
    docs.push({ value, line });
    // Documents must be separated by whitespace or follow a closing bracket; "1 2" is two numbers,
    // but "{}x" is garbage.
    const next = text[r.pos];
    if (next !== undefined && !/\s/.test(next) && next !== "{" && next !== "[") {
      r.fail(`unexpected '${next}' after the end of a JSON document`);
    }
  }
  return docs;
}

/** Exactly one JSON document (tolerant of bare Infinity/NaN). Throws JsonSyntaxError otherwise. */
export function parseTolerantJson(text: string, opts: TolerantOptions = {}): unknown {
  const docs = parseJsonDocuments(text, opts);
  const first = docs[0];
  if (!first) throw new JsonSyntaxError("line 1, column 1: no JSON value found (the text is empty)", 1, 1);
  const second = docs[1];
  if (second) {
    throw new JsonSyntaxError(
      `line ${second.line}: a second JSON document starts here; expected a single document`,
      second.line,
      1,
    );
  }
  return first.value;
}
