import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data directory holds the evidence key, NATS passwords, the JetStream store and the log
 * database: everything in it is the owner's alone. `restrictNewFiles` makes every file the
 * supervisor and its children create later owner-only (the umask is inherited, so PGlite's and
 * nats-server's files are covered); `makePrivate` fixes what an older version left readable.
 */
export function restrictNewFiles(): void {
  process.umask(0o077);
}

/** Files 0600 (owner-executable ones 0700), directories 0700; symlinks are left alone. */
export function makePrivate(dir: string): void {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  chmodQuietly(dir, 0o700);
  for (const name of entries) {
    const path = join(dir, name);
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) makePrivate(path);
    else chmodQuietly(path, stat.mode & 0o100 ? 0o700 : 0o600);
  }
}

function chmodQuietly(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch {
    // a file removed meanwhile, or on a file system without modes
  }
}
