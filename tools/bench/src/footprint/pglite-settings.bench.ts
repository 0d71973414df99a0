/**
 * bench:footprint:pglite — what the embedded log store (PGlite) costs in memory under different
 * PostgreSQL settings: PSS of a fresh Node process after opening a database in a data directory,
 * writing 10,000 log-sized rows and reading them back, one process per option so they cannot mix.
 *   node tools/bench/dist/footprint/pglite-settings.bench.js
 * Prints one RESULT line per option.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { parsePss } from '@forage/browser';

interface StoreOption {
  readonly name: string;
  readonly conf: readonly string[];
  readonly initialMemoryMb?: number;
}

const OPTIONS: readonly StoreOption[] = [
  { name: 'default', conf: [] },
  {
    name: 'small_buffers',
    conf: [
      'shared_buffers=16MB',
      'work_mem=1MB',
      'maintenance_work_mem=8MB',
      'wal_buffers=256kB',
      'temp_buffers=1MB',
    ],
  },
  {
    name: 'tiny_buffers',
    conf: [
      'shared_buffers=8MB',
      'work_mem=512kB',
      'maintenance_work_mem=4MB',
      'wal_buffers=128kB',
      'temp_buffers=800kB',
    ],
  },
  {
    name: 'tiny_buffers_wasm64',
    conf: [
      'shared_buffers=8MB',
      'work_mem=512kB',
      'maintenance_work_mem=4MB',
      'wal_buffers=128kB',
      'temp_buffers=800kB',
    ],
    initialMemoryMb: 64,
  },
];

const pssMb = (): number => (parsePss(readFileSync('/proc/self/smaps_rollup', 'utf8')) ?? 0) / 1_048_576;

/** One option, measured inside this (child) process. */
async function measure(option: StoreOption): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'forage-pglite-bench-'));
  try {
    const before = pssMb();
    const db = await PGlite.create(dir, {
      ...(option.conf.length ? { postgresqlconf: [...option.conf] } : {}),
      ...(option.initialMemoryMb ? { initialMemory: option.initialMemoryMb * 1_048_576 } : {}),
    });
    const opened = pssMb();
    await db.exec('create table t (seq bigserial primary key, body jsonb not null, hash text not null)');
    for (let i = 0; i < 20; i++) {
      await db.exec(
        `insert into t (body, hash) select jsonb_build_object('n', g, 'text', repeat('x', 800)), md5(g::text) from generate_series(1, 500) g`,
      );
    }
    await db.query('select count(*), max(hash) from t');
    await db.query('select * from t order by hash limit 200');
    const used = pssMb();
    const sharedBuffers = (await db.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]
      ?.shared_buffers;
    await db.close();
    console.log(
      `RESULT option=${option.name} shared_buffers=${sharedBuffers ?? '?'} node_mb=${before.toFixed(0)} opened_mb=${opened.toFixed(0)} after_10k_rows_mb=${used.toFixed(0)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const only = process.argv[2];
if (only) {
  const option = OPTIONS.find((o) => o.name === only);
  if (!option) throw new Error(`unknown option ${only}`);
  await measure(option);
} else {
  for (const option of OPTIONS) {
    const child = spawnSync(process.execPath, [import.meta.filename, option.name], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT'));
    console.log(
      line ??
        `RESULT option=${option.name} failed=${JSON.stringify((child.stderr || '').trim().split('\n').pop() ?? '')}`,
    );
  }
}
