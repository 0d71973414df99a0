import type { Element } from 'domhandler';
import { attr } from './dom.js';
import { roleOf } from './visibility.js';

const MAX_HEADING_CHARS = 500;

/** The level (1–6) of an <h1>…<h6> or role=heading element, or undefined for anything else. */
export function headingLevel(el: Element): number | undefined {
  const match = /^h([1-6])$/.exec(el.name);
  if (match?.[1]) return Number(match[1]);
  if (roleOf(el) !== 'heading') return undefined;
  const level = Number.parseInt(attr(el, 'aria-level') ?? '2', 10);
  return Number.isFinite(level) ? Math.min(6, Math.max(1, level)) : 2;
}

/** The open headings at the current point of the document, outermost first. */
export class HeadingTrail {
  private readonly levels: (string | undefined)[] = [];

  enter(level: number, text: string): void {
    if (!text) return;
    this.levels.length = level - 1;
    this.levels[level - 1] = text.slice(0, MAX_HEADING_CHARS);
  }

  path(): string[] {
    return this.levels.filter((t): t is string => t !== undefined);
  }
}
