import type { CheckResult, Claim } from '@forage/contracts';
import { hasWords, normalizeText } from '@forage/html';
import type { SnapshotPage } from './page/snapshot-page.js';

/** The node's text and whether it says something else where the claim's snippet should be. */
export interface XPathReading {
  readonly check: CheckResult;
  /** Set when the node holds the snippet's context with another value in the answer's place. */
  readonly contradiction?: string;
}

/**
 * The claim's snippet occurs, whitespace-normalised, in the text of the node at its XPath in the
 * stored snapshot (the text model's text of that node: see `SnapshotPage.textAt`). A snippet that
 * is elsewhere on the page but not at its XPath fails. When the node carries the text around the
 * answer but another value in its place, the reading names what the node says instead.
 */
export function readSnippetAtXPath(input: { claim: Claim; page: SnapshotPage | undefined }): XPathReading {
  const { claim, page } = input;
  const xpath = claim.source.xpath;
  // a snippet clipped by its producer ends in '…': what precedes it must be at the node
  const snippet = normalizeText(claim.source.snippet.trim().replace(/…$/u, ''));
  if (!page) return fail('no intact snapshot to resolve the XPath in');
  if (snippet === '') return fail('the snippet is blank');
  const node = page.textAt(xpath);
  if (!node.found) return fail(node.reason);
  if (node.text.includes(snippet))
    return { check: pass(`snippet found in the ${describe(node.source)} of the node at ${xpath}`) };
  const contradiction = contradictionOf({ snippet, answer: normalizeText(claim.text), nodeText: node.text });
  const elsewhere = page.text.includes(snippet) ? ' (it is elsewhere on the page)' : '';
  return {
    check: {
      name: 'snippet_at_xpath',
      passed: false,
      detail: `snippet "${excerpt(snippet)}" is not in the node at ${xpath}${elsewhere}, which reads "${excerpt(node.text)}"`,
    },
    ...(contradiction ? { contradiction } : {}),
  };
}

/**
 * The node keeps the words before or after the answer but not the answer: it says something else
 * there ("Price per night: $99" where the claim says "$129").
 */
function contradictionOf(input: { snippet: string; answer: string; nodeText: string }): string | undefined {
  const { snippet, answer, nodeText } = input;
  const at = answer === '' ? -1 : snippet.indexOf(answer);
  if (at < 0 || nodeText.includes(answer)) return undefined;
  const before = snippet.slice(0, at).trim();
  const after = snippet.slice(at + answer.length).trim();
  if (isContext(before) && nodeText.includes(before)) {
    const said = nodeText.slice(nodeText.indexOf(before) + before.length).trim();
    return `the node says "${excerpt(`${before} ${said}`, 120)}" where the claim says "${excerpt(answer)}"`;
  }
  if (isContext(after) && nodeText.includes(after)) {
    const said = nodeText.slice(0, nodeText.indexOf(after)).trim();
    return `the node says "${excerpt(`…${said.slice(-60)} ${after}`, 120)}" where the claim says "${excerpt(answer)}"`;
  }
  return undefined;
}

function isContext(text: string): boolean {
  return text.length >= 3 && hasWords(text);
}

function describe(source: 'text' | 'structured-data'): string {
  return source === 'text' ? 'text' : 'structured data';
}

function pass(detail: string): CheckResult {
  return { name: 'snippet_at_xpath', passed: true, detail };
}

function fail(detail: string): XPathReading {
  return { check: { name: 'snippet_at_xpath', passed: false, detail } };
}

function excerpt(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
