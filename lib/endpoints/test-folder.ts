// Test-only helper: the client-written v6.1 folder under testdata/ (written from the client's source, see
// testdata/README.md) as upload entries, paths relative to testdata/ ("v6.1/closed/Naeem Khoshnevis/…").
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// from the repository root, as ../shared/data is found (tests, e2e and the CLI all run there)
export const CLIENT_TESTDATA = path.resolve(process.cwd(), "lib", "endpoints", "testdata");
export const V61_FOLDER = path.join(CLIENT_TESTDATA, "v6.1");

function walk(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir).sort()) {
    const p = path.join(dir, n);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

/** The v6.1 H200 llama3.1-8b folder (Offline + Server + systems JSON) as an upload would name its files. */
export function v61ClientUpload(): { path: string; text: string; size: number }[] {
  return walk(V61_FOLDER).map((f) => {
    const text = readFileSync(f, "utf8");
    return { path: path.relative(CLIENT_TESTDATA, f).split(path.sep).join("/"), text, size: text.length };
  });
}
