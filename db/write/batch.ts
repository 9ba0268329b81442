// Multi-row inserts: the writer collects a source's new rows per table and stores them a few hundred per statement
// (`insert into t (…) values (…), (…), …`), which PostgreSQL needs to be quick (one round trip per statement, not
// per row) and SQLite takes as well as one prepared statement per row. A statement binds at most MAX_PARAMS values
// (SQLite's default limit is 32,766, PostgreSQL's 65,535). The row counts used are a full chunk and powers of two
// below it, so each table prepares a handful of statement texts whatever the number of rows.
import type { Sql, SqlParam } from "../sql";

export const MAX_PARAMS = 32_766;
/** Rows per statement at most, whatever the width (more does not make SQLite faster). */
const MAX_ROWS = 512;

export class BatchInsert {
  /** The buffered rows' values, one after the other (rows × columns). */
  private values: SqlParam[] = [];
  private readonly head: string;
  private readonly tuple: string;
  readonly chunkRows: number;
  private readonly texts = new Map<number, string>();

  constructor(
    table: string,
    readonly columns: readonly string[],
  ) {
    this.head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values `;
    this.tuple = `(${columns.map(() => "?").join(", ")})`;
    this.chunkRows = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns.length)));
  }

  /** Rows waiting. */
  get size(): number {
    return this.values.length / this.columns.length;
  }

  /** One row's values, in `columns` order. */
  push(row: readonly SqlParam[]): void {
    if (row.length !== this.columns.length)
      throw new Error(`BatchInsert: ${row.length} values for ${this.columns.length} columns`);
    for (const v of row) this.values.push(v);
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
    const all = this.values;
    if (all.length === 0) return;
    this.values = [];
    const width = this.columns.length;
    let at = 0;
    let left = all.length / width;
    while (left > 0) {
      // a full chunk, else the largest power of two that fits
      let n = this.chunkRows;
      if (left < n) n = 2 ** Math.floor(Math.log2(left));
      await x.run(this.text(n), all.slice(at, at + n * width));
      at += n * width;
      left -= n;
    }
  }
}
