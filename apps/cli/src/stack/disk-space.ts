import { statfsSync } from 'node:fs';

/** Bytes an unprivileged writer can still write on the file system that holds `dir`. */
export function freeBytes(dir: string): number | undefined {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return undefined;
  }
}

/** `ENOSPC` (or a quota's `EDQUOT`): the disk is full, not the file broken. */
export function isDiskFull(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/**
 * Checks the data directory's free space every `intervalMs` and calls `onFull` once when it falls
 * below `minFreeBytes`. Services write there (JetStream, PGlite, evidence); stopping before they
 * fail mid-write keeps what was stored consistent.
 */
export function watchDiskSpace(input: {
  dir: string;
  minFreeBytes: number;
  intervalMs?: number;
  onFull: (free: number) => void;
}): { stop(): void } {
  let fired = false;
  const timer = setInterval(() => {
    const free = freeBytes(input.dir);
    if (fired || free === undefined || free >= input.minFreeBytes) return;
    fired = true;
    input.onFull(free);
  }, input.intervalMs ?? 1_000);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
    },
  };
}
