import type { ActionTarget } from '@forage/contracts';

/**
 * The selectors to try for a target, most stable first: the caller's own locator, then role and
 * accessible name (survives markup changes), CSS, XPath (brittle to layout), and visible text
 * (changes with wording). Each is a Playwright selector string.
 */
export function rankedSelectors(input: {
  locator?: string | undefined;
  target?: ActionTarget | undefined;
}): string[] {
  const out: string[] = [];
  if (input.locator !== undefined) out.push(input.locator);
  const t = input.target;
  if (t) {
    if (t.role !== undefined)
      out.push(t.name === undefined ? `role=${t.role}` : `role=${t.role}[name=${quote(t.name)}]`);
    if (t.css !== undefined) out.push(`css=${t.css}`);
    if (t.xpath !== undefined) out.push(`xpath=${t.xpath}`);
    // text="…" is already an exact, case-sensitive match in the text engine
    if (t.text !== undefined) out.push(`text=${JSON.stringify(t.text)}`);
  }
  return [...new Set(out)];
}

/** A quoted attribute value: an exact, case-sensitive match in Playwright's role engine. */
function quote(value: string): string {
  return `${JSON.stringify(value)}s`;
}
