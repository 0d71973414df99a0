import { parseProcStat, parsePss, parseVmRss, processTree, type ProcStat } from './proc-stat.js';

describe('/proc parsing', () => {
  it('reads a stat line, even with spaces and parentheses in the command name', () => {
    expect(parseProcStat('4242 (chromium) S 4200 4242 4242 0 -1 4194560 1 0')).toEqual({
      pid: 4242,
      comm: 'chromium',
      state: 'S',
      ppid: 4200,
      pgrp: 4242,
    });
    expect(parseProcStat('77 (Web Content (x)) Z 1 70 70 0')).toMatchObject({
      comm: 'Web Content (x)',
      state: 'Z',
      ppid: 1,
    });
    expect(parseProcStat('garbage')).toBeNull();
  });

  it('reads VmRSS in bytes', () => {
    expect(parseVmRss('Name:\tchromium\nVmRSS:\t  123456 kB\nRssAnon:\t1 kB\n')).toBe(123_456 * 1_024);
    expect(parseVmRss('Name:\tkthreadd\n')).toBeNull();
  });

  it('reads Pss (not Pss_Anon) from smaps_rollup', () => {
    const rollup =
      '00400000-7fff [rollup]\nRss:              200 kB\nPss:               80 kB\nPss_Anon:          20 kB\n';
    expect(parsePss(rollup)).toBe(80 * 1_024);
    expect(parsePss('')).toBeNull();
  });

  it('finds a process tree by parent links', () => {
    const p = (pid: number, ppid: number): ProcStat => ({ pid, ppid, comm: 'c', state: 'S', pgrp: 10 });
    const table = [p(1, 0), p(10, 5), p(11, 10), p(12, 10), p(13, 12), p(20, 1)];
    expect(
      processTree(10, table)
        .map((e) => e.pid)
        .sort(),
    ).toEqual([10, 11, 12, 13]);
    expect(processTree(99, table)).toEqual([]);
  });
});
