import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isAlive } from './state-file.js';

/**
 * Processes a previous stack on the same data directory left running (its supervisor was killed
 * before it could stop them): a nats-server storing in `<dataDir>/nats`, or a service or sandbox
 * the stack marked with `STACK_MARKER=<dataDir>`. Two nats-servers on one JetStream store corrupt
 * it, so the next `forage up` stops these before it starts anything.
 */
export const STACK_MARKER = 'FORAGE_SUPERVISED';

export interface Leftover {
  readonly pid: number;
  readonly command: string;
}

/** Reads /proc (Linux); elsewhere there is nothing to find. */
export function findLeftovers(dataDir: string, procDir = '/proc'): Leftover[] {
  const dir = resolve(dataDir);
  const store = join(dir, 'nats');
  let entries: string[];
  try {
    entries = readdirSync(procDir).filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const found: Leftover[] = [];
  for (const entry of entries) {
    const pid = Number(entry);
    if (pid === process.pid) continue;
    const args = readNulList(join(procDir, entry, 'cmdline'));
    if (args.length === 0) continue;
    const env = readNulList(join(procDir, entry, 'environ'));
    const storeAt = args.indexOf('-sd');
    const natsOnStore =
      storeAt >= 0 && args[storeAt + 1] !== undefined && resolve(args[storeAt + 1] ?? '') === store;
    const marked = env.includes(`${STACK_MARKER}=${dir}`);
    if (natsOnStore || marked) found.push({ pid, command: args.join(' ') });
  }
  return found;
}

/** SIGTERM, then SIGKILL after `graceMs` for whatever still runs; returns what was stopped. */
export async function stopLeftovers(dataDir: string, graceMs = 5_000): Promise<Leftover[]> {
  const leftovers = findLeftovers(dataDir);
  for (const l of leftovers) signal(l.pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (leftovers.some((l) => isAlive(l.pid)) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const l of leftovers) if (isAlive(l.pid)) signal(l.pid, 'SIGKILL');
  return leftovers;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

function readNulList(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}
