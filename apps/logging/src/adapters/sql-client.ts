/**
 * The little the log repository needs from a PostgreSQL connection. PGlite (embedded) and a
 * PostgreSQL server over `pg` both provide it, so the SQL lives once, in `SqlLogRepository` and
 * `migrations.ts`.
 */
export interface SqlSession {
  /** One statement with `$1, $2 …` parameters; the result rows. */
  query<Row>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** A script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  /**
   * Bulk insert with COPY, where the client offers one that is faster than a multi-row INSERT
   * (PGlite: about three times); values are text, as COPY's text format reads them.
   */
  copyRows?(input: {
    table: string;
    columns: readonly string[];
    rows: readonly (readonly string[])[];
  }): Promise<void>;
}

export interface SqlClient extends SqlSession {
  /**
   * Runs `work` in one transaction (READ COMMITTED) on one connection: committed when it
   * resolves, rolled back when it throws.
   */
  transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
