const AUXILIARY = /\b(is|was|are|were|has been|had been|has|had|will be|can|could|did|does|do)\s/g;

/**
 * Negates the clause of a sentence that states `answer`: "not" after the auxiliary verb of that
 * clause (the last one before the answer with no comma or semicolon between, else the first one
 * after it in the same clause); undefined when the clause has none.
 */
export function negateSentence(sentence: string, answer: string): string | undefined {
  const at = sentence.indexOf(answer);
  if (at < 0) return undefined;
  const verbs = [...sentence.matchAll(AUXILIARY)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
  // the verb of the answer's own clause: no clause or sentence end between them
  const before = verbs.filter((v) => v.end <= at && !/[,;:.]/.test(sentence.slice(v.end, at))).at(-1);
  const after = verbs.find(
    (v) => v.start >= at + answer.length && !/[,;:.]/.test(sentence.slice(at + answer.length, v.start)),
  );
  const verb = before ?? after;
  if (!verb) return undefined;
  // a clause that already denies something ("is not a tapestry but…", "had no fuel") is not negated twice
  if (/^\s*(?:not|no|never)\b/i.test(sentence.slice(verb.end))) return undefined;
  return `${sentence.slice(0, verb.end)}not ${sentence.slice(verb.end)}`;
}

/** Another amount of the same size: about 10% more, with as many decimals as the original. */
export function changedAmount(amount: number): number {
  const decimals = Number.isInteger(amount) ? 0 : 2;
  const changed = amount * 1.1 + 1;
  return Number(changed.toFixed(decimals));
}

/** The amount written as a page in English would write it. */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount)
    ? amount.toLocaleString('en-US')
    : amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function otherCurrency(currency: string | undefined): string {
  return currency === 'USD' ? 'EUR' : 'USD';
}

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
