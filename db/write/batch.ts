// Multi-row inserts: the writer collects a source's new rows per table and stores them in batches. PostgreSQL gets a
// few hundred rows per statement (`insert into t (…) values (…), (…), …`: one round trip per statement, not per
// row), at most MAX_PARAMS values each (its limit is 65,535). SQLite gets one prepared single-row statement per row,
// as before: it runs in this process, so a round trip costs nothing, while preparing a statement with tens of
// thousands of placeholders costs more than the rows it stores (measured: 1,448 rows took 117 ms instead of 73).
// The row counts used are a full chunk and powers of two below it, so a table prepares a handful of texts.
import type { Dialect } from "../client";
import type { Sql, SqlParam } from "../sql";

export const MAX_PARAMS = 32_766;
/** Rows per statement at most on PostgreSQL, whatever the width. */
const MAX_ROWS = 512;

/** Rows per statement for a store: one on SQLite, a chunk within MAX_PARAMS on PostgreSQL. */
export function rowsPerStatement(dialect: Dialect, columns: number): number {
  if (dialect === "sqlite") return 1;
  return Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns)));
}

export class BatchInsert {
  private rows: (readonly SqlParam[])[] = [];
  private readonly head: string;
  private readonly tuple: string;
  private readonly texts = new Map<number, string>();

  constructor(
    table: string,
    readonly columns: readonly string[],
    readonly chunkRows: number,
  ) {
    this.head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values `;
    this.tuple = `(${columns.map(() => "?").join(", ")})`;
  }

  /** Rows waiting. */
  get size(): number {
    return this.rows.length;
  }

  /** One row's values, in `columns` order (kept as given: do not change the array afterwards). */
  push(row: readonly SqlParam[]): void {
    if (row.length !== this.columns.length)
      throw new Error(`BatchInsert: ${row.length} values for ${this.columns.length} columns`);
    this.rows.push(row);
  }

  private text(rows: number): string {
    let t = this.texts.get(rows);
    if (!t) {
      t = this.head + new Array(rows).fill(this.tuple).join(", ");
      this.texts.set(rows, t);
    }
    return t;
  }

  /** Stores every buffered row, in the order pushed. */
  async flush(x: Sql): Promise<void> {
    const all = this.rows;
    if (all.length === 0) return;
    this.rows = [];
    if (this.chunkRows === 1) {
      const one = this.text(1);
      for (const r of all) await x.run(one, r);
      return;
    }
    let at = 0;
    while (at < all.length) {
      // a full chunk, else the largest power of two that fits
      const left = all.length - at;
      const n = left >= this.chunkRows ? this.chunkRows : 2 ** Math.floor(Math.log2(left));
      const values: SqlParam[] = [];
      for (let i = at; i < at + n; i++) for (const v of all[i] as readonly SqlParam[]) values.push(v);
      await x.run(this.text(n), values);
      at += n;
    }
  }
}
