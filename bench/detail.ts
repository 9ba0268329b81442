// Issue 5: a synthetic 100 MB mlperf_log_detail.txt, made here from a real log's lines, parsed as a stream.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sharedPath } from "@/lib/shared-data";

export interface DetailBench {
  bytes: number;
  lines: number;
  ms: number;
  mbPerS: number;
  rssGrowthMb: number;
  validity: string;
  errors: number;
}

export function benchDetail(targetBytes = 100 * 1024 * 1024): DetailBench {
  const real = fs.readFileSync(
    sharedPath(
      "mlperf",
      "loadgen",
      "v6.0",
      "AMD",
      "87xMI355X_22xEPYC_9575F",
      "llama2-70b-99",
      "Server",
      "mlperf_log_detail.txt",
    ),
    "utf8",
  );
  const lines = real.split("\n").filter(Boolean);
  // the result_* lines end a real log; pad the body with the log's own event lines (as a long run would)
  const head = lines.filter((l) => !l.includes('"result_'));
  const tail = lines.filter((l) => l.includes('"result_'));
  const dir = path.resolve("bench/out");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "synthetic_mlperf_log_detail.txt");
  const fd = fs.openSync(file, "w");
  let written = 0;
  const block = `${head.join("\n")}\n`;
  while (written < targetBytes) {
    fs.writeSync(fd, block);
    written += Buffer.byteLength(block);
  }
  fs.writeSync(fd, `${tail.join("\n")}\n`);
  fs.closeSync(fd);
  const out = execFileSync(path.resolve("node_modules/.bin/tsx"), ["bench/detail-worker.ts", file], {
    encoding: "utf8",
  });
  fs.rmSync(file, { force: true });
  return JSON.parse(out.trim().split("\n").pop() ?? "{}") as DetailBench;
}
