import type { SqlClient, SqlSession } from './sql-client.js';

interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** Applied in order, once each; never edit a released migration, add the next one. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'log_records hash chain',
    // ids are text, not uuid: the columns must equal the hashed body byte for byte
    sql: `
      create table log_records (
        seq        bigint primary key check (seq > 0),
        record_id  text not null unique,
        run_id     text not null,
        prev_hash  char(64) not null,
        hash       char(64) not null,
        body       text not null,
        stored_at  timestamptz not null default now()
      );
      create index log_records_run_seq on log_records (run_id, seq);
    `,
  },
  {
    version: 2,
    name: 'stored_at is the moment each row is written',
    // now() is the transaction's start: with group commit, rows wait in a group before it begins
    sql: `alter table log_records alter column stored_at set default clock_timestamp();`,
  },
];

/** Any number that is the same in every replica: replicas sharing a database migrate one at a time. */
const MIGRATION_LOCK = 7_808_001;

/** Brings the schema up to date (PGlite or a PostgreSQL server); returns the versions it applied. */
export async function migrate(db: SqlClient): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`
      create table if not exists schema_migrations (
        version    integer primary key,
        name       text not null,
        applied_at timestamptz not null default now()
      )`);
    const applied = new Set(
      (await tx.query<{ version: number }>('select version from schema_migrations')).map((r) => r.version),
    );
    const pending = migrations.filter((m) => !applied.has(m.version));
    for (const migration of pending) await apply(tx, migration);
    return pending.map((m) => m.version);
  });
}

async function apply(tx: SqlSession, migration: Migration): Promise<void> {
  await tx.exec(migration.sql);
  await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
    migration.version,
    migration.name,
  ]);
}
