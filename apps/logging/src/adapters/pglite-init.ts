/**
 * Creates a new PGlite data directory in a short-lived child process. PGlite's initdb runs inside
 * its WebAssembly instance and leaves the process at ~790 MB that it never gives back, while
 * opening an existing directory costs ~275 MB: so the service only ever opens.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { makeTreePrivate } from './pglite-private-files.js';

/** The child: create the database in the directory it is given, close it, exit. */
const CHILD_SCRIPT = `
const { PGlite } = require(process.argv[1]);
PGlite.create(process.argv[2])
  .then((db) => db.close())
  .then(() => process.exit(0), (err) => { console.error(err && err.stack || String(err)); process.exit(1); });
`;

const INIT_TIMEOUT_MS = 300_000;

export class PgliteInitError extends Error {
  override readonly name = 'PgliteInitError';
}

/** True once initdb has written the directory (PostgreSQL's own marker file). */
export function isPgliteDataDir(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * Makes `dataDir` an initialised PGlite data directory. A missing or empty directory is created
 * in a staging directory beside it and renamed into place, so a crash half-way never leaves a
 * directory that looks initialised; a non-empty one without a database is initialised in place.
 */
export async function ensurePgliteDataDir(dataDir: string): Promise<void> {
  if (isPgliteDataDir(dataDir)) return;
  mkdirSync(dataDir, { recursive: true });
  if (readdirSync(dataDir).length > 0) {
    await initInChild(dataDir);
    makeTreePrivate(dataDir);
    return;
  }
  const staging = join(dirname(dataDir), `.${basename(dataDir)}.init-${String(process.pid)}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    await initInChild(staging);
    makeTreePrivate(staging);
    if (isPgliteDataDir(dataDir)) return; // another process finished first
    rmdirSync(dataDir);
    renameSync(staging, dataDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function initInChild(dir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const child = spawn(process.execPath, ['-e', CHILD_SCRIPT, pglite, dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => {
    stderr = (stderr + b.toString()).slice(-4000);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), INIT_TIMEOUT_MS);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (c) => {
        resolve(c);
      });
    });
    if (code !== 0 || !isPgliteDataDir(dir)) {
      throw new PgliteInitError(
        `creating the PGlite database in ${dir} failed (exit ${String(code)}): ${stderr.trim()}`,
      );
    }
  } finally {
    clearTimeout(timer);
  }
}
