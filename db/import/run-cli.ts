// The import CLI (or any command) as a child process, its output collected: for tests and benchmarks that must
// keep their own event loop answering (an HTTP server, a load generator) while it runs.
import { spawn } from "node:child_process";

/** This Node with the TypeScript loader: `[node, "--import", "tsx"]`. */
export const NODE_TSX = [process.execPath, "--import", "tsx"] as const;

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The last line of stdout (the CLI's `--json` summary). */
  last: string;
}

export function runProcess(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.on("close", (code) => resolve({ code, stdout, stderr, last: stdout.trim().split("\n").pop() ?? "" }));
  });
}

/** `npm run import -- ARGS` without npm: `db/import/cli.ts` under this Node. */
export function runImportCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ProcessResult> {
  const [node, ...flags] = NODE_TSX;
  return runProcess(node, [...flags, "db/import/cli.ts", ...args], env);
}
