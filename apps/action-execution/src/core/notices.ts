/** A piece of text the page shows about the outcome of an action. */
export interface Notice {
  readonly kind: 'confirmation' | 'error' | 'status';
  readonly text: string;
}

const MAX_NOTICES = 10;
const MAX_TEXT = 500;

/**
 * What the page newly says after an action: notices present after it that were not there
 * before (same kind and text), trimmed, de-duplicated, at most ten.
 */
export function newNotices(before: readonly Notice[], after: readonly Notice[]): Notice[] {
  const seen = new Set(before.map(key));
  const out: Notice[] = [];
  for (const notice of after) {
    const text = notice.text.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);
    const clean = { kind: notice.kind, text };
    if (text.length === 0 || seen.has(key(clean))) continue;
    seen.add(key(clean));
    out.push(clean);
    if (out.length === MAX_NOTICES) break;
  }
  return out;
}

function key(n: Notice): string {
  return `${n.kind}\u0000${n.text.replace(/\s+/g, ' ').trim()}`;
}
