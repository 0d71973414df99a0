import type { Claim } from '@forage/contracts';
import { statesAboutOther, titleHead } from '@forage/lexicon';
import type { NodeContext } from '../page/snapshot-page.js';
import type { StatementCheck } from './attribute.js';
import { excerpt, namesEntity, valueIndex } from './names.js';

/**
 * The claim is about the entity asked: named in the quote, or in what governs the value — its
 * row or column header, its microdata item, its card, its heading chain, the page's h1 or title —
 * and no other item of the page (a comparison table's row, another card, a "related" or "nearby"
 * rail) governs it more closely. For a question about "this page/product", the subject is the
 * page's main item: the value must not belong to another item of the page. The binding is recorded.
 */
export function checkSubject(input: {
  claim: Claim;
  nodeText: string | undefined;
  context: NodeContext | undefined;
}): StatementCheck | undefined {
  const subject = input.claim.subject;
  if (!subject || (!subject.asked && !subject.mainItem)) return undefined;
  const { nodeText, context } = input;
  const fail = (detail: string): StatementCheck => ({ check: { name: 'subject', passed: false, detail } });
  const pass = (via: string, text: string, about: string): StatementCheck => ({
    check: { name: 'subject', passed: true, detail: `${about} named by the ${via} "${excerpt(text)}"` },
    binding: { check: 'subject', via, text: text.slice(0, 500) },
  });
  if (nodeText === undefined || !context) return fail('no node to bind the subject on');
  const asked = subject.asked;
  if (context.isJsonLd) {
    if (!asked) return pass('JSON-LD item', 'the page’s own structured description', 'the main item');
    return namesEntity(nodeText, asked)
      ? pass('JSON-LD item', asked, `"${asked}"`)
      : fail(`the JSON-LD item does not name "${asked}"`);
  }
  const quote = quoteOf({ nodeText, value: input.claim.text, rowText: context.governance.rowText });
  const mainName = context.h1 ?? context.title;
  if (asked && namesEntity(quote, asked)) {
    // a sentence naming the asked entity may state the value about the page's own subject
    const pageSubject = mainName && !context.governance.rowText ? titleHead(mainName) : undefined;
    const other =
      pageSubject !== undefined &&
      statesAboutOther({ text: quote, value: input.claim.text, asked, other: pageSubject });
    if (other)
      return fail(
        `the quote names "${asked}" but states the value about "${excerpt(pageSubject, 60)}", the page's subject: "${excerpt(quote)}"`,
      );
    return pass('quote', quote, `"${asked}"`);
  }
  const about = asked ? `"${asked}"` : 'the main item';
  const isAbout = (text: string): boolean =>
    asked ? namesEntity(text, asked) : mainName !== undefined && sharesName(text, mainName);
  for (const g of context.governance.governors) {
    if (isAbout(g.text)) return pass(g.via.replace('_', ' '), g.text, about);
    if (g.entity)
      return fail(
        `the value belongs to another item: its ${g.via.replace('_', ' ')} is "${excerpt(g.text)}", not ${about}`,
      );
  }
  if (context.governance.region)
    return fail(`the value sits in ${context.governance.region}, which is about other items than ${about}`);
  if (!asked) return pass('page', mainName ?? 'the page', about);
  const heading = context.headings.find((h) => namesEntity(h, asked));
  if (heading) return pass('heading', heading, about);
  if (context.h1 && namesEntity(context.h1, asked)) return pass('h1', context.h1, about);
  if (context.title && namesEntity(context.title, asked)) return pass('title', context.title, about);
  return fail(
    `"${asked}" is named neither in the quote nor in what governs it (headings: ${context.headings.map((h) => `"${excerpt(h, 40)}"`).join(', ') || 'none'}; title: "${excerpt(context.title ?? context.h1 ?? '', 60)}")`,
  );
}

/**
 * The words that state the value: the table row that holds it, else the sentence it is quoted
 * from (a node may hold several sentences, each about another thing).
 */
function quoteOf(input: { nodeText: string; value: string; rowText: string | undefined }): string {
  if (input.rowText) return input.rowText;
  const at = valueIndex(input.nodeText, input.value);
  if (at < 0) return input.nodeText;
  const sentences = input.nodeText.split(/(?<=[.!?。])\s+(?=[\p{Lu}\p{Lo}\d])/u);
  let offset = 0;
  for (const sentence of sentences) {
    const end = offset + sentence.length;
    if (at >= offset && at < end + 1) return sentence;
    offset = end + 1;
  }
  return input.nodeText;
}

/** Two names of one item share a distinctive word (a card titled by the product's name). */
function sharesName(a: string, b: string): boolean {
  const words = (t: string): string[] =>
    t
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3);
  const other = new Set(words(b));
  const mine = words(a);
  if (mine.length === 0) return false;
  return mine.filter((w) => other.has(w)).length / mine.length >= 0.5;
}
