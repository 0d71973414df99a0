import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePgliteDataDir, isPgliteDataDir, PgliteInitError } from './pglite-init.js';
import { openSharedPglite } from './pglite-log-repository.js';

/** Proportional set size of this process, in MB. */
function pssMb(): number {
  const m = /^Pss:\s+(\d+)/m.exec(readFileSync('/proc/self/smaps_rollup', 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
}

describe('a new PGlite data directory is created in a child process', () => {
  const root = mkdtempSync(join(tmpdir(), 'forage-pglite-init-'));
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('initialises a missing directory without initdb memory in this process, and leaves no staging directory', async () => {
    const dir = join(root, 'logging');
    const before = pssMb();
    await ensurePgliteDataDir(dir);
    // initdb inside WebAssembly leaves ~700 MB behind in the process that runs it
    expect(pssMb() - before).toBeLessThan(200);
    expect(isPgliteDataDir(dir)).toBe(true);
    expect(readdirSync(root)).toEqual(['logging']);

    const db = await openSharedPglite(dir);
    await db.exec('create table kept (x int); insert into kept values (7)');
    await db.close();
    await ensurePgliteDataDir(dir); // already a database: left alone
    const again = await openSharedPglite(dir);
    await expect(again.query('select x from kept')).resolves.toEqual([{ x: 7 }]);
    await again.close();
  }, 180_000);

  it("fails with PgliteInitError carrying the child's error when initdb cannot write the directory", async () => {
    const dir = join(root, 'broken');
    mkdirSync(dir);
    // initdb needs base/ as a directory
    writeFileSync(join(dir, 'base'), 'not a directory');
    const failure = ensurePgliteDataDir(dir);
    await expect(failure).rejects.toBeInstanceOf(PgliteInitError);
    await expect(failure).rejects.toThrow(/creating the PGlite database in .*broken failed/);
    expect(isPgliteDataDir(dir)).toBe(false);
  }, 180_000);
});
