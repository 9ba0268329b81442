// The block YAML an Endpoints submission's point.yaml is written in (mlcommons/endpoints-submission-cli
// src/submission_checker/models/file/point_config.py reads it with yaml.safe_load): nested mappings by indentation,
// "- " lists, plain, single- and double-quoted scalars, ints, floats, booleans, null, `''`, `[]` and `{}`. Anchors,
// tags, flow collections with content and multi-line scalars are refused with the line that holds them, never
// guessed. Pure.

export type YamlValue = string | number | boolean | null | YamlValue[] | { [k: string]: YamlValue };

export class YamlError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

interface Line {
  n: number;
  indent: number;
  text: string;
}

function stripComment(s: string): string {
  let q: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (q) {
      if (c === q) q = null;
    } else if (c === "'" || c === '"') q = c;
    else if (c === "#" && (i === 0 || s[i - 1] === " " || s[i - 1] === "\t")) return s.slice(0, i);
  }
  return s;
}

function scalar(raw: string, n: number): YamlValue {
  const s = raw.trim();
  if (s === "" || s === "~" || s === "null" || s === "Null" || s === "NULL") return null;
  if (s === "[]") return [];
  if (s === "{}") return {};
  if (s.startsWith("'")) {
    if (!s.endsWith("'") || s.length < 2) throw new YamlError(`unterminated quoted value: ${s}`, n);
    return s.slice(1, -1).replace(/''/g, "'");
  }
  if (s.startsWith('"')) {
    if (!s.endsWith('"') || s.length < 2) throw new YamlError(`unterminated quoted value: ${s}`, n);
    try {
      return JSON.parse(s) as string;
    } catch {
      throw new YamlError(`bad escape in quoted value: ${s}`, n);
    }
  }
  if (/^[&*!|>[{]/.test(s)) throw new YamlError(`unsupported YAML (anchor, tag, block or flow scalar): ${s}`, n);
  if (/^(true|True|TRUE)$/.test(s)) return true;
  if (/^(false|False|FALSE)$/.test(s)) return false;
  if (/^[-+]?\d+$/.test(s)) {
    const v = Number(s);
    // a seed past 2^53 stays text: its digits are the value (point.yaml's model_seed is a 64-bit integer)
    return Number.isSafeInteger(v) ? v : s;
  }
  if (/^[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?$/.test(s)) return Number(s);
  return s;
}

function keyValue(text: string, n: number): [string, string] | null {
  const m = /^("[^"]*"|'[^']*'|[^'"\s][^:]*?)\s*:(?:\s+(.*)|\s*)$/.exec(text);
  if (!m) return null;
  const k = m[1] as string;
  const key = k.startsWith('"') || k.startsWith("'") ? String(scalar(k, n)) : k;
  return [key, m[2] ?? ""];
}

function parseBlock(lines: Line[], start: number, indent: number): [YamlValue, number] {
  const first = lines[start];
  if (!first) return [null, start];
  if (first.text.startsWith("- ") || first.text === "-") {
    const out: YamlValue[] = [];
    let i = start;
    while (i < lines.length) {
      const l = lines[i] as Line;
      if (l.indent < indent) break;
      if (l.indent > indent) throw new YamlError("unexpected indentation", l.n);
      if (!(l.text.startsWith("- ") || l.text === "-")) break;
      const rest = l.text.slice(1).trimStart();
      if (rest === "") {
        const next = lines[i + 1];
        if (next && next.indent > indent) {
          const [v, j] = parseBlock(lines, i + 1, next.indent);
          out.push(v);
          i = j;
        } else {
          out.push(null);
          i++;
        }
        continue;
      }
      if (keyValue(rest, l.n)) {
        // "- key: value" opens a mapping whose keys sit at the item's content column
        const col = indent + (l.text.length - rest.length);
        const sub: Line[] = [{ n: l.n, indent: col, text: rest }];
        let j = i + 1;
        while (j < lines.length && (lines[j] as Line).indent >= col) sub.push(lines[j++] as Line);
        const [v] = parseBlock(sub, 0, col);
        out.push(v);
        i = j;
        continue;
      }
      out.push(scalar(rest, l.n));
      i++;
    }
    return [out, i];
  }
  const obj: { [k: string]: YamlValue } = {};
  let i = start;
  while (i < lines.length) {
    const l = lines[i] as Line;
    if (l.indent < indent) break;
    if (l.indent > indent) throw new YamlError("unexpected indentation", l.n);
    const kv = keyValue(l.text, l.n);
    if (!kv) throw new YamlError(`expected "key: value", found: ${l.text.slice(0, 60)}`, l.n);
    const [k, v] = kv;
    if (Object.hasOwn(obj, k)) throw new YamlError(`duplicate key: ${k}`, l.n);
    if (v.trim() === "") {
      const next = lines[i + 1];
      if (next && (next.indent > indent || (next.indent === indent && next.text.startsWith("- ")))) {
        const [val, j] = parseBlock(lines, i + 1, next.indent);
        obj[k] = val;
        i = j;
        continue;
      }
      obj[k] = null;
      i++;
      continue;
    }
    obj[k] = scalar(v, l.n);
    i++;
  }
  return [obj, i];
}

/** A YAML document → its value; YamlError names the 1-based line of anything it cannot read. */
export function parseYamlLite(text: string): YamlValue {
  const lines: Line[] = [];
  text.split(/\r?\n/).forEach((raw, idx) => {
    if (raw.includes("\t") && /^\s*\t/.test(raw)) throw new YamlError("tab indentation is not YAML", idx + 1);
    const body = stripComment(raw).replace(/\s+$/, "");
    if (body.trim() === "" || body === "---") return;
    const indent = body.length - body.trimStart().length;
    lines.push({ n: idx + 1, indent, text: body.trimStart() });
  });
  if (lines.length === 0) return null;
  const [v, end] = parseBlock(lines, 0, (lines[0] as Line).indent);
  const rest = lines[end];
  if (rest) throw new YamlError("unexpected indentation", rest.n);
  return v;
}
