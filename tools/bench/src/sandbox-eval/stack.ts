import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '@forage/messaging/stack';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

const stateSchema = z.object({
  natsUrl: z.string(),
  /** The operator's NATS identity (`forage up` requires one per client). */
  natsAuth: z
    .object({ user: z.string(), passwordFile: z.string(), caFile: z.string().optional() })
    .optional(),
  gatewayUrl: z.string(),
  sandbox: z.array(z.object({ name: z.string(), origin: z.string() })),
  processes: z.array(z.object({ service: z.string(), opsPort: z.number() })),
});
export type StackInfo = z.infer<typeof stateSchema>;

export interface RunningCliStack {
  readonly info: StackInfo;
  /** The stack's private data directory (for CLI commands such as forage index). */
  readonly dataDir: string;
  stop(): Promise<void>;
}

/**
 * The whole stack as `forage up` starts it (nats-server, the sandbox web, every service as its own
 * process from dist/), in a private data directory; stop() ends it and removes the directory.
 */
export async function startCliStack(
  root: string,
  options: {
    timeoutMs?: number;
    seed?: number;
    /** more `forage up` flags (`--allow ORIGIN`, …) */ upArgs?: readonly string[];
  } = {},
): Promise<RunningCliStack> {
  // forage up's own wait per service (FORAGE_START_TIMEOUT_SECONDS, on a busy machine) plus the rest
  const timeoutMs =
    options.timeoutMs ?? (Number(process.env['FORAGE_START_TIMEOUT_SECONDS'] ?? 90) + 90) * 1000;
  const dataDir = mkdtempSync(join(tmpdir(), 'forage-eval-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(root, 'apps', 'cli', 'dist', 'main.js'),
      'up',
      '--data-dir',
      dataDir,
      '--port',
      String(port),
      ...(options.upArgs ?? []),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        FORAGE_LOG_LEVEL: process.env['FORAGE_LOG_LEVEL'] ?? 'warn',
        // the sandbox web `forage up` serves is this world
        ...(options.seed !== undefined ? { SANDBOX_SEED: String(options.seed) } : {}),
      },
    },
  );
  let output = '';
  child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (!/Forage is up/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`forage up did not come up:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const file = join(dataDir, 'stack.json');
  if (!existsSync(file)) {
    await stop();
    throw new Error('forage up wrote no stack.json');
  }
  const info = stateSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return { info, dataDir, stop };
}
