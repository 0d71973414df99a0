import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { threadIdSchema } from '@forage/contracts';

/** The conversation `forage ask --continue` continues: the last one asked from this data directory. */
const FILE = 'last-thread.json';
const lastThreadSchema = z.object({ threadId: threadIdSchema, at: z.string() });

export function readLastThread(dataDir: string): string | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8'));
  } catch {
    return undefined;
  }
  const parsed = lastThreadSchema.safeParse(raw);
  return parsed.success ? parsed.data.threadId : undefined;
}

export function writeLastThread(dataDir: string, threadId: string): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, FILE), `${JSON.stringify({ threadId, at: new Date().toISOString() })}\n`);
}
