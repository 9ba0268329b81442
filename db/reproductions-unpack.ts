// A reproduction upload, unpacked and read apart from storing it: files in, the row's texts out, so that it can
// run off the request thread (db/work/jobs.ts, in the worker pool). No database here.
import { BudgetExceeded, RequestBudget } from "@/lib/bakeoff/limits";
import { type ArchiveLimits, budgetFor, readArchive, sniffArchive } from "@/lib/reproduce/archive";
import { ReproduceInputError, readUploadedFolder, type UploadEntry } from "@/lib/reproduce/files";
import { stripUnsafe } from "@/lib/text/labels";
import { decodeUtf8Fast } from "./decode";
import { sha256Hex } from "./hash";

export const MAX_REPRODUCTION_FILES = 500;
/** A text we parse is at most this big; an accuracy log (mlperf_log_accuracy.json) is kept as evidence only. */
const MAX_TEXT_BYTES = 64 * 1024 * 1024;

export interface RawUpload {
  name: string;
  bytes: Uint8Array;
}

/**
 * Uploaded files (or archives among them) → the entries of one result folder. Every file and every archive entry of
 * the request draws on one budget (lib/bakeoff/limits.ts REQUEST_BUDGET, issue 26): the request is refused at the
 * entry that passes it. Throws ReproduceInputError.
 */
export function unpackUpload(
  files: RawUpload[],
  limits?: ArchiveLimits | RequestBudget,
): { entries: UploadEntry[]; label: string } {
  const budget = limits ? budgetFor(limits) : new RequestBudget();
  const entries: UploadEntry[] = [];
  let label = "";
  for (const f of files) {
    const kind = sniffArchive(f.bytes);
    if (kind) {
      try {
        const a = readArchive(f.bytes, budget);
        for (const x of a.files)
          entries.push(
            x.declaredSize !== undefined ? { path: x.path, text: null, size: x.declaredSize } : decode(x.path, x.bytes),
          );
      } catch (e) {
        if (e instanceof Error && e.name === "ArchiveError")
          throw new ReproduceInputError(e.message, f.name, null, "file");
        throw e;
      }
      label ||= f.name.replace(/\.(zip|tar\.gz|tgz|tar)$/i, "");
    } else {
      try {
        budget.addEntry(f.name);
        budget.addBytes(f.bytes.length, f.name);
      } catch (e) {
        if (e instanceof BudgetExceeded) throw new ReproduceInputError(e.message, f.name, null, "file");
        throw e;
      }
      entries.push(decode(f.name.replace(/\\/g, "/").replace(/^\/+/, ""), f.bytes));
      label ||= f.name.split("/")[0] ?? f.name;
    }
    if (entries.length > MAX_REPRODUCTION_FILES)
      throw new ReproduceInputError(`more than ${MAX_REPRODUCTION_FILES} files in one upload`, f.name, null, "file");
  }
  return { entries, label: label.slice(0, 120) || "reproduction" };
}

function decode(path: string, bytes: Uint8Array): UploadEntry {
  const base = path.split("/").pop() ?? path;
  if (/^mlperf_log_accuracy\.json$/i.test(base) || bytes.length > MAX_TEXT_BYTES)
    return { path, text: null, size: bytes.length };
  const d = decodeUtf8Fast(bytes);
  if (!d.ok) {
    // a binary file that is no log (an image, a .pdf) is ignored; a log with a bad byte is an error
    const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096));
    if (/MLPerf Results Summary|^:::MLLOG/m.test(head)) throw new ReproduceInputError(d.message, path, d.line, null);
    return { path, text: null, size: bytes.length };
  }
  return { path, text: d.text, size: bytes.length };
}

/** What one reproductions row stores but its id and time. */
export interface PreparedReproduction {
  label: string;
  /** JSON [{path, size, sha256}] */
  files: string;
  /** JSON UploadedFolder */
  folder: string;
}

/** Unpack (one budget for the request), read the result folder, and make the row's texts. Throws ReproduceInputError. */
export function prepareReproduction(files: RawUpload[], limits?: ArchiveLimits | RequestBudget): PreparedReproduction {
  const { entries, label } = unpackUpload(files, limits);
  const folder = readUploadedFolder(entries);
  const platform = folder.scenarios.find((s) => s.platform)?.platform ?? folder.systems[0]?.platform ?? null;
  const fileList = files.map((f) => ({ path: f.name, size: f.bytes.length, sha256: sha256Hex(f.bytes) }));
  // the label comes from files: controls and bidi overrides dropped (lib/text/labels.ts)
  return { label: stripUnsafe(platform ?? label), files: JSON.stringify(fileList), folder: JSON.stringify(folder) };
}
