import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { isAlive } from './state-file.js';

/** Another `forage up` holds this data directory. */
export class StackLockedError extends Error {
  override readonly name = 'StackLockedError';
}

const lockSchema = z.object({ pid: z.number().int(), gatewayUrl: z.string(), startedAt: z.string() });
export type StackLockInfo = z.infer<typeof lockSchema>;

const FILE = 'stack.lock';

/** The data directory holds the evidence key, NATS credentials and the log store: owner only. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Takes the data directory for this process: one stack per data directory, because two stacks
 * would share the JetStream store, the log database and stack.json. A lock left by a process
 * that no longer runs is taken over.
 */
export function acquireStackLock(dataDir: string, info: Omit<StackLockInfo, 'pid'>): { release(): void } {
  ensurePrivateDir(dataDir);
  const path = join(dataDir, FILE);
  const mine: StackLockInfo = { pid: process.pid, ...info };
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLock(path);
      // a lock that does not parse yet may be one another `forage up` is writing right now
      if (!holder && isFresh(path)) {
        throw new StackLockedError(
          `another Forage stack is starting in ${dataDir} (${path} was just created)`,
        );
      }
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new StackLockedError(
          `a Forage stack is already running in ${dataDir} (pid ${holder.pid}, ${holder.gatewayUrl}, since ${holder.startedAt}); stop it with \`forage down\` or use another --data-dir`,
        );
      }
      rmSync(path, { force: true });
      continue;
    }
    writeSync(fd, `${JSON.stringify(mine)}\n`);
    closeSync(fd);
    return {
      release: () => {
        if (readLock(path)?.pid === process.pid) rmSync(path, { force: true });
      },
    };
  }
  throw new StackLockedError(`could not take the lock ${path}: another process keeps creating it`);
}

/** Who holds the data directory, if the holder still runs. */
export function readStackLock(dataDir: string): StackLockInfo | undefined {
  const holder = readLock(join(dataDir, FILE));
  return holder && isAlive(holder.pid) ? holder : undefined;
}

function isFresh(path: string, withinMs = 5_000): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs < withinMs;
  } catch {
    return false;
  }
}

function readLock(path: string): StackLockInfo | undefined {
  try {
    const parsed = lockSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
