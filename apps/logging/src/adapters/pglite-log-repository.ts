import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { MEMORY_DATA_DIR } from '../config.js';
import type { SqlClient, SqlSession } from './sql-client.js';
import { SqlLogRepository } from './sql-log-repository.js';

/** The log table on PGlite: the same SQL as PostgreSQL, embedded, in a data directory. */
export class PgliteLogRepository extends SqlLogRepository {
  /** Opens (creating if needed) the database in `dataDir` and migrates it. */
  static async open(dataDir: string): Promise<PgliteLogRepository> {
    if (dataDir !== MEMORY_DATA_DIR) mkdirSync(dataDir, { recursive: true });
    const db = await PGlite.create(dataDir);
    return new PgliteLogRepository(await SqlLogRepository.migrated(pgliteClient(db)));
  }
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
