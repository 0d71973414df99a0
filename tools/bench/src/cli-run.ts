import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
}

/** One `forage …` command as a user types it (the built CLI), killed after `timeoutMs`. */
export function runCli(root: string, args: readonly string[], timeoutMs: number): Promise<CliResult> {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(root, 'apps', 'cli', 'dist', 'main.js'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, seconds: (performance.now() - started) / 1000 });
    });
  });
}

/** The last line of a command's output as JSON (what `--json` commands print), or null. */
export function lastJsonLine(stdout: string): unknown {
  const line = stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
