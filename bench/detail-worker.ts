// Streams one LoadGen detail log through the parser in its own process: `tsx bench/detail-worker.ts FILE`.
import fs from "node:fs";
import { createDetailParser } from "@/lib/loadgen/detail";

const file = process.argv[2];
if (!file) throw new Error("usage: detail-worker FILE");
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const parser = createDetailParser(file);
const t0 = performance.now();
let lineNo = 0;
let rest = "";
const stream = fs.createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 });
for await (const chunk of stream) {
  const text = rest + (chunk as string);
  let start = 0;
  for (let nl = text.indexOf("\n", start); nl >= 0; nl = text.indexOf("\n", start)) {
    parser.pushLine(text.slice(start, nl), ++lineNo);
    start = nl + 1;
  }
  rest = text.slice(start);
  const rss = process.memoryUsage().rss;
  if (rss > peak) peak = rss;
}
if (rest) parser.pushLine(rest, ++lineNo);
const result = parser.finish();
const ms = performance.now() - t0;
const bytes = fs.statSync(file).size;
process.stdout.write(
  `${JSON.stringify({ bytes, lines: lineNo, ms, mbPerS: bytes / 1e6 / (ms / 1000), rssGrowthMb: (peak - rssBefore) / 1e6, validity: result.run?.validity, errors: result.errors.length, tokensPerSecond: result.run?.tokensPerSecond })}\n`,
);
