// Bad uploads: each is rejected with a message that says what was expected, and the line where known.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import { BakeoffParseError, detectAndParse, tryDetectAndParse } from "./detect";

function rejection(text: string, filename: string | null = null): BakeoffParseError {
  try {
    detectAndParse(text, filename);
  } catch (e) {
    if (e instanceof BakeoffParseError) return e;
    throw e;
  }
  throw new Error("expected the input to be rejected");
}

const run0 = readFileSync(sharedPath("bakeoff", "vllm", "run=0.json"), "utf8");
// Cut the real file in the middle of line 20 ("p99_ttft_ms" area) to simulate an interrupted upload.
const truncated = run0.split("\n").slice(0, 20).join("\n").slice(0, -5);
const sglangLine =
  readFileSync(sharedPath("bakeoff", "sglang", "llama_3_3_70b_offline_output.jsonl"), "utf8").split("\n")[0] ?? "";

interface Bad {
  name: string;
  text: string;
  filename?: string;
  message: RegExp[];
  line: number | null;
  field?: string | null;
}

const BAD: Bad[] = [
  { name: "0 bytes", text: "", message: [/empty \(0 bytes\)/, /expected vLLM/], line: null },
  { name: "only whitespace", text: "\n \r\n", message: [/only whitespace/], line: 1 },
  {
    name: "binary with NUL bytes",
    text: "header\nmore\u0000\u0001\u0002",
    message: [/binary file/, /JSON, JSONL, CSV or a LoadGen log/],
    line: 2,
  },
  {
    name: "NUL byte far into an otherwise text file",
    text: `{"a": 1,\n"b": "${"x".repeat(10_000)}\u0000"}`,
    message: [/binary file/],
    line: 2,
  },
  {
    name: "PNG bytes decoded as text",
    text: "\ufffdPNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u0000",
    message: [/binary file/],
    line: 3,
  },
  {
    name: "HTML page",
    text: "<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>login</body></html>",
    message: [/HTML\/XML page/, /expected vLLM/],
    line: 1,
  },
  { name: "HTML fragment", text: "  <div>502 Bad Gateway</div>", message: [/HTML/], line: 1 },
  {
    name: "truncated JSON (real vLLM file cut short)",
    text: truncated,
    message: [/object opened on line 1 is not closed/, /truncated/],
    line: 20,
  },
  {
    name: "truncated JSONL (last SGLang line cut)",
    text: `${sglangLine}\n${sglangLine}\n${sglangLine.slice(0, 120)}`,
    message: [/object opened on line 3 is not closed/],
    line: 3,
  },
  {
    name: "broken JSON in the middle",
    text: '{"a": 1,\n "b": ,\n "c": 3}',
    message: [/invalid JSON at line 2/, /expected a JSON value/],
    line: 2,
  },
  {
    name: "CSV with unrecognised headers",
    text: "timestamp,latency,tokens\r\n1,2,3\r\n",
    message: [
      /unrecognised CSV headers \("timestamp", "latency", "tokens"\)/,
      /Metric,avg,min,max/,
      /model,load_kind,concurrency/,
      /output_tok_per_s/,
    ],
    line: 1,
    field: "timestamp",
  },
  {
    name: "CSV headers after blank lines",
    text: "\n\nfoo;bar,baz\n",
    message: [/unrecognised CSV headers/],
    line: 3,
    field: "foo;bar",
  },
  {
    name: "JSON from an unknown tool",
    text: '{"throughput": 12.5, "latency_p99": 230}',
    message: [
      /JSON from an unknown tool \(an object with keys throughput, latency_p99\)/,
      /vLLM/,
      /SGLang/,
      /guidellm/,
      /LLMPerf/,
      /LoadGen/,
    ],
    line: 1,
  },
  {
    name: "JSONL whose third line is from an unknown tool",
    text: `${sglangLine}\n${sglangLine}\n{"foo": 1}\n`,
    message: [/^line 3: JSON from an unknown tool/],
    line: 3,
  },
  { name: "JSON array of numbers", text: "[1, 2, 3]", message: [/unknown tool \(an array of 3 item\(s\)\)/], line: 1 },
  {
    name: "vLLM and SGLang mixed in one file",
    text: `${run0.replace(/\s*\n\s*/g, " ")}\n${sglangLine}\n`,
    message: [/line 2: this document is sglang output but line 1 is vllm; expected one tool per file/],
    line: 2,
  },
  {
    name: "vLLM .pytorch.json side file",
    text: '[{"benchmark": {"name": "vLLM benchmark"}, "model": {"name": "x"}, "metric": {"name": "ttft"}}]',
    message: [/\.pytorch\.json side file/, /--save-result JSON/],
    line: 1,
  },
  {
    name: "YAML",
    text: "benchmarks:\n  - type_: generative_benchmark\n",
    message: [/YAML/, /benchmarks\.json/],
    line: 1,
  },
  {
    name: "free text",
    text: "hello there\nthis is not a benchmark\n",
    message: [/unrecognised text; expected output of one of these tools and versions: vLLM \[/],
    line: 1,
  },
  {
    name: "template CSV with a non-number",
    text: "model,req_per_s,output_tok_per_s,ttft_p99_ms\nm,1.5,abc,100\n",
    message: [/line 2, column output_tok_per_s: expected a number, found "abc"/],
    line: 2,
    field: "output_tok_per_s",
  },
  {
    name: "template CSV with a bad load_kind",
    text: "model,load_kind,output_tok_per_s\nm,closed-loop,10\n",
    message: [/expected one of offline, rate, concurrency, burst, sweep-step/],
    line: 2,
    field: "load_kind",
  },
  {
    name: "template CSV without data rows",
    text: "model,output_tok_per_s,ttft_p99_ms\n",
    message: [/no data rows/],
    line: 1,
  },
  {
    name: "LoadGen summary cut before the throughput line",
    text: "================================================\nMLPerf Results Summary\n================================================\nSUT name : PySUT\nScenario : Server\n",
    message: [/expected a LoadGen summary with a throughput line/, /truncated/],
    line: 5,
  },
];

describe("detectAndParse rejects bad inputs", () => {
  it.each(BAD)("$name", (b) => {
    const e = rejection(b.text, b.filename ?? null);
    for (const m of b.message) expect(e.message).toMatch(m);
    expect(e.line).toBe(b.line);
    if (b.field !== undefined) expect(e.field).toBe(b.field);
  });

  it("tryDetectAndParse returns the error object instead of throwing", () => {
    const out = tryDetectAndParse("", "empty.json");
    expect(out).toEqual({ ok: false, error: { message: expect.stringMatching(/0 bytes/), line: null, field: null } });
  });

  it("tryDetectAndParse returns runs for a good file", () => {
    const out = tryDetectAndParse(run0, "run=0.json");
    expect(out.ok && out.runs.length).toBe(1);
  });
});

describe("line numbers with mixed line endings (found by the long fuzz run, seed 702987223)", () => {
  it.each([
    ["\r\n\rNaN", 3],
    ["\n\nNaN", 3],
    ["\r\rNaN", 3],
  ])("%j → line %i", (text, line) => {
    const r = tryDetectAndParse(text, null);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.line).toBe(line);
  });
});
