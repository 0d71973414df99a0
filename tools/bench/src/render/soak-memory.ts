import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { setTimeout as sleep } from 'node:timers/promises';
import { BrowserPool, treeMemoryBytes } from '@forage/app-dom-extraction';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

export interface MemoryPoint {
  readonly atPage: number;
  readonly serviceRssMb: number;
  readonly browserMb: number;
  readonly totalMb: number;
  readonly browsers: number;
}

/**
 * Memory at rest: nothing at work, idle pages closed (EXTRACT_PAGE_IDLE_MS), garbage collected.
 * The service is this process (its RSS); the browser is the PSS of every live browser's tree.
 */
export async function restingMemory(pool: BrowserPool, atPage: number): Promise<MemoryPoint> {
  for (let waited = 0; pool.openPageCount() > 0 && waited < 30_000; waited += 100) await sleep(100);
  await sleep(500);
  collectGarbage();
  await sleep(200);
  const pids = pool.browserPids();
  const browserBytes = (await Promise.all(pids.map((pid) => treeMemoryBytes(pid)))).reduce(
    (a, b) => a + b,
    0,
  );
  const serviceRssMb = process.memoryUsage().rss / 1_048_576;
  const browserMb = browserBytes / 1_048_576;
  return { atPage, serviceRssMb, browserMb, totalMb: serviceRssMb + browserMb, browsers: pids.length };
}

/** The same sum, sampled under load (pages open, no garbage collection forced). */
export async function loadedMemoryMb(pool: BrowserPool): Promise<number> {
  const pids = pool.browserPids();
  const browserBytes = (await Promise.all(pids.map((pid) => treeMemoryBytes(pid)))).reduce(
    (a, b) => a + b,
    0,
  );
  return (process.memoryUsage().rss + browserBytes) / 1_048_576;
}
