import { readFileSync } from 'node:fs';
import { readProcessTable } from '@forage/app-dom-extraction';

/** What identifies one launched browser's processes: its pid (their process group) and profile dir. */
export interface BrowserMark {
  readonly pid: number;
  readonly profileDir: string | null;
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

export function markOf(pid: number): BrowserMark {
  return { pid, profileDir: /--user-data-dir=(\S+)/.exec(cmdline(pid))?.[1] ?? null };
}

export interface Census {
  /** Live processes that belong to a browser we launched (its group, or naming its profile dir). */
  readonly alive: { pid: number; comm: string }[];
  /** Zombies among those, and zombies whose parent is this process. */
  readonly zombies: { pid: number; comm: string; ppid: number }[];
}

/**
 * Everything left of the browsers in `marks`, anywhere on the machine: members of their process
 * groups, and processes (crashpad handlers, which leave the group on purpose) naming their
 * profile directory; zombies counted apart.
 */
export function census(marks: readonly BrowserMark[]): Census {
  const groups = new Set(marks.map((m) => m.pid));
  const dirs = marks.map((m) => m.profileDir).filter((d): d is string => d !== null);
  const alive: Census['alive'] = [];
  const zombies: Census['zombies'] = [];
  for (const entry of readProcessTable()) {
    const ours =
      groups.has(entry.pgrp) ||
      entry.ppid === process.pid ||
      (dirs.length > 0 && dirs.some((dir) => cmdline(entry.pid).includes(dir)));
    if (!ours || !/chrom/i.test(entry.comm)) continue;
    if (entry.state === 'Z') zombies.push({ pid: entry.pid, comm: entry.comm, ppid: entry.ppid });
    else alive.push({ pid: entry.pid, comm: entry.comm });
  }
  return { alive, zombies };
}
