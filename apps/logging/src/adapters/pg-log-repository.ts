import pg from 'pg';
import type { SqlClient, SqlSession } from './sql-client.js';
import { SqlLogRepository } from './sql-log-repository.js';

/**
 * Appends are serialised (one connection writes at a time), so a few connections are enough:
 * one for the writer, the rest for queries and chain audits. Several replicas multiply this.
 */
const POOL_SIZE = 4;
/** A database that does not answer fails the append (redelivered later) instead of hanging. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Waiting longer than this for the writer lock fails the append as retryable (nak, redelivered). */
const LOCK_TIMEOUT_MS = 10_000;
/**
 * A replica that stalls inside an append (frozen process, half-open connection) holds the writer
 * lock; the server ends its session after this long, which releases the lock for the others.
 */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;

/**
 * The log table on a PostgreSQL server (`DATABASE_URL`), shared by every logging replica. The
 * SQL and migrations are those of the PGlite repository; the advisory lock in each append keeps
 * the chain linear across replicas.
 */
export class PgLogRepository extends SqlLogRepository {
  /** Connects to `url` (postgres://…) and migrates the schema (replicas migrate one at a time). */
  static async open(url: string): Promise<PgLogRepository> {
    const pool = new pg.Pool({
      connectionString: url,
      max: POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      lock_timeout: LOCK_TIMEOUT_MS,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
      keepAlive: true,
      application_name: 'forage-logging',
    });
    // An idle connection that drops (server restart, network) is discarded by the pool and the
    // next query reconnects; without a listener the 'error' event would end the process.
    pool.on('error', () => undefined);
    return new PgLogRepository(await SqlLogRepository.migrated(poolClient(pool)));
  }
}

/** A `pg` pool as a `SqlClient`: statements on any pooled connection, a transaction on one. */
export function poolClient(pool: pg.Pool): SqlClient {
  let ended = false;
  return {
    ...session(pool),
    async transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // A checked-out connection that drops emits 'error' on the client, not the pool.
      const onError = (): void => undefined;
      client.on('error', onError);
      let broken: Error | undefined;
      try {
        // Explicit, whatever the server's default: the append relies on each statement seeing
        // what was committed before the advisory lock was granted.
        await client.query('begin isolation level read committed');
        const result = await work(session(client));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw err;
      } finally {
        client.off('error', onError);
        // a connection that could not roll back is destroyed, not returned to the pool
        client.release(broken);
      }
    },
    async close() {
      if (ended) return;
      ended = true;
      await pool.end();
    },
  };
}

function session(db: pg.Pool | pg.PoolClient): SqlSession {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
      const result = await db.query<pg.QueryResultRow>(text, [...params]);
      return result.rows as Row[];
    },
    async exec(script: string): Promise<void> {
      // without parameters `pg` uses the simple query protocol, which runs several statements
      await db.query(script);
    },
  };
}
