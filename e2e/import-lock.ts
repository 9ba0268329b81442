import fs from "node:fs";

/**
 * Re-imports bump the data version that every snapshot's banner compares against, so the specs that re-import
 * (share.spec.ts and plan.spec.ts, possibly on different workers) take turns: a lock directory beside the e2e
 * database.
 */
export async function withImportLock<T>(db: string, fn: () => Promise<T>): Promise<T> {
  const lock = `${db}.import-lock`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      // a lock left by a killed run is older than any critical section
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
