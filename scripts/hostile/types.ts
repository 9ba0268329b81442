// The hostile-input corpus's vocabulary (scripts/make-hostile-corpus.ts): what one import path must do with a file,
// one case, and the hostile strings and sizes the cases use.
import path from "node:path";

export const HOSTILE_DIR = path.resolve("data", "hostile");

/** What one import path must do with a file. */
export type Expect =
  | {
      outcome: "rejected";
      /** A number: exactly that line; "some": a line ≥ 1 must be named; null: a whole-file problem (no line). */
      line: number | "some" | null;
      /** The field named, or null for a whole-file problem; "some": any non-empty field. */
      field: string | "some" | null;
      message: RegExp;
    }
  | {
      outcome: "accepted";
      /** Published results the import adds (CLI), or load points stored (upload). */
      rows: number;
      /** Strings that must be stored byte for byte (as text, never interpreted). */
      verbatim: string[];
    };

export interface HostileCase {
  file: string;
  what: string;
  /** "committed": written to data/hostile/; "test-time": too big for the repository, made in a temp dir. */
  kind: "committed" | "test-time";
  build: () => Buffer;
  /** What the importer CLI does today (asserted). */
  cli: Expect;
  /** What POST /api/bakeoff does today (asserted). */
  api: Expect;
  /**
   * Where today's behaviour is safe (nothing half-written, the hash unchanged on rejection) but falls short of the
   * goal: the better outcome, and why. The tests assert the gap is still there, so closing it means updating this.
   */
  gap?: { path: "cli" | "api"; ideal: Expect; why: string };
}

export const FORMULA = "=cmd|' /C calc'!A0";
export const SCRIPT = "<script>alert('pc')</script>";
export const IMG = '"><img src=x onerror=alert(1)>';
export const NESTING = 100_000;
export const HUGE_BYTES = 500 * 1024 * 1024;
