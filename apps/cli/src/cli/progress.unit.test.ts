import { formatDuration, formatProgress, progressMode, startProgress } from './progress.js';

describe('progress', () => {
  it('shows done/total, rate and time left', () => {
    expect(formatProgress('pages', { done: 0, total: 40, elapsedMs: 0 })).toBe('pages 0/40 (0%)');
    expect(formatProgress('pages', { done: 10, total: 40, elapsedMs: 5_000 })).toBe(
      'pages 10/40 (25%) · 2.0/s · 15s left',
    );
    expect(formatProgress('pages', { done: 40, total: 40, elapsedMs: 2_000 })).toBe(
      'pages 40/40 (100%) · 20/s',
    );
    expect(formatDuration(125_000)).toBe('2m05s');
    expect(formatDuration(3_725_000)).toBe('1h02m');
  });

  it('is redrawn on a terminal, line-based in a log, and absent with --json or one item', () => {
    expect(progressMode({ json: true, isTTY: true, total: 10 })).toBe('none');
    expect(progressMode({ json: false, isTTY: true, total: 1 })).toBe('none');
    expect(progressMode({ json: false, isTTY: true, total: 10 })).toBe('tty');
    expect(progressMode({ json: false, isTTY: false, total: 10 })).toBe('lines');
  });

  it('writes a line at each tenth of the work when not on a terminal', () => {
    const out: string[] = [];
    let t = 0;
    const p = startProgress({
      label: 'files',
      total: 20,
      mode: 'lines',
      write: (s) => out.push(s),
      now: () => t,
    });
    for (let i = 0; i < 20; i++) {
      t += 100;
      p.tick();
    }
    p.finish();
    expect(out).toHaveLength(10);
    expect(out[0]).toBe('files 2/20 (10%) · 10/s · 2s left\n');
    expect(out.at(-1)).toBe('files 20/20 (100%) · 10/s\n');
  });

  it('redraws one line in place on a terminal and clears it at the end', () => {
    const out: string[] = [];
    const p = startProgress({
      label: 'urls',
      total: 3,
      mode: 'tty',
      write: (s) => out.push(s),
      now: () => 0,
    });
    p.tick();
    p.finish();
    expect(out).toEqual(['\r\x1b[2Kurls 0/3 (0%)', '\r\x1b[2Kurls 1/3 (33%)', '\r\x1b[2K']);
  });

  it('writes nothing in mode none', () => {
    const out: string[] = [];
    const p = startProgress({ label: 'x', total: 5, mode: 'none', write: (s) => out.push(s) });
    p.tick();
    p.finish();
    expect(out).toEqual([]);
  });
});
