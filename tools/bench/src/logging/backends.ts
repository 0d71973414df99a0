import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestPostgres } from '@forage/testing';

export type BackendName = 'pglite' | 'postgres';

/** A fresh log database: the environment that points the logging service at it. */
export interface Backend {
  readonly name: BackendName;
  readonly env: Record<string, string>;
  /** Bytes the database takes on disk (PGlite's data directory; the server's database size otherwise). */
  stop(): Promise<void>;
}

/** PGlite in a temporary data directory, or a PostgreSQL 15 server of its own (Debian's binaries). */
export async function startBackend(name: BackendName): Promise<Backend> {
  if (name === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'forage-bench-logging-'));
    return {
      name,
      env: { LOGGING_DATA_DIR: join(dir, 'db') },
      stop: () => {
        rmSync(dir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }
  const server = await startTestPostgres();
  return { name, env: { DATABASE_URL: server.url }, stop: () => server.stop() };
}

/** Which backends to run: BENCH_BACKENDS=pglite,postgres (default both). */
export function backendsFromEnv(env: NodeJS.ProcessEnv = process.env): BackendName[] {
  const wanted = (env['BENCH_BACKENDS'] ?? 'pglite,postgres').split(',').map((s) => s.trim());
  return wanted.filter((b): b is BackendName => b === 'pglite' || b === 'postgres');
}
