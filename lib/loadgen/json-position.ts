// Finds where a JSON text first breaks, so errors can name a line (Node 20's JSON.parse messages often
// carry no position). Pure; only meant for small files such as systems JSONs.

class Stop {
  constructor(readonly at: number) {}
}

const LITERAL_RE = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/;

/** Offset of the first syntax error, or -1 when the text is valid JSON. `'{"a": oops}'` → 6. */
export function jsonErrorOffset(s: string): number {
  let i = 0;
  const stop = (): never => {
    throw new Stop(i);
  };
  const ws = () => {
    while (i < s.length && (s[i] === " " || s[i] === "\t" || s[i] === "\n" || s[i] === "\r")) i++;
  };
  const str = () => {
    i++; // opening quote
    while (i < s.length) {
      const c = s[i] ?? "";
      if (c === '"') {
        i++;
        return;
      }
      if (c < " ") stop();
      i += c === "\\" ? 2 : 1;
    }
    stop();
  };
  const value = (): void => {
    ws();
    const c = s[i];
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      ws();
      if (s[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (c === "{") {
          ws();
          if (s[i] !== '"') stop();
          str();
          ws();
          if (s[i] !== ":") stop();
          i++;
        }
        value();
        ws();
        if (s[i] === ",") {
          i++;
          continue;
        }
        if (s[i] === close) {
          i++;
          return;
        }
        stop();
      }
    }
    if (c === '"') {
      str();
      return;
    }
    const m = LITERAL_RE.exec(s.slice(i, i + 64));
    if (!m) stop();
    i += m?.[0].length ?? 0;
  };
  try {
    value();
    ws();
    if (i < s.length) stop();
    return -1;
  } catch (e) {
    if (e instanceof Stop) return e.at;
    throw e;
  }
}

/** 1-based line of the first JSON syntax error, or null when the text parses. */
export function jsonErrorLine(s: string): number | null {
  const at = jsonErrorOffset(s);
  return at < 0 ? null : s.slice(0, at).split("\n").length;
}
