import type { Element } from 'domhandler';
import { isElement } from '@forage/html';

/** One block of text before merging and splitting. */
export interface Fragment {
  readonly text: string;
  readonly element: Element;
  readonly headingPath: string[];
  /** Rows and term/definition pairs are structured units: never merged with neighbours. */
  readonly structured: boolean;
  /** Position in the page's text model (of the last block merged in): only neighbours merge. */
  readonly seq: number;
  /** Set on the result of merging tiny fragments, which may keep absorbing tiny siblings. */
  readonly mergedRun?: boolean;
}

const LABELLED = /^[^:]{1,40}:\s+\S/u;
/** A merged run of tiny fragments stops growing at this size. */
const MAX_MERGED_CHARS = 200;

/**
 * Merges runs of tiny sibling fragments (prices split over several <span>-like <div>s, short list
 * items) into one fragment anchored at their common parent, so a chunk carries enough text to be
 * understood. Only neighbours in the text model merge (nothing the model renders between them is
 * dropped, so the merged text stays a slice of the visible text). Fragments that stand alone (rows, definitions, paragraphs, `Label: value` lines)
 * and fragments under different headings are never merged, and a merge never climbs to <body>.
 */
export function mergeTinyFragments(fragments: readonly Fragment[], minChars: number): Fragment[] {
  const out: Fragment[] = [];
  for (const fragment of fragments) {
    const last = out[out.length - 1];
    const parent = last ? commonMergeParent(last, fragment) : undefined;
    if (
      last &&
      parent &&
      fragment.seq === last.seq + 1 &&
      !standsAlone(last) &&
      !standsAlone(fragment) &&
      fragment.text.length < minChars &&
      (last.text.length < minChars || (last.mergedRun === true && last.element === parent)) &&
      last.text.length + 1 + fragment.text.length <= MAX_MERGED_CHARS &&
      samePath(last.headingPath, fragment.headingPath)
    ) {
      out[out.length - 1] = {
        text: `${last.text} ${fragment.text}`,
        element: parent,
        headingPath: last.headingPath,
        structured: false,
        seq: fragment.seq,
        mergedRun: true,
      };
    } else out.push(fragment);
  }
  return out;
}

/** A short paragraph is still an authored unit, and "SKU: GL-122" is a fact of its own. */
function standsAlone(f: Fragment): boolean {
  return f.structured || (f.element.name === 'p' && f.mergedRun !== true) || LABELLED.test(f.text);
}

/** The element both fragments sit in when they are siblings (or one is the other's container). */
function commonMergeParent(a: Fragment, b: Fragment): Element | undefined {
  const candidates = [a.element, isElement(a.element.parent) ? a.element.parent : undefined];
  const parent = candidates.find((c) => c !== undefined && (b.element === c || b.element.parent === c));
  if (!parent || parent.name === 'body' || parent.name === 'html') return undefined;
  return parent;
}

function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
