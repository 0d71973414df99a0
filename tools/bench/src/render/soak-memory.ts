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
 * Memory at a quiet moment: nothing at work, idle pages reset, garbage collected. The service is
 * this process (its RSS); the browser is the PSS of every live browser's process tree.
 */
export async function quietMemory(pool: BrowserPool, atPage: number): Promise<MemoryPoint> {
  await sleep(1_000);
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
