import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseProcStat, parsePss, parseVmRss, processTree, type ProcStat } from './proc-stat.js';

/** Every process /proc shows now (processes that exit while we read are skipped). */
export function readProcessTable(): ProcStat[] {
  const table: ProcStat[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return table;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readQuietly(`/proc/${name}/stat`);
    const parsed = stat === null ? null : parseProcStat(stat);
    if (parsed) table.push(parsed);
  }
  return table;
}

function readQuietly(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The process whose command line carries `marker` (a flag only one launch used), if it is alive. */
export function findProcessByMarker(marker: string): number | null {
  for (const entry of readProcessTable()) {
    if (entry.state === 'Z') continue;
    const cmdline = readQuietly(`/proc/${entry.pid}/cmdline`);
    if (cmdline?.split('\0').includes(marker)) return entry.pid;
  }
  return null;
}

/** Live (not zombie) processes at or below `root`. */
export function liveTree(root: number): ProcStat[] {
  return processTree(root, readProcessTable()).filter((entry) => entry.state !== 'Z');
}

/** Memory of a process tree as the plain sum of its processes' RSS (shared pages count once per process). */
export function treeRssSumBytes(root: number): number {
  let total = 0;
  for (const entry of liveTree(root))
    total += parseVmRss(readQuietly(`/proc/${entry.pid}/status`) ?? '') ?? 0;
  return total;
}

/**
 * Memory of a process tree with every resident page counted once: the sum of the processes' PSS.
 * Read asynchronously (the kernel walks every mapping, ~10 ms per Chromium process); falls back
 * to the process's RSS where smaps_rollup cannot be read.
 */
export async function treeMemoryBytes(root: number): Promise<number> {
  const sizes = await Promise.all(
    liveTree(root).map(async (entry) => {
      const rollup = await readFile(`/proc/${entry.pid}/smaps_rollup`, 'utf8').catch(() => '');
      return parsePss(rollup) ?? parseVmRss(readQuietly(`/proc/${entry.pid}/status`) ?? '') ?? 0;
    }),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

/**
 * SIGKILLs what is left of a browser: its process tree and every live member of its process group
 * (Playwright starts Chromium as a group leader; renderers whose parent died stay in the group).
 * Returns how many processes it signalled.
 */
export function killBrowserProcesses(pid: number): number {
  const table = readProcessTable();
  const targets = new Set<number>();
  for (const entry of processTree(pid, table)) if (entry.state !== 'Z') targets.add(entry.pid);
  for (const entry of table) if (entry.pgrp === pid && entry.state !== 'Z') targets.add(entry.pid);
  let signalled = 0;
  for (const target of targets) {
    try {
      process.kill(target, 'SIGKILL');
      signalled++;
    } catch {
      // gone already
    }
  }
  return signalled;
}
