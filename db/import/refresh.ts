// The refresh job (issue 28): fetch every known official source (the Inference rounds' summaries and the Endpoints
// results repositories: db/import/official.ts, db/import/endpoints-official.ts), import what changed (the change log records it:
// db/write/lifecycle.ts), one line per source. Safe from cron or a systemd timer (README) and from the server's
// interval option (server/refresh-timer.mjs): a failed fetch is one line and changes nothing, and on PostgreSQL a
// session advisory lock on its own connection keeps two instances from refreshing at once (the second says so and
// stops); SQLite already has one writer per database, and each source is one transaction either way.
import pg from "pg";
import type { DbHandle } from "@/db/client";
import { REFRESH_LOCK } from "@/db/write/locks";
import { refreshEndpoints } from "./endpoints-official";
import { type RefreshLine, refreshOfficial } from "./official";

export interface RefreshReport {
  /** False when another instance held the lock: nothing was fetched. */
  ran: boolean;
  lines: RefreshLine[];
}

export interface RefreshOptions {
  timeoutMs: number;
  mirrorBase?: string | null;
  rounds?: readonly string[];
  /** PostgreSQL's URL, for the lock's own connection (the store's pool hands out connections per transaction). */
  databaseUrl?: string;
}

/** Runs `fn` holding the refresh lock (PostgreSQL), or returns null when another session holds it. */
async function withRefreshLock<T>(url: string, fn: () => Promise<T>): Promise<T | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [REFRESH_LOCK]);
    if (!rows[0]?.ok) return null;
    try {
      return await fn();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [REFRESH_LOCK]);
    }
  } finally {
    await client.end();
  }
}

export async function runRefresh(h: DbHandle, opts: RefreshOptions): Promise<RefreshReport> {
  // the Inference rounds' summaries, then the Endpoints results repositories (each source its own line)
  const job = async () => [...(await refreshOfficial(h, opts)), ...(await refreshEndpoints(h, opts))];
  if (h.dialect !== "pg") return { ran: true, lines: await job() };
  // (h.file is the store's URL without its password: enough where the server trusts the address)
  const url = opts.databaseUrl ?? process.env.DATABASE_URL ?? h.file;
  const lines = await withRefreshLock(url, job);
  return lines === null ? { ran: false, lines: [] } : { ran: true, lines };
}

/** One line per source, as cron mails it: "v6.0 imported: 1 new, 3 updated, … (URL)". */
export function refreshText(r: RefreshReport): string[] {
  if (!r.ran) return ["refresh: another instance is refreshing this database (advisory lock held); nothing done"];
  return r.lines.map((l) => `${l.round} ${l.status}: ${l.message}${l.status === "failed" ? "" : ` (${l.url})`}`);
}
