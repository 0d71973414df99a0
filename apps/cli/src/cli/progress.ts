/** How progress is shown: redrawn in place on a terminal, a line now and then in a log, or not at all. */
export type ProgressMode = 'tty' | 'lines' | 'none';

export interface ProgressSnapshot {
  readonly done: number;
  readonly total: number;
  readonly elapsedMs: number;
}

/** `label 3/10 (30%) · 1.5/s · 5s left`; rate and time left once something is done. */
export function formatProgress(label: string, p: ProgressSnapshot): string {
  const percent = p.total > 0 ? Math.floor((p.done / p.total) * 100) : 100;
  const parts = [`${label} ${p.done}/${p.total} (${percent}%)`];
  if (p.done > 0 && p.elapsedMs > 0) {
    const perSecond = p.done / (p.elapsedMs / 1000);
    parts.push(`${perSecond >= 10 ? Math.round(perSecond) : perSecond.toFixed(1)}/s`);
    if (p.done < p.total) parts.push(`${formatDuration(((p.total - p.done) / perSecond) * 1000)} left`);
  }
  return parts.join(' · ');
}

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

export interface Progress {
  /** One more item done. */
  tick(): void;
  /** Ends the display (clears the terminal line, or prints the last line). */
  finish(): void;
}

/** Which mode a command's progress uses: none with --json or for a single item, else by terminal. */
export function progressMode(input: { json: boolean; isTTY: boolean; total: number }): ProgressMode {
  if (input.json || input.total < 2) return 'none';
  return input.isTTY ? 'tty' : 'lines';
}

/**
 * Progress on stderr (stdout stays the command's output): on a terminal one line redrawn in
 * place; otherwise a line at every tenth of the work; nothing in mode `none`.
 */
export function startProgress(input: {
  label: string;
  total: number;
  mode: ProgressMode;
  write: (text: string) => void;
  now?: () => number;
}): Progress {
  const now = input.now ?? Date.now;
  const started = now();
  let done = 0;
  let lastDecile = 0;
  const snapshot = (): ProgressSnapshot => ({ done, total: input.total, elapsedMs: now() - started });
  const draw = (): void => {
    if (input.mode === 'tty') input.write(`\r\x1b[2K${formatProgress(input.label, snapshot())}`);
  };
  draw();
  return {
    tick: () => {
      done++;
      if (input.mode === 'tty') draw();
      if (input.mode === 'lines') {
        const decile = Math.floor((done / Math.max(1, input.total)) * 10);
        if (decile > lastDecile) {
          lastDecile = decile;
          input.write(`${formatProgress(input.label, snapshot())}\n`);
        }
      }
    },
    finish: () => {
      if (input.mode === 'tty') input.write('\r\x1b[2K');
    },
  };
}
