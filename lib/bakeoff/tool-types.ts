// The shapes of the serving-tool registry (tools.ts): a tool, its file formats and what a sniffer and parser see, and
// how the tool measures. Pure types.
import type { BakeoffTool } from "@/lib/types";
import type { ParsedFile } from "./common";
import type { JsonDocument } from "./json-tolerant";
import type { RunFacts } from "./run-facts";

/** Where a JSON document sits in its file, for messages ("line 3: ") when the file holds several. */
export interface DocContext {
  filename: string | null;
  /** true when the file holds more than one JSON document */
  many: boolean;
}

/** What a text format's sniffer sees: the file body, and its first CSV header when it is not JSON. */
export interface TextInput {
  body: string;
  filename: string | null;
  json: boolean;
  csvHeader: string[] | null;
}

/**
 * One file format a tool writes. JSON formats are asked about each JSON document of a file (a JSONL file or an
 * appended result file holds several); `wholeFile` formats read every document of the file together (per-request
 * JSONL), the others read each document as one result. Text formats are asked about the file body.
 */
export type ToolFormat =
  | {
      id: string;
      input: "json";
      /** What the file is, in the words of the "supported" text: "bench serve --save-result JSON". */
      describe: string;
      sniff: (doc: unknown, filename: string | null) => boolean;
      parse: (docs: JsonDocument[], ctx: DocContext) => ParsedFile;
      wholeFile?: boolean;
    }
  | {
      id: string;
      input: "text";
      describe: string;
      sniff: (input: TextInput) => boolean;
      parse: (input: TextInput) => ParsedFile;
    };

export interface ServingTool {
  name: BakeoffTool;
  /** How people write the tool's name. */
  display: string;
  /** The releases whose output is read, oldest to newest (docs/bakeoff-formats.md has the source of each). */
  versions: string;
  formats: ToolFormat[];
  /** Said once per file of this tool, however many runs it holds. */
  fileWarnings?: string[];
  /** How the tool measures: what a campaign's methodology diff shows side by side (lib/campaign/methodology.ts). */
  method: ToolMethod;
  /** What its file says about the run's setup beyond the BakeoffRun (run-facts-readers.ts); none → empty facts. */
  facts?: (text: string) => RunFacts[];
}

/** How a tool counts and defines what it reports, read from its source (`source`). */
export interface ToolMethod {
  /** How the tool counts output tokens. */
  tokens: string;
  /** What its latency percentiles mean (TPOT vs ITL). */
  percentiles: string;
  /** Warm-up when the file says nothing. */
  warmupDefault: string;
  source: string;
}
