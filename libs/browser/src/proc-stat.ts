/**
 * Reading Linux /proc, pure: one line of /proc/<pid>/stat, the VmRSS of /proc/<pid>/status, and a
 * process tree from a table of stat entries. The adapter reads the files.
 */

export interface ProcStat {
  readonly pid: number;
  readonly comm: string;
  /** R, S, D, Z (zombie), T, … */
  readonly state: string;
  readonly ppid: number;
  readonly pgrp: number;
}

/** `pid (comm) state ppid pgrp …`; comm may hold spaces and parentheses, so it ends at the last ')'. */
export function parseProcStat(line: string): ProcStat | null {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const pid = Number(line.slice(0, open).trim());
  const [state, ppid, pgrp] = line
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  if (!Number.isInteger(pid) || state === undefined || ppid === undefined || pgrp === undefined) return null;
  return { pid, comm: line.slice(open + 1, close), state, ppid: Number(ppid), pgrp: Number(pgrp) };
}

/** Resident set size in bytes from /proc/<pid>/status, or null (a kernel thread, a zombie). */
export function parseVmRss(status: string): number | null {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) * 1_024 : null;
}

/**
 * Proportional set size in bytes from /proc/<pid>/smaps_rollup: resident pages, each shared page
 * divided among the processes sharing it, so summing it over a process tree counts each page once.
 */
export function parsePss(smapsRollup: string): number | null {
  const match = /^Pss:\s+(\d+)\s+kB/m.exec(smapsRollup);
  return match ? Number(match[1]) * 1_024 : null;
}

/** `root` and every process below it, by parent links. */
export function processTree(root: number, table: readonly ProcStat[]): ProcStat[] {
  const children = new Map<number, ProcStat[]>();
  for (const entry of table) {
    const siblings = children.get(entry.ppid);
    if (siblings) siblings.push(entry);
    else children.set(entry.ppid, [entry]);
  }
  const rootEntry = table.find((entry) => entry.pid === root);
  const tree: ProcStat[] = rootEntry ? [rootEntry] : [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const child of children.get(pid) ?? []) {
      tree.push(child);
      queue.push(child.pid);
    }
  }
  return tree;
}
