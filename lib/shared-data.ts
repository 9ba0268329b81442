// Where the real shared data lives for tests and benchmarks. Used in place, never copied.
import path from "node:path";

export const SHARED_DATA_DIR =
  process.env.PERFCONTEXT_SHARED_DATA ?? path.resolve(process.cwd(), "..", "shared", "data");

export function sharedPath(...parts: string[]): string {
  return path.join(SHARED_DATA_DIR, ...parts);
}
