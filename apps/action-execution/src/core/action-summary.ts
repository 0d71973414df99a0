import type { ActionTarget, PageAction } from '@forage/contracts';

/** What may be logged about an action: its type and target, never a typed, selected or pressed value. */
export interface ActionSummary {
  readonly action: PageAction['type'];
  readonly locator: string | null;
  readonly target: ActionTarget | null;
  readonly targetUrl: string | null;
  readonly valueSource: 'literal' | 'secret' | null;
}

export function summarizeAction(action: PageAction): ActionSummary {
  return {
    action: action.type,
    locator: 'locator' in action ? (action.locator ?? null) : null,
    target: 'target' in action ? (action.target ?? null) : null,
    targetUrl: action.type === 'goto' ? action.url : null,
    valueSource: action.type === 'fill' ? (typeof action.value === 'string' ? 'literal' : 'secret') : null,
  };
}

// eslint-disable-next-line no-control-regex -- Playwright colours its call log with ANSI escapes
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * A short, single-paragraph account of why a browser call failed: the first line of the error
 * and its call log, without stack frames or terminal colours.
 */
export function failureDetail(err: unknown, maxLength = 1_000): string {
  const message = err instanceof Error ? err.message : String(err);
  const lines = message
    .replace(ANSI, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const head = lines[0] ?? 'action failed';
  const callLog = lines.filter((l) => l.startsWith('- ')).slice(0, 5);
  const text = [head, ...callLog].join(' ');
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
