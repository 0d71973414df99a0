import { liveTree, treeMemoryBytes, treeRssSumBytes } from '@forage/app-dom-extraction';

/** Browser memory per open page, sampled while a pass runs. */
export interface MemorySampler {
  /** Stops sampling; per open page: PSS of the browser's process tree (each page counted once) and the plain RSS sum. */
  stop(): Promise<{ pssPerPageMb: number; rssSumPerPageMb: number; samples: number; processes: number }>;
}

/** Samples every `everyMs` the memory of the browsers' process trees, divided by the pages open. */
export function sampleMemory(input: {
  browserPids: () => number[];
  openPages: () => number;
  everyMs?: number;
}): MemorySampler {
  const pss: number[] = [];
  const rss: number[] = [];
  let processes = 0;
  let busy = false;
  const timer = setInterval(() => {
    const pages = input.openPages();
    const pids = input.browserPids();
    if (busy || pages === 0 || pids.length === 0) return;
    busy = true;
    void Promise.all(pids.map((pid) => treeMemoryBytes(pid)))
      .then((sizes) => {
        pss.push(sizes.reduce((a, b) => a + b, 0) / pages);
        rss.push(pids.reduce((sum, pid) => sum + treeRssSumBytes(pid), 0) / pages);
        processes = Math.max(
          processes,
          pids.reduce((n, pid) => n + liveTree(pid).length, 0),
        );
      })
      .finally(() => {
        busy = false;
      });
  }, input.everyMs ?? 1_000);
  const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  return {
    stop: () => {
      clearInterval(timer);
      return Promise.resolve({
        pssPerPageMb: mean(pss) / 1_048_576,
        rssSumPerPageMb: mean(rss) / 1_048_576,
        samples: pss.length,
        processes,
      });
    },
  };
}
