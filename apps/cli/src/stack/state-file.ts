import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { rememberStackNatsAuth } from './nats-auth.js';

export const stackStateSchema = z.object({
  supervisorPid: z.number().int(),
  startedAt: z.string(),
  natsUrl: z.string(),
  natsMonitorUrl: z.string(),
  /** The CLI's NATS identity (its password stays in its own 0600 file). */
  natsAuth: z
    .object({ user: z.string(), passwordFile: z.string(), caFile: z.string().optional() })
    .optional(),
  /** The verifier's public key (base64 DER): only verdicts it signed are shown as verified. */
  verdictPublicKey: z.string().optional(),
  /** Times the supervisor restarted nats-server after it exited. */
  natsRestarts: z.number().int().default(0),
  gatewayUrl: z.string(),
  sandbox: z.array(z.object({ name: z.string(), origin: z.string() })),
  processes: z.array(
    z.object({
      service: z.string(),
      replica: z.number().int(),
      pid: z.number().int(),
      opsPort: z.number().int(),
      /** Times the supervisor restarted this replica after it exited. */
      restarts: z.number().int().default(0),
    }),
  ),
});
export type StackState = z.infer<typeof stackStateSchema>;
export type StackStateInput = z.input<typeof stackStateSchema>;

const FILE = 'stack.json';

/** Written owner-only (it names the NATS URL) and replaced atomically, so a reader never sees half a file. */
export function writeStackState(dataDir: string, state: StackStateInput): void {
  const path = join(dataDir, FILE);
  const next = `${path}.${process.pid}.tmp`;
  writeFileSync(next, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  chmodSync(next, 0o600);
  renameSync(next, path);
}

/** The running stack's state, or undefined when none is running (or its supervisor is gone). */
export function readStackState(dataDir: string): StackState | undefined {
  const path = join(dataDir, FILE);
  if (!existsSync(path)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
  const parsed = stackStateSchema.safeParse(raw);
  if (!parsed.success || !isAlive(parsed.data.supervisorPid)) return undefined;
  rememberStackNatsAuth(parsed.data.natsUrl, parsed.data.natsAuth);
  return parsed.data;
}

export function removeStackState(dataDir: string): void {
  rmSync(join(dataDir, FILE), { force: true });
}

/** The process runs (a zombie, exited but not yet reaped by its parent, does not count). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}
