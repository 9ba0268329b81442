// For tests and the refresh bench: the real v6.0 official summary (../shared) and an edited copy of it — 3 rows
// removed, 2 values changed, 1 row's checker errors raised (0 → 1), 1 row added, so 520 − 3 + 1 = 518 rows; a refresh
// from the original to the copy records 1 new, 3 changed (2 values, 1 validity), 3 no longer published, 1 status
// (published → invalidated), counted by hand — and a loopback HTTP mirror serving files by name.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
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

/** A mirror on 127.0.0.1 serving `files()[name]` at `/<name>`, 404 otherwise; `base` ends in "/". */
export async function startMirror(
  files: () => Record<string, Buffer>,
): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const body = files()[decodeURIComponent((req.url ?? "/").slice(1))];
    if (body) res.writeHead(200).end(body);
    else res.writeHead(404).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
