// A write-behind SQLite connection for big imports: the statements the writer runs go, in order and in batches,
// to a connection in a worker thread (db/sqlite-worker.mjs), so SQLite's B-tree work overlaps the parsing and
// normalizing on this thread. Reads and the transaction's begin/commit are synchronous round trips (Atomics.wait
// on a shared flag, then receiveMessageOnPort), so the writer's code, its reads of its own uncommitted rows, and
// its one-transaction-per-source rule are exactly those of a local connection.
//
// It implements the part of better-sqlite3's Database the writer and drizzle use: prepare → run / get / all /
// raw, transaction(fn).immediate(), inTransaction. A failing write is reported at the next read or at commit
// (SQLite's own message), and the transaction is rolled back, as locally.
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { DbHandle } from "./client";
import * as schema from "./schema";

type Op = ["p", number, string] | ["r", number, unknown[]];
type Reply = { value: unknown } | { error: { message: string; code: string | null } };

/** Ops sent per message, and how many messages may wait unprocessed before this thread waits for the worker. */
const OPS_PER_MESSAGE = 256;
const MAX_IN_FLIGHT = 64;
/** How long the worker may go without answering, or without taking a batch, before the connection is given up. */
const REPLY_TIMEOUT_MS = 300_000;

export class RemoteError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = "SqliteError";
  }
}

const NO_RESULT = {
  get changes(): number {
    throw new Error("a write-behind statement has no result (use a read, or RETURNING with get)");
  },
  get lastInsertRowid(): number {
    throw new Error("a write-behind statement has no result (use a read, or RETURNING with get)");
  },
};

function snapshot(arg: unknown): unknown {
  if (Array.isArray(arg)) return arg.slice();
  if (arg !== null && typeof arg === "object" && !ArrayBuffer.isView(arg)) return { ...arg };
  return arg;
}

class RemoteStatement {
  constructor(
    private readonly conn: RemoteSqlite,
    private readonly id: number,
    private readonly rawMode = false,
  ) {}

  run(...args: unknown[]): typeof NO_RESULT {
    // copied now: the op is sent later, and callers may reuse their parameter arrays (db/write.ts preparedSystemInsert does)
    this.conn.enqueue(["r", this.id, args.map(snapshot)]);
    return NO_RESULT;
  }

  get(...args: unknown[]): unknown {
    return this.conn.query(this.id, args, "get", this.rawMode);
  }

  all(...args: unknown[]): unknown[] {
    return this.conn.query(this.id, args, "all", this.rawMode) as unknown[];
  }

  raw(on = true): RemoteStatement {
    return new RemoteStatement(this.conn, this.id, on);
  }
}

export class RemoteSqlite {
  private readonly worker: Worker;
  private readonly flags = new Int32Array(new SharedArrayBuffer(8));
  private readonly reply: MessagePort;
  private readonly ids = new Map<string, number>();
  private ops: Op[] = [];
  private posted = 0;
  private closed = false;
  inTransaction = false;

  private readonly timeoutMs: number;

  constructor(file: string, opts: { cacheKb?: number; replyTimeoutMs?: number } = {}) {
    this.timeoutMs = opts.replyTimeoutMs ?? REPLY_TIMEOUT_MS;
    const { port1, port2 } = new MessageChannel();
    this.reply = port1;
    this.worker = new Worker(new URL("./sqlite-worker.mjs", import.meta.url), {
      workerData: { file, shared: this.flags.buffer, reply: port2, cacheKb: opts.cacheKb ?? 0 },
      transferList: [port2],
      // plain JavaScript: no loader flags (tsx's would cost ~0.1 s of start-up in the worker)
      execArgv: [],
    });
    this.worker.unref();
  }

  prepare(sql: string): RemoteStatement {
    let id = this.ids.get(sql);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(sql, id);
      this.enqueue(["p", id, sql]);
    }
    return new RemoteStatement(this, id);
  }

  /** @internal */
  enqueue(op: Op): void {
    this.ops.push(op);
    if (this.ops.length >= OPS_PER_MESSAGE) this.flush();
  }

  private flush(): void {
    if (this.ops.length === 0) return;
    // backpressure: never let more than MAX_IN_FLIGHT batches pile up in the worker's queue
    let waitingSince = 0;
    for (;;) {
      const done = Atomics.load(this.flags, 1);
      if (this.posted - done < MAX_IN_FLIGHT) break;
      waitingSince ||= Date.now();
      if (Date.now() - waitingSince > this.timeoutMs) this.giveUp("took no batch");
      Atomics.wait(this.flags, 1, done, 1000);
    }
    this.worker.postMessage({ t: "ops", ops: this.ops });
    this.ops = [];
    this.posted++;
  }

  /** @internal */
  query(id: number, args: unknown[], mode: "get" | "all", raw: boolean): unknown {
    return this.call({ t: "query", id, args, mode, raw });
  }

  /** Sends a request (after every queued op) and blocks until the worker answers it. */
  private call(message: Record<string, unknown>): unknown {
    if (this.closed) throw new Error("remote SQLite connection is closed");
    const ops = this.ops;
    this.ops = [];
    Atomics.store(this.flags, 0, 0);
    this.worker.postMessage({ ...message, ops });
    const started = Date.now();
    while (Atomics.load(this.flags, 0) === 0) {
      Atomics.wait(this.flags, 0, 0, Math.min(1000, this.timeoutMs));
      if (Date.now() - started > this.timeoutMs) this.giveUp(`did not answer ${String(message.t)}`);
    }
    const got = receiveMessageOnPort(this.reply);
    if (!got) throw new Error("remote SQLite worker answered without a message");
    const r = got.message as Reply;
    if ("error" in r) throw new RemoteError(r.error.message, r.error.code);
    return r.value;
  }

  /**
   * A worker that stops answering is dropped: a late answer must never be read as the reply to a later request.
   * Its open transaction dies with it (SQLite rolls back what it never committed).
   */
  private giveUp(what: string): never {
    this.closed = true;
    void this.worker.terminate();
    throw new Error(`remote SQLite worker ${what} in ${this.timeoutMs / 1000} s; the connection is closed`);
  }

  /** better-sqlite3's transaction(fn): `.immediate()` takes the write lock up front. */
  transaction<T>(fn: () => T): { (): T; immediate(): T; deferred(): T } {
    const run = (immediate: boolean): T => {
      if (this.inTransaction) throw new Error("remote SQLite: nested transactions are not supported");
      this.call({ t: "begin", immediate });
      this.inTransaction = true;
      try {
        const out = fn();
        this.call({ t: "commit" });
        return out;
      } catch (e) {
        this.ops = [];
        // the commit itself may be what failed (the worker already rolled back): a second rollback is harmless;
        // a connection given up on has nothing to roll back here
        if (!this.closed) this.call({ t: "rollback" });
        throw e;
      } finally {
        this.inTransaction = false;
      }
    };
    return Object.assign(() => run(false), { immediate: () => run(true), deferred: () => run(false) });
  }

  close(): void {
    if (this.closed) return;
    try {
      this.call({ t: "close" });
    } catch {
      // a worker that never opened the database has nothing to close
    } finally {
      this.closed = true;
      void this.worker.terminate();
    }
  }
}

/**
 * A DbHandle whose statements run on a worker-thread connection to the same file. For one big source at a time:
 * open, write in one transaction, close. Not for `:memory:` databases (the worker cannot see them).
 */
export function openRemoteDb(
  file: string,
  opts: { cacheKb?: number; replyTimeoutMs?: number } = {},
): DbHandle & { close(): void } {
  if (file === ":memory:") throw new Error("a write-behind connection needs a database file, not :memory:");
  const remote = new RemoteSqlite(file, opts);
  // the writer and drizzle only use the part of Database that RemoteSqlite implements (see the header)
  const sqlite = remote as unknown as Database.Database;
  return { sqlite, db: drizzle(sqlite, { schema }), file, close: () => remote.close() };
}
