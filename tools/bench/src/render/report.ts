import { summarize } from '../stats.js';
import type { PassResult } from './concurrently.js';

export interface SideFigures {
  readonly pagesPerS: number;
  readonly p50: number;
  readonly p99: number;
  readonly failures: number;
}

export function figures(pass: PassResult, pages: number): SideFigures {
  const stats = summarize(pass.latenciesMs);
  return {
    pagesPerS: (pages / pass.wallMs) * 1_000,
    p50: stats.p50,
    p99: stats.p99,
    failures: pass.failures,
  };
}

export function line(label: string, f: SideFigures, firstError: string | null): string {
  const failures = f.failures > 0 ? `  failures ${f.failures} (${firstError ?? ''})` : '';
  return `  ${label.padEnd(34)} ${f.pagesPerS.toFixed(2).padStart(6)} pages/s   p50 ${f.p50.toFixed(0).padStart(5)} ms   p99 ${f.p99.toFixed(0).padStart(5)} ms${failures}`;
}
