import type { Element } from 'domhandler';
import { isProseRich, linkDensity, type TextStats } from '../dom/text-stats.js';
import { childElements, forEachElement, parentElement, rawText } from '../dom/tree.js';

const TOP_CANDIDATES = 5;
/** Siblings that are never more of the article, whatever they score (captions, chrome). */
const NOT_BODY: ReadonlySet<string> = new Set([
  'figure',
  'figcaption',
  'aside',
  'nav',
  'header',
  'footer',
  'form',
  'h1',
]);
const SHARED_ANCESTOR_VOTES = 3;

function ancestors(el: Element): Element[] {
  const out: Element[] = [];
  for (let a = parentElement(el); a !== null; a = parentElement(a)) out.push(a);
  return out;
}

function isRoot(el: Element | null): boolean {
  return el === null || el.name === 'body' || el.name === 'html';
}

/**
 * The best-scoring candidate, moved up to a common ancestor when several near-best candidates
 * share it (an article split into sections), or to a parent that scores higher still.
 */
export function topCandidate(scores: ReadonlyMap<Element, number>): Element | null {
  const ranked = [...scores].sort((a, b) => b[1] - a[1]).slice(0, TOP_CANDIDATES);
  const first = ranked[0];
  if (first === undefined || first[1] <= 0) return null;
  let [top, topScore] = first;
  if (isRoot(top)) return top;

  const alternatives = ranked
    .slice(1)
    .filter(([, s]) => s / topScore >= 0.75)
    .map(([el]) => new Set(ancestors(el)));
  if (alternatives.length >= SHARED_ANCESTOR_VOTES) {
    for (let p = parentElement(top); !isRoot(p) && p !== null; p = parentElement(p)) {
      const node = p;
      if (alternatives.filter((set) => set.has(node)).length >= SHARED_ANCESTOR_VOTES) {
        top = node;
        topScore = scores.get(node) ?? topScore;
        break;
      }
    }
  }

  let lastScore = scores.get(top) ?? topScore;
  const threshold = lastScore / 3;
  for (let p = parentElement(top); !isRoot(p) && p !== null; p = parentElement(p)) {
    const parentScore = scores.get(p);
    if (parentScore === undefined) continue;
    if (parentScore < threshold) break;
    if (parentScore > lastScore) {
      top = p;
      break;
    }
    lastScore = parentScore;
  }

  for (
    let p = parentElement(top);
    !isRoot(p) && p !== null && childElements(p).length === 1;
    p = parentElement(p)
  )
    top = p;
  return top;
}

/**
 * The top candidate plus its siblings that look like more of the same article (well scored, the
 * same class, or prose paragraphs), in document order.
 */
export function withSiblings(input: {
  top: Element;
  scores: ReadonlyMap<Element, number>;
  stats: ReadonlyMap<Element, TextStats>;
}): Element[] {
  const { top, scores, stats } = input;
  const parent = parentElement(top);
  if (parent === null || isRoot(top)) return [top];
  const topScore = scores.get(top) ?? 0;
  const threshold = Math.max(10, topScore * 0.2);
  const topClass = top.attribs['class'] ?? '';
  const out: Element[] = [];
  for (const sibling of childElements(parent)) {
    if (sibling === top) {
      out.push(sibling);
      continue;
    }
    if (NOT_BODY.has(sibling.name)) continue;
    const sameClass = topClass !== '' && sibling.attribs['class'] === topClass;
    const bonus = sameClass ? topScore * 0.2 : 0;
    const score = scores.get(sibling);
    const s = stats.get(sibling);
    const ld = linkDensity(s);
    const chars = s?.chars ?? 0;
    if (score !== undefined && score + bonus >= threshold) out.push(sibling);
    else if (sameClass && s !== undefined && s.paras > 0 && ld < 0.25) out.push(sibling);
    else if (s !== undefined && isProseRich(s) && ld < 0.2) out.push(sibling);
    else if (sibling.name === 'p') {
      if (chars > 70 && ld < 0.25) out.push(sibling);
      else if (chars > 0 && chars <= 70 && ld === 0 && /\.( |$)/.test(rawText(sibling))) out.push(sibling);
    }
  }
  return out;
}

function contains(ancestor: Element, el: Element): boolean {
  for (let a: Element | null = el; a !== null; a = parentElement(a)) if (a === ancestor) return true;
  return false;
}

/**
 * Blocks elsewhere in the page with the top candidate's exact tag and class, scoring well and
 * light on links: the other chunks of an article that the layout split into several columns.
 */
export function withCousins(input: {
  body: Element;
  top: Element;
  roots: readonly Element[];
  scores: ReadonlyMap<Element, number>;
  stats: ReadonlyMap<Element, TextStats>;
}): Element[] {
  const { body, top, roots, scores, stats } = input;
  const cls = top.attribs['class'];
  if (cls === undefined || cls.trim() === '' || isRoot(top)) return [...roots];
  const threshold = Math.max(10, (scores.get(top) ?? 0) * 0.2);
  const out: Element[] = [];
  forEachElement(body, (el) => {
    if (roots.includes(el)) out.push(el);
    else if (
      el.name === top.name &&
      el.attribs['class'] === cls &&
      (scores.get(el) ?? 0) >= threshold &&
      linkDensity(stats.get(el)) < 0.3 &&
      !roots.some((r) => contains(r, el) || contains(el, r)) &&
      !out.some((r) => contains(r, el))
    )
      out.push(el);
  });
  return out;
}
