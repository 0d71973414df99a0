import { PGlite, type Transaction } from '@electric-sql/pglite';
import { MEMORY_DATA_DIR } from '../config.js';
import { ensurePgliteDataDir } from './pglite-init.js';
import { keepPgliteFilesPrivate } from './pglite-private-files.js';
import type { SqlClient, SqlSession } from './sql-client.js';
import { SqlLogRepository } from './sql-log-repository.js';

/** The log table on PGlite: the same SQL as PostgreSQL, embedded, in a data directory. */
export class PgliteLogRepository extends SqlLogRepository {
  /** Opens (creating if needed) the database in `dataDir` and migrates it. */
  static async open(dataDir: string): Promise<PgliteLogRepository> {
    return new PgliteLogRepository(await SqlLogRepository.migrated(await openSharedPglite(dataDir)));
  }
}

const opened = new Map<string, { readonly db: Promise<PGlite>; users: number }>();

/**
 * The one PGlite database of a data directory in this process, shared by the log and the runs
 * history: each PGlite instance costs 550–650 MB of WebAssembly memory whatever it holds, so two
 * would double the service's footprint. The database closes when its last user closes it. The
 * in-memory directory (tests) gives each caller a database of its own.
 */
export async function openSharedPglite(dataDir: string): Promise<SqlClient> {
  if (dataDir === MEMORY_DATA_DIR) return pgliteClient(await PGlite.create());
  let entry = opened.get(dataDir);
  if (!entry) {
    // a new directory is created in a child process: initdb's memory would stay with this one
    keepPgliteFilesPrivate(dataDir);
    entry = { db: ensurePgliteDataDir(dataDir).then(() => PGlite.create(dataDir)), users: 0 };
    opened.set(dataDir, entry);
  }
  const shared = entry;
  shared.users += 1;
  let db: PGlite;
  try {
    db = await shared.db;
  } catch (err) {
    if (opened.get(dataDir) === shared) opened.delete(dataDir);
    throw err;
  }
  const client = pgliteClient(db);
  let closed = false;
  return {
    ...client,
    async close() {
      if (closed) return;
      closed = true;
      shared.users -= 1;
      if (shared.users > 0) return;
      if (opened.get(dataDir) === shared) opened.delete(dataDir);
      await client.close();
    },
  };
}

/** PGlite as a `SqlClient`: one in-process connection; its transactions run one at a time. */
export function pgliteClient(db: PGlite): SqlClient {
  return {
    ...session(db),
    transaction: (work) => db.transaction((tx) => work(session(tx))),
    async close() {
      if (!db.closed) await db.close();
    },
  };
}

function session(db: PGlite | Transaction): SqlSession {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
      return (await db.query<Row>(text, [...params])).rows;
    },
    async exec(script: string): Promise<void> {
      await db.exec(script);
    },
    async copyRows({ table, columns, rows }): Promise<void> {
      const text = rows.map((row) => row.map(copyText).join('\t')).join('\n') + '\n';
      await db.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], {
        blob: new Blob([text]),
      });
    },
  };
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in COPY's text format: backslash, tab, newline and carriage return escaped. */
export function copyText(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c] ?? c);
}
