// For tests and the refresh bench: the real v6.0 official summary (../shared) and an edited copy of it — 3 rows
// removed, 2 values changed, 1 row's checker errors raised (0 → 1), 1 row added, so 520 − 3 + 1 = 518 rows; a refresh
// from the original to the copy records 1 new, 3 changed (2 values, 1 validity), 3 no longer published, 1 status
// (published → invalidated), counted by hand — the Endpoints mirror copies (the shared fixture curve with its status and
// a point changed, a later cohort added, then the first curve gone: endpointsArchive), and the one loopback HTTP
// mirror every test uses (startMirror).
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { sharedPath } from "@/lib/shared-data";

export const V60_FILE = sharedPath("mlperf", "summary", "v6.0.summary_results.json");
type Row = Record<string, unknown>;

export const V60_EDITS = { new: 1, changed: 3, "no-longer-published": 3, status: 1 } as const;

export function editedV60(): Buffer {
  const rows = JSON.parse(fs.readFileSync(V60_FILE, "utf8")) as Row[];
  const find = (id: string, model: string, scenario: string) => {
    const r = rows.find((x) => x.ID === id && x.Model === model && x.Scenario === scenario);
    if (!r) throw new Error(`no row ${id} ${model} ${scenario} in ${V60_FILE}`);
    return r;
  };
  const removed = [
    find("6.0-0002", "gpt-oss-120b", "Offline"),
    find("6.0-0002", "gpt-oss-120b", "Server"),
    find("6.0-0001", "llama2-70b-99.9", "Interactive"),
  ];
  find("6.0-0001", "llama2-70b-99", "Offline").Performance_Result = 1050000.0; // was 1042110.0
  find("6.0-0002", "llama2-70b-99", "Server").Performance_Result = 99000.0; // was 100282.0
  find("6.0-0002", "llama2-70b-99", "Interactive").errors = 1; // the checker now finds an error
  const added: Row = { ...find("6.0-0002", "llama2-70b-99", "Offline"), ID: "6.0-0999" };
  added.Platform = "8xMI355X_2xEPYC_9575F_b";
  added.System = "AMD MI355X second system";
  return Buffer.from(JSON.stringify([...rows.filter((r) => !removed.includes(r)), added]));
}

/** What a mirror serves at `/<name>`: the bytes, nothing (404), or no answer at all (a fetch timeout's test). */
export type MirrorFile = Buffer | null | undefined | "no-answer";

/**
 * THE test mirror (every test and bench that serves official files uses it): a server on 127.0.0.1 answering
 * `/<name>` with `files(name)` (PERFCONTEXT_OFFICIAL_BASE's form: `<round>.<file>`), 404 when it has none; `base`
 * ends in "/". `hits` lists the names asked for, in order.
 */
export async function startMirror(
  files: (name: string) => MirrorFile,
): Promise<{ base: string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? "/").slice(1));
    hits.push(name);
    const body = files(name);
    if (body === "no-answer") return;
    if (body) res.writeHead(200).end(body);
    else res.writeHead(404).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A file of a mirror's archive: its path inside the archive and its bytes. */
export interface ArchiveEntry {
  path: string;
  bytes: Buffer;
}

/** Writes one octal field of a ustar header (NUL-terminated, zero-padded). */
function octal(h: Buffer, at: number, len: number, n: number): void {
  h.write(`${n.toString(8).padStart(len - 1, "0")}\0`, at, len, "ascii");
}

/**
 * A .tar.gz of `entries` as GitHub's source archives are (POSIX ustar, regular files, paths over 100 bytes split
 * into prefix and name at a "/"), for serving an Endpoints results repository from a mirror.
 */
export function tarGz(entries: ArchiveEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const h = Buffer.alloc(512);
    let name = e.path;
    let prefix = "";
    if (name.length > 100) {
      // the first "/" that leaves at most 100 bytes of name (the fixture's paths are ASCII)
      let cut = -1;
      for (let i = 0; i < name.length && cut < 0; i++) if (name[i] === "/" && name.length - i - 1 <= 100) cut = i;
      if (cut < 0) throw new Error(`path too long: ${e.path}`);
      prefix = name.slice(0, cut);
      name = name.slice(cut + 1);
      if (Buffer.byteLength(name) > 100 || Buffer.byteLength(prefix) > 155) throw new Error(`path too long: ${e.path}`);
    }
    h.write(name, 0, 100, "utf8");
    octal(h, 100, 8, 0o644);
    octal(h, 108, 8, 0);
    octal(h, 116, 8, 0);
    octal(h, 124, 12, e.bytes.length);
    octal(h, 136, 12, 0);
    h.write("        ", 148, 8, "ascii"); // the checksum counts its own field as spaces
    h.write("0", 156, 1, "ascii");
    h.write("ustar\u000000", 257, 8, "ascii");
    h.write(prefix, 345, 155, "utf8");
    let sum = 0;
    for (const b of h) sum += b;
    h.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
    blocks.push(h, e.bytes, Buffer.alloc((512 - (e.bytes.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return zlib.gzipSync(Buffer.concat(blocks));
}

/** The shared synthetic checker fixture curve (MI355X 8 GPU, gpt-oss-120b: r4…r2048), as files under its tree. */
export const ENDPOINTS_FIXTURE = sharedPath("endpoints", "test_submissions");

/** Every file of the fixture submission `sub_a`, path relative to test_submissions/. */
function fixtureFiles(): ArchiveEntry[] {
  const out: ArchiveEntry[] = [];
  const walk = (dir: string) => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(dir, d.name);
      if (d.isDirectory()) walk(abs);
      else
        out.push({
          path: path.relative(ENDPOINTS_FIXTURE, abs).split(path.sep).join("/"),
          bytes: fs.readFileSync(abs),
        });
    }
  };
  walk(path.join(ENDPOINTS_FIXTURE, "sub_a"));
  return out;
}

const R64_SUMMARY = "sub_a/results/sys_mi355x_8gpu/gpt-oss-120b/r64/result_summary.json";

/**
 * The Endpoints mirror copies, as an Endpoints results repository's archive (top folder `endpoints_results_v0.7-main/`,
 * the fixture kept under test_submissions/ so it stays labelled synthetic):
 * - "original": the fixture as shared (peer review pending, newest cohort 2026-10-C1);
 * - "edited": every point.yaml states `status: FINALIZED`; r64's output tokens 22,246,057 → 23,000,000 (system
 *   tokens/s 22246057 / 5163.749763587 s = 4,308.12 → 23000000 / 5163.749763587 s = 4,454.13); and a second
 *   submission `sub_b`, the same curve in the later cohort 2026-11-C0 (a new curve that supersedes sub_a's);
 * - "later-only": sub_b alone (sub_a's curve is no longer in the source).
 */
export function endpointsArchive(kind: "original" | "edited" | "later-only"): Buffer {
  const base = fixtureFiles();
  const finalized = base.map((e) =>
    e.path.endsWith("/point.yaml")
      ? { ...e, bytes: Buffer.from(`status: FINALIZED\n${e.bytes.toString("utf8")}`) }
      : e.path === R64_SUMMARY
        ? { ...e, bytes: Buffer.from(e.bytes.toString("utf8").replace('"total": 22246057.0', '"total": 23000000.0')) }
        : e,
  );
  if (!finalized.find((e) => e.path === R64_SUMMARY)?.bytes.includes("23000000"))
    throw new Error(`${R64_SUMMARY}: the output token total 22246057.0 is not where the edit expects it`);
  const later = base.map((e) => ({
    path: e.path.replace(/^sub_a\//, "sub_b/"),
    bytes: e.path.endsWith("/point.yaml")
      ? Buffer.from(e.bytes.toString("utf8").replace(/^target_cohort: .*$/m, "target_cohort: 2026-11-C0"))
      : e.bytes,
  }));
  const files = kind === "original" ? base : kind === "edited" ? [...finalized, ...later] : later;
  return tarGz(files.map((e) => ({ path: `endpoints_results_v0.7-main/test_submissions/${e.path}`, bytes: e.bytes })));
}

/** What a refresh from "original" then "edited" then "later-only" logs, by kind, counted by hand from the edits. */
export const ENDPOINTS_EDITS = {
  /** original: sub_a's curve */
  first: { new: 1 },
  /** edited: sub_b's curve new; sub_a's r64 changed; sub_a peer-review-pending → finalized, then finalized → superseded */
  second: { new: 1, changed: 1, status: 2 },
  /** later-only: sub_a's curve no longer in the source */
  third: { "no-longer-published": 1 },
} as const;
