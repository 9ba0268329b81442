// Reads a .zip, .tar.gz (.tgz) or .tar of a LoadGen result folder into its files, with bounded decompression:
// a cap on the total unpacked bytes and on the number of entries, and no entry whose path leaves the archive
// (absolute paths, drive letters, ".." segments). Pure: bytes in, files out; node:zlib does the inflating.
// Formats: PKWARE APPNOTE 6.3 (local header, central directory, end of central directory; methods 0 and 8 only)
// and POSIX ustar (512-byte headers, octal sizes, prefix field) with GNU 'L' long names and pax 'path' records.
import { gunzipSync, inflateRawSync } from "node:zlib";
import { BudgetExceeded, REQUEST_BUDGET, RequestBudget } from "@/lib/bakeoff/limits";

export interface ArchiveLimits {
  /** Total bytes the unpacked files may hold. */
  maxTotalBytes: number;
  /** Number of entries (files, folders, links) the archive may list. */
  maxEntries: number;
}

/** One archive read alone gets the whole request budget (lib/bakeoff/limits.ts REQUEST_BUDGET). */
export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxTotalBytes: REQUEST_BUDGET.unpackedBytes.limit,
  maxEntries: REQUEST_BUDGET.entries.limit,
};

export interface ArchiveFile {
  /** Path inside the archive, "/"-separated, never absolute, never with "..". */
  path: string;
  bytes: Uint8Array;
  /** Set for an entry listed but not unpacked (the accuracy log in a .zip): its size as the archive declares it. */
  declaredSize?: number;
}

/** The accuracy log: evidence only, never parsed (db/reproductions.ts keeps it as a name and a size). */
export function isEvidenceOnly(path: string): boolean {
  return /(^|\/)mlperf_log_accuracy\.json$/i.test(path);
}

export interface ArchiveResult {
  format: "zip" | "tar.gz" | "tar";
  files: ArchiveFile[];
  /** Entries passed over, each with why (links, folders are not listed). */
  skipped: string[];
}

export class ArchiveError extends Error {
  constructor(
    message: string,
    readonly entry: string | null = null,
  ) {
    super(message);
    this.name = "ArchiveError";
  }
}

export type ArchiveKind = "zip" | "gzip" | "tar";

/** Which archive the bytes are, by their magic numbers (never by the file name); null for anything else. */
export function sniffArchive(b: Uint8Array): ArchiveKind | null {
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5) && (b[3] === 4 || b[3] === 6))
    return "zip";
  if (b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b) return "gzip";
  if (b.length >= 262 && ascii(b, 257, 5) === "ustar") return "tar";
  return null;
}

function ascii(b: Uint8Array, at: number, n: number): string {
  let s = "";
  for (let i = at; i < at + n && i < b.length; i++) s += String.fromCharCode(b[i] ?? 0);
  return s;
}

/**
 * An entry's path made safe, or an error: "a/./b" → "a/b", "a\\b" → "a/b"; "/etc/x", "C:/x", "../x", "a/../../x"
 * are refused (they would land outside the folder the archive unpacks into).
 */
export function safeEntryPath(raw: string): string {
  const p = raw.replace(/\\/g, "/");
  if (p.startsWith("/") || /^[A-Za-z]:/.test(p))
    throw new ArchiveError(`entry "${clip(raw)}" has an absolute path; archive entries must stay inside it`, raw);
  const out: string[] = [];
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..")
      throw new ArchiveError(`entry "${clip(raw)}" has a ".." segment; archive entries must stay inside it`, raw);
    out.push(seg);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (out.some((s) => /[\u0000-\u001f]/.test(s))) throw new ArchiveError("an entry name holds control characters", raw);
  return out.join("/");
}

function clip(s: string): string {
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
}

/** Files an archive of a result folder carries that are no part of it (macOS metadata). */
function isJunk(path: string): boolean {
  return path.startsWith("__MACOSX/") || /(^|\/)\.DS_Store$/.test(path) || /(^|\/)\._[^/]*$/.test(path);
}

/**
 * The archive's draw on its request's budget (lib/bakeoff/limits.ts RequestBudget: one for every file and archive a
 * request carries, issue 26), with the budget's refusal reported as an ArchiveError naming the entry.
 */
class Budget {
  constructor(readonly request: RequestBudget) {}
  entry(name: string): void {
    try {
      this.request.addEntry(name);
    } catch (e) {
      if (e instanceof BudgetExceeded)
        throw new ArchiveError(
          `the request's archives list more than ${this.request.limits.entries} entries (all its files together)`,
          name,
        );
      throw e;
    }
  }
  remaining(): number {
    return this.request.remainingBytes();
  }
  add(n: number, name: string): void {
    try {
      this.request.addBytes(n, name);
    } catch (e) {
      if (e instanceof BudgetExceeded) throw new ArchiveError(this.overMessage(), name);
      throw e;
    }
  }
  overMessage(): string {
    return `the request unpacks to more than ${formatMb(this.request.limits.unpackedBytes)} (all its files and archives together)`;
  }
}

/** A request budget from archive limits (one archive read alone, as the tests and the CLI do). */
export function budgetFor(limits: ArchiveLimits | RequestBudget = DEFAULT_ARCHIVE_LIMITS): RequestBudget {
  return limits instanceof RequestBudget
    ? limits
    : new RequestBudget({ unpackedBytes: limits.maxTotalBytes, entries: limits.maxEntries, samples: Infinity });
}

function formatMb(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / (1024 * 1024)) * 10) / 10} MB` : `${n} bytes`;
}

/** Reads any supported archive; throws ArchiveError naming the entry and the rule it broke. */
export function readArchive(
  bytes: Uint8Array,
  limitsOrBudget: ArchiveLimits | RequestBudget = DEFAULT_ARCHIVE_LIMITS,
): ArchiveResult {
  const request = budgetFor(limitsOrBudget);
  const budget = new Budget(request);
  const kind = sniffArchive(bytes);
  if (kind === "zip") return readZip(bytes, budget);
  if (kind === "gzip") {
    // the tar stream holds each file plus a 512-byte header and up to 511 bytes of padding per entry
    const cap = request.remainingBytes() + (request.limits.entries - request.entries + 2) * 1024;
    let tar: Uint8Array;
    try {
      tar = gunzipSync(bytes, { maxOutputLength: cap });
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      if (
        /maxOutputLength|Cannot create a Buffer larger|buffer/i.test(msg) &&
        !/incorrect header|unexpected end/i.test(msg)
      )
        throw new ArchiveError(budget.overMessage());
      throw new ArchiveError(`the .gz file cannot be decompressed (${msg})`);
    }
    if (sniffArchive(tar) !== "tar")
      throw new ArchiveError("the .gz file does not hold a tar archive (expected a .tar.gz of a result folder)");
    return { ...readTar(tar, budget), format: "tar.gz" };
  }
  if (kind === "tar") return { ...readTar(bytes, budget), format: "tar" };
  throw new ArchiveError("not a .zip, .tar.gz or .tar archive");
}

const u16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) + u16(b, at + 2) * 0x10000) >>> 0;

function readZip(b: Uint8Array, budget: Budget): ArchiveResult {
  // end of central directory: 22 bytes + a comment of up to 65,535 bytes, found scanning back from the end
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (b[i] === 0x50 && b[i + 1] === 0x4b && b[i + 2] === 5 && b[i + 3] === 6) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ArchiveError("the .zip has no end-of-central-directory record (cut short?)");
  const count = u16(b, eocd + 10);
  const cdOffset = u32(b, eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ArchiveError("ZIP64 archives are not supported");
  const files: ArchiveFile[] = [];
  const skipped: string[] = [];
  let at = cdOffset;
  for (let n = 0; n < count; n++) {
    if (u32(b, at) !== 0x02014b50) throw new ArchiveError("the .zip's central directory is damaged");
    const flags = u16(b, at + 8);
    const method = u16(b, at + 10);
    const compSize = u32(b, at + 20);
    const size = u32(b, at + 24);
    const nameLen = u16(b, at + 28);
    const extraLen = u16(b, at + 30);
    const commentLen = u16(b, at + 32);
    const externalAttrs = u32(b, at + 38);
    const localAt = u32(b, at + 42);
    const rawName = new TextDecoder().decode(b.subarray(at + 46, at + 46 + nameLen));
    at += 46 + nameLen + extraLen + commentLen;
    budget.entry(rawName);
    if (rawName.endsWith("/") || rawName.endsWith("\\")) continue; // a folder
    const path = safeEntryPath(rawName);
    if (isJunk(path)) continue;
    // Unix mode in the high 16 bits: 0o120000 is a symbolic link, which is never followed
    if (((externalAttrs >>> 16) & 0o170000) === 0o120000) {
      skipped.push(`${path}: a symbolic link (not followed)`);
      continue;
    }
    if (flags & 1) throw new ArchiveError(`entry "${path}" is encrypted`, path);
    if (isEvidenceOnly(path)) {
      // kept as evidence, never read (lib/reproduce/files.ts): listed with its declared size, not inflated
      files.push({ path, bytes: new Uint8Array(0), declaredSize: size });
      continue;
    }
    if (size > budget.remaining()) throw new ArchiveError(budget.overMessage(), path);
    if (u32(b, localAt) !== 0x04034b50) throw new ArchiveError(`entry "${path}" has no local header`, path);
    const dataAt = localAt + 30 + u16(b, localAt + 26) + u16(b, localAt + 28);
    const data = b.subarray(dataAt, dataAt + compSize);
    if (data.length !== compSize) throw new ArchiveError(`entry "${path}" is cut short`, path);
    let out: Uint8Array;
    if (method === 0) out = data;
    else if (method === 8) {
      try {
        // one byte more than declared, so a lying header cannot unpack past the budget unnoticed
        out = inflateRawSync(data, { maxOutputLength: Math.max(1, Math.min(size + 1, budget.remaining() + 1)) });
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        if (
          /larger than|maxOutputLength|ERR_BUFFER_TOO_LARGE/i.test(msg) ||
          (e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE"
        )
          throw new ArchiveError(
            size + 1 <= budget.remaining()
              ? `entry "${path}" unpacks to more than the ${size} bytes its header says`
              : budget.overMessage(),
            path,
          );
        throw new ArchiveError(`entry "${path}" cannot be inflated (${msg})`, path);
      }
    } else throw new ArchiveError(`entry "${path}" uses compression method ${method}; only stored and deflate`, path);
    if (out.length !== size)
      throw new ArchiveError(`entry "${path}" unpacks to ${out.length} bytes, not the ${size} its header says`, path);
    budget.add(out.length, path);
    files.push({ path, bytes: out });
  }
  return { format: "zip", files, skipped };
}

function tarString(b: Uint8Array, at: number, n: number): string {
  const slice = b.subarray(at, at + n);
  const end = slice.indexOf(0);
  return new TextDecoder().decode(end < 0 ? slice : slice.subarray(0, end));
}

function tarSize(b: Uint8Array, at: number, name: string): number {
  if ((b[at] ?? 0) & 0x80) {
    // base-256 (GNU): big-endian in the remaining 11 bytes
    let n = 0;
    for (let i = at + 1; i < at + 12; i++) n = n * 256 + (b[i] ?? 0);
    return n;
  }
  const s = tarString(b, at, 12).trim();
  if (s === "") return 0;
  if (!/^[0-7]+$/.test(s)) throw new ArchiveError(`entry "${name}" has a damaged size field`, name);
  return Number.parseInt(s, 8);
}

function readTar(b: Uint8Array, budget: Budget): { files: ArchiveFile[]; skipped: string[] } {
  const files: ArchiveFile[] = [];
  const skipped: string[] = [];
  let at = 0;
  let longName: string | null = null;
  while (at + 512 <= b.length) {
    const header = b.subarray(at, at + 512);
    if (header.every((x) => x === 0)) break; // end of archive
    const type = String.fromCharCode(header[156] ?? 0);
    const prefix = ascii(header, 257, 5) === "ustar" ? tarString(header, 345, 155) : "";
    const baseName = tarString(header, 0, 100);
    const name = longName ?? (prefix ? `${prefix}/${baseName}` : baseName);
    const size = tarSize(header, 124, name);
    const dataAt = at + 512;
    const next = dataAt + Math.ceil(size / 512) * 512;
    if (dataAt + size > b.length) throw new ArchiveError(`entry "${clip(name)}" is cut short`, name);
    const data = b.subarray(dataAt, dataAt + size);
    at = next;
    if (type === "L") {
      longName = tarString(data, 0, data.length);
      continue;
    }
    if (type === "x") {
      const m = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(new TextDecoder().decode(data));
      longName = m?.[1] ?? null;
      continue;
    }
    if (type === "g") continue; // global pax header
    longName = null;
    budget.entry(name);
    if (type === "5") continue; // a folder
    const path = safeEntryPath(name);
    if (isJunk(path)) continue;
    if (type === "1" || type === "2") {
      skipped.push(`${path}: a ${type === "1" ? "hard" : "symbolic"} link (not followed)`);
      continue;
    }
    if (type !== "0" && type !== "\0" && type !== "7") {
      skipped.push(`${path}: not a regular file (tar type "${type}")`);
      continue;
    }
    budget.add(size, path);
    files.push({ path, bytes: data });
  }
  return { files, skipped };
}
