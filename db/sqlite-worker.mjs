// The far side of db/remote-sqlite.ts: one SQLite connection in a worker thread that runs the statements the
// importer's writer sends, so the B-tree work of a big import overlaps the parsing on the main thread.
// Plain JavaScript on purpose: Node starts it directly (no TypeScript loader in a worker, under tsx or vitest).
import { parentPort, workerData } from "node:worker_threads";

const { file, shared, reply } = workerData;
const flag = new Int32Array(shared); // [0] reply ready, [1] op batches done

/** The connection, or why there is none: every request is then answered with that error (never a hang). */
let db = null;
let startup = null;
try {
  const { default: Database } = await import("better-sqlite3");
  db = new Database(file, { fileMustExist: true });
  db.pragma("busy_timeout = 10000");
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  if (workerData.cacheKb) db.pragma(`cache_size = -${workerData.cacheKb}`);
} catch (e) {
  startup = e;
}

const statements = new Map();
/** The first failure since the transaction began: later ops are skipped, the next sync call reports it. */
let failed = null;

function errorOf(e) {
  return { message: e instanceof Error ? e.message : String(e), code: e?.code ?? null };
}

function answer(message) {
  reply.postMessage(message);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

function statement(id) {
  const s = statements.get(id);
  if (!s) throw new Error(`remote statement ${id} was never prepared`);
  return s;
}

function runOps(ops) {
  for (const op of ops) {
    if (failed) return;
    try {
      if (op[0] === "p") statements.set(op[1], db.prepare(op[2]));
      else statement(op[1]).run(...op[2]);
    } catch (e) {
      failed = e;
    }
  }
}

parentPort.on("message", (m) => {
  if (startup) {
    if (m.t === "ops") return; // reported at the next synchronous request
    if (m.t === "close") return answer({ value: null });
    return answer({
      error: errorOf(new Error(`the SQLite worker could not open ${file}: ${errorOf(startup).message}`)),
    });
  }
  switch (m.t) {
    case "ops":
      runOps(m.ops);
      Atomics.add(flag, 1, 1);
      Atomics.notify(flag, 1);
      return;
    case "query":
      runOps(m.ops);
      if (failed) return answer({ error: errorOf(failed) });
      try {
        const s = statement(m.id);
        if (m.raw) s.raw(true);
        const value = m.mode === "all" ? s.all(...m.args) : m.mode === "get" ? s.get(...m.args) : s.run(...m.args);
        if (m.raw) s.raw(false);
        return answer({ value });
      } catch (e) {
        failed = e;
        return answer({ error: errorOf(e) });
      }
    case "begin":
      try {
        failed = null;
        db.exec(m.immediate ? "begin immediate" : "begin");
        return answer({ value: null });
      } catch (e) {
        return answer({ error: errorOf(e) });
      }
    case "commit": {
      runOps(m.ops);
      const error = failed;
      failed = null;
      if (error) {
        if (db.inTransaction) db.exec("rollback");
        return answer({ error: errorOf(error) });
      }
      try {
        db.exec("commit");
        return answer({ value: null });
      } catch (e) {
        if (db.inTransaction) db.exec("rollback");
        return answer({ error: errorOf(e) });
      }
    }
    case "rollback":
      failed = null;
      try {
        if (db.inTransaction) db.exec("rollback");
        return answer({ value: null });
      } catch (e) {
        return answer({ error: errorOf(e) });
      }
    case "close":
      db.close();
      return answer({ value: null });
    default:
      return answer({ error: { message: `unknown remote request ${String(m.t)}`, code: null } });
  }
});
