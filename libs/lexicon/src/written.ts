import { escapeRegExp } from './regexp.js';
import { CURRENCY_CODES, CURRENCY_SIGNS } from './currencies.js';
import { numbersIn } from './numbers.js';

const SIGNS = [...CURRENCY_SIGNS.map((s) => s.sign), ...CURRENCY_CODES]
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|');
const SIGN_BEFORE = new RegExp(`(?:${SIGNS})\\s?$`, 'u');
const SIGN_AFTER = new RegExp(`^\\s?(?:${SIGNS})(?![\\p{L}])`, 'u');

/**
 * The price as the page writes it in a snippet, with a currency sign written next to it ("$87.11",
 * "119,01 €"): the text a claim quotes, so the verifier finds it where the amount was read.
 */
export function priceAsWritten(snippet: string, amount: number): string | undefined {
  const mention = numbersIn(snippet).find((m) => m.amount === amount || m.alternative === amount);
  if (!mention) return undefined;
  const start = mention.index;
  const end = start + mention.raw.length;
  const before = SIGN_BEFORE.exec(snippet.slice(Math.max(0, start - 5), start))?.[0] ?? '';
  const after = before ? '' : (SIGN_AFTER.exec(snippet.slice(end, end + 5))?.[0] ?? '');
  return snippet.slice(start - before.length, end + after.length).trim();
}
