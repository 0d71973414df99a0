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
    if (t.text !== undefined) out.push(`text=${quote(t.text)}`);
  }
  return [...new Set(out)];
}

/** A quoted selector argument: an exact, case-sensitive match in Playwright's selector syntax. */
function quote(value: string): string {
  return `${JSON.stringify(value)}s`;
}
