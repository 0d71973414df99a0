import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface StoredRow {
  readonly recordId: string;
  readonly storedAtMs: number;
  readonly body: string;
}

export interface StoredTable {
  readonly rows: StoredRow[];
  /** pg_total_relation_size of the log table: rows, indexes and TOAST. */
  readonly bytes: number;
}

const ROWS = 'select record_id, extract(epoch from stored_at) * 1000 as stored_ms, body from log_records';
const SIZE = `select pg_total_relation_size('log_records') as bytes`;

/** Reads the log table straight from the database (the service stopped, for PGlite). */
export async function readStoredTable(env: Record<string, string>): Promise<StoredTable> {
  const url = env['DATABASE_URL'];
  type Row = { record_id: string; stored_ms: number | string; body: string };
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const rows = (await client.query<Row>(ROWS)).rows;
      const [size] = (await client.query<{ bytes: string }>(SIZE)).rows;
      return { rows: rows.map(toStored), bytes: Number(size?.bytes ?? 0) };
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(env['LOGGING_DATA_DIR'] ?? '');
  try {
    const rows = (await db.query<Row>(ROWS)).rows;
    const [size] = (await db.query<{ bytes: number | string }>(SIZE)).rows;
    return { rows: rows.map(toStored), bytes: Number(size?.bytes ?? 0) };
  } finally {
    await db.close();
  }
}

function toStored(row: { record_id: string; stored_ms: number | string; body: string }): StoredRow {
  return { recordId: row.record_id, storedAtMs: Number(row.stored_ms), body: row.body };
}
