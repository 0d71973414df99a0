import { spawn } from 'node:child_process';
import { drainInto } from './child-processes.js';

describe('a child whose log file cannot be written', () => {
  it('reports the error and keeps draining, so neither the supervisor nor the child stops', async () => {
    // /dev/full answers every write with ENOSPC, as a full disk does
    const child = spawn(
      process.execPath,
      ['-e', "process.stdout.write('x'.repeat(4 * 1024 * 1024)); console.error('done')"],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const errors: string[] = [];
    drainInto(child, '/dev/full', (err) => errors.push((err as NodeJS.ErrnoException).code ?? err.message));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(errors).toEqual(['ENOSPC']);
  });
});
