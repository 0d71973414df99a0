import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const stackStateSchema = z.object({
  supervisorPid: z.number().int(),
  startedAt: z.string(),
  natsUrl: z.string(),
  natsMonitorUrl: z.string(),
  gatewayUrl: z.string(),
  sandbox: z.array(z.object({ name: z.string(), origin: z.string() })),
  processes: z.array(
    z.object({
      service: z.string(),
      replica: z.number().int(),
      pid: z.number().int(),
      opsPort: z.number().int(),
    }),
  ),
});
export type StackState = z.infer<typeof stackStateSchema>;

const FILE = 'stack.json';

export function writeStackState(dataDir: string, state: StackState): void {
  writeFileSync(join(dataDir, FILE), `${JSON.stringify(state, null, 2)}\n`);
}

/** The running stack's state, or undefined when none is running (or its supervisor is gone). */
export function readStackState(dataDir: string): StackState | undefined {
  const path = join(dataDir, FILE);
  if (!existsSync(path)) return undefined;
  const parsed = stackStateSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success || !isAlive(parsed.data.supervisorPid)) return undefined;
  return parsed.data;
}

export function removeStackState(dataDir: string): void {
  rmSync(join(dataDir, FILE), { force: true });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
