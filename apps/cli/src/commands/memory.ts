import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { taskMemory, type MemoryEntry } from '@forage/contracts';
import { withStack } from '../stack/connect.js';
import { EX_DATAERR, EX_USAGE } from './exit-codes.js';

/** The memory bank's bucket, or undefined when no run has kept anything yet. */
async function bucket(nc: NatsConnection): Promise<KV | undefined> {
  try {
    const kv = await new Kvm(nc).open(taskMemory.bucket);
    await kv.status();
    return kv;
  } catch {
    return undefined;
  }
}

/** Every unexpired entry, sorted by key; an expired one is not shown (expiry is enforced on read). */
export async function listMemory(nc: NatsConnection, now = Date.now()): Promise<MemoryEntry[]> {
  const kv = await bucket(nc);
  if (!kv) return [];
  const out: MemoryEntry[] = [];
  for await (const key of await kv.keys()) {
    const stored = await kv.get(key);
    if (!stored || stored.operation !== 'PUT') continue;
    const parsed = taskMemory.entry.safeParse(parseOrNull(stored.string()));
    if (parsed.success && Date.parse(parsed.data.expiresAt) > now) out.push(parsed.data);
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/** Removes one entry (its value and history); false when memory does not hold it. */
export async function forgetMemory(nc: NatsConnection, key: string): Promise<boolean> {
  const kv = await bucket(nc);
  if (!kv || !taskMemory.entry.shape.key.safeParse(key).success) return false;
  const stored = await kv.get(key);
  if (!stored || stored.operation !== 'PUT') return false;
  await kv.purge(key);
  return true;
}

/** Removes every entry; returns how many there were. */
export async function clearMemory(nc: NatsConnection): Promise<number> {
  const kv = await bucket(nc);
  if (!kv) return 0;
  let removed = 0;
  for await (const key of await kv.keys()) {
    await kv.purge(key);
    removed++;
  }
  return removed;
}

/** One line per entry, with the site it was given for; a secret is shown only as "(secret)", never its handle's value. */
export function memoryLine(entry: MemoryEntry): string {
  const value = typeof entry.value === 'string' ? entry.value : '(secret)';
  const site = entry.origin ? ` for ${entry.origin}` : '';
  return `${entry.key.padEnd(18)} ${value.slice(0, 80).padEnd(32)} until ${entry.expiresAt}  (${entry.label})${site}`;
}

/** `forage memory list [--json] | forget <key> | clear` against the running stack. */
export async function memoryCommand(input: {
  positionals: readonly string[];
  dataDir: string;
  json: boolean;
  write: (line: string) => void;
  warn: (line: string) => void;
}): Promise<number> {
  const [action, key] = input.positionals;
  if (!(action === 'list' || action === 'clear' || (action === 'forget' && key))) {
    input.warn('usage: forage memory list [--json] | forage memory forget <key> | forage memory clear');
    return EX_USAGE;
  }
  return withStack({ dataDir: input.dataDir, command: 'memory', warn: input.warn }, async (nc) => {
    if (action === 'list') {
      const entries = await listMemory(nc);
      const shown = entries.map((e) => ({ ...e, value: typeof e.value === 'string' ? e.value : '(secret)' }));
      if (input.json) input.write(JSON.stringify(shown));
      else if (entries.length === 0) input.write('memory is empty');
      else for (const e of entries) input.write(memoryLine(e));
      return 0;
    }
    if (action === 'clear') {
      input.write(`forgot ${String(await clearMemory(nc))} entries`);
      return 0;
    }
    if (!(await forgetMemory(nc, key ?? ''))) {
      input.warn(`forage memory: no entry "${key ?? ''}"; see forage memory list`);
      return EX_DATAERR;
    }
    input.write(`forgot ${key ?? ''}`);
    return 0;
  });
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
