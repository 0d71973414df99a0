import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';

const readySchema = z.object({
  event: z.literal('sandbox.ready'),
  sites: z.array(z.object({ name: z.string(), origin: z.string() })),
});

export interface RunningSandboxProcess {
  readonly sites: readonly { name: string; origin: string }[];
  readonly process: ChildProcess;
}

/** The sandbox web as its own process (libs/sandbox/dist/main.js), as `forage up` runs it. */
export async function startSandboxProcess(root: string): Promise<RunningSandboxProcess> {
  const child = spawn(process.execPath, [join(root, 'libs', 'sandbox', 'dist', 'main.js')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  try {
    for await (const line of createInterface({ input: child.stdout })) {
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        continue;
      }
      const parsed = readySchema.safeParse(json);
      if (parsed.success) {
        child.stdout.resume();
        return { sites: parsed.data.sites, process: child };
      }
    }
  } finally {
    clearTimeout(timer);
  }
  throw new Error('the sandbox web exited before it was ready');
}
