import type { Element } from 'domhandler';
import { classWeight } from '../clean/hints.js';
import { linkDensity, type TextStats } from '../dom/text-stats.js';
import { forEachElement, isElement, isText, parentElement } from '../dom/tree.js';

const PARAGRAPH_TAGS: ReadonlySet<string> = new Set(['p', 'pre', 'td']);
const CONTAINER_TAGS: ReadonlySet<string> = new Set(['div', 'section', 'article', 'main', 'center']);
const MIN_PARAGRAPH_CHARS = 22;
const ANCESTOR_LEVELS = 5;

function tagWeight(el: Element): number {
  switch (el.name) {
    case 'div':
    case 'article':
    case 'main':
      return 5;
    case 'pre':
    case 'td':
    case 'blockquote':
      return 3;
    case 'address':
    case 'ol':
    case 'ul':
    case 'dl':
    case 'dd':
    case 'dt':
    case 'li':
    case 'form':
      return -3;
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
    case 'th':
      return -5;
    default:
      return 0;
  }
}

/** Characters of text sitting directly in `el` (text nodes and inline children), not in blocks. */
function looseChars(el: Element, stats: ReadonlyMap<Element, TextStats>): { chars: number; commas: number } {
  let chars = 0;
  let commas = 0;
  for (const child of el.children) {
    if (isText(child)) chars += child.data.trim().length;
    else if (isElement(child)) {
      const s = stats.get(child);
      if (
        s !== undefined &&
        !s.hasBlock &&
        !CONTAINER_TAGS.has(child.name) &&
        !PARAGRAPH_TAGS.has(child.name)
      ) {
        chars += s.chars;
        commas += s.commas;
      }
    }
  }
  return { chars, commas };
}

function paragraphScore(chars: number, commas: number): number {
  return 1 + (commas + 1) + Math.min(Math.floor(chars / 85), 3);
}

/**
 * Readability-style candidate scores: every paragraph-like block adds its score to its parent
 * (full), grandparent (half) and further ancestors (decaying); each candidate starts from its
 * tag and class/id weight; the result is scaled by (1 - link density).
 */
export function scoreCandidates(body: Element, stats: ReadonlyMap<Element, TextStats>): Map<Element, number> {
  const raw = new Map<Element, number>();
  const credit = (start: Element | null, score: number): void => {
    let level = 0;
    for (let a = start; a !== null && level < ANCESTOR_LEVELS; a = parentElement(a), level++) {
      if (a.name === 'html') break;
      let current = raw.get(a);
      if (current === undefined) current = tagWeight(a) + classWeight(a);
      const divider = level === 0 ? 1 : level === 1 ? 2 : level * 3;
      raw.set(a, current + score / divider);
    }
  };
  forEachElement(body, (el) => {
    const s = stats.get(el);
    if (s === undefined || s.chars < MIN_PARAGRAPH_CHARS) return;
    if (
      el.name === 'p' ||
      el.name === 'pre' ||
      (!s.hasBlock && (el.name === 'td' || CONTAINER_TAGS.has(el.name)))
    ) {
      credit(parentElement(el), paragraphScore(s.chars, s.commas));
    } else if (s.hasBlock && CONTAINER_TAGS.has(el.name)) {
      const loose = looseChars(el, stats);
      if (loose.chars >= MIN_PARAGRAPH_CHARS) credit(el, paragraphScore(loose.chars, loose.commas));
    }
  });
  const scores = new Map<Element, number>();
  for (const [el, score] of raw) scores.set(el, score * (1 - linkDensity(stats.get(el))));
  return scores;
}
