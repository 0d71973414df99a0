import { currencyOf, numbersIn } from '@forage/lexicon';
import type { ProductPage } from '../products/dataset.js';
import { chunkWith, claimOn, type EvalCase, type EvidenceBench } from './bench.js';
import { changedAmount, formatAmount, otherCurrency } from './perturb.js';

/**
 * Claims about product pages (the page's main item, asked with --url): the gold price and SKU
 * where a chunk states them, and perturbations — another priced value of the same page claimed as
 * the price, the SKU claimed as the price and the price as the SKU, the number changed, the
 * currency changed, and the right value cited for a question about another page. (A page's other
 * priced values are not all another item's: some are the item's old price or shipping.)
 */
export function productCases(bench: EvidenceBench, pages: readonly ProductPage[]): EvalCase[] {
  const cases: EvalCase[] = [];
  const dataset = 'products-dev';
  pages.forEach((p, i) => {
    const page = bench.page(p.url, p.html);
    const elsewhere = pages[(i + 1) % pages.length]?.url ?? p.url;
    const scope = { kind: 'page' as const, urls: [p.url], followLinks: false };
    const subject = { mainItem: true };
    const goldPrices = p.truth.price.map(Number).filter(Number.isFinite);
    const price = goldPrices[0];
    const priced = price === undefined ? undefined : chunkWith(page, p.truth.price[0] ?? '', price);
    if (price !== undefined && priced) {
      const mention =
        numbersIn(priced.quoted)[0] ??
        numbersIn(priced.chunk.text).find((m) => Math.abs(m.amount - price) < 0.005);
      // the currency beside the amount, else the benchmark's gold currency; unknown, none is claimed
      const currency = mention?.currency ?? (p.currency ? currencyOf(p.currency) : undefined);
      const statement = {
        subject,
        scope,
        attribute: { id: 'price' },
        value: { type: 'money' as const, amount: price, ...(currency ? { currency } : {}) },
      };
      const on = (text: string, extra: object = {}) =>
        claimOn({ page, chunk: priced.chunk, text, statement: { ...statement, ...extra } });
      cases.push({ kind: 'true', dataset, claim: on(priced.quoted) });
      const changed = changedAmount(price);
      cases.push({
        kind: 'number_changed',
        dataset,
        claim: on(formatAmount(changed), {
          value: { type: 'money', amount: changed, ...(currency ? { currency } : {}) },
        }),
      });
      // another currency than the item's: only when the item's currency is known
      if (currency)
        cases.push({
          kind: 'unit_or_currency_changed',
          dataset,
          claim: on(priced.quoted, {
            value: { type: 'money', amount: price, currency: otherCurrency(currency) },
          }),
        });
      cases.push({
        kind: 'other_attribute',
        dataset,
        claim: on(priced.quoted, { attribute: { id: 'sku' }, value: undefined }),
      });
      cases.push({
        kind: 'other_page',
        dataset,
        claim: on(priced.quoted, { scope: { kind: 'page', urls: [elsewhere], followLinks: false } }),
      });
      const other = otherPriceOn(page, goldPrices);
      if (other)
        cases.push({
          kind: 'other_value_same_page',
          dataset,
          claim: claimOn({
            page,
            chunk: other.chunk,
            text: other.raw,
            statement: {
              ...statement,
              value: {
                type: 'money',
                amount: other.amount,
                ...(other.currency ? { currency: other.currency } : {}),
              },
            },
          }),
        });
    }
    const sku = p.truth.sku[0];
    const coded = sku ? chunkWith(page, sku) : undefined;
    if (sku && coded) {
      const statement = { subject, scope, attribute: { id: 'sku' } };
      cases.push({
        kind: 'true',
        dataset,
        claim: claimOn({ page, chunk: coded.chunk, text: sku, statement }),
      });
      cases.push({
        kind: 'other_attribute',
        dataset,
        claim: claimOn({
          page,
          chunk: coded.chunk,
          text: sku,
          statement: { ...statement, attribute: { id: 'price' } },
        }),
      });
    }
  });
  return cases;
}

/** Another currency-marked amount on the page than any gold price: a value that is not the item's price. */
function otherPriceOn(
  page: ReturnType<EvidenceBench['page']>,
  gold: readonly number[],
): { chunk: { text: string; xpath: string }; raw: string; amount: number; currency?: string } | undefined {
  for (const chunk of page.chunks) {
    if (chunk.text.length > 2000) continue;
    const m = numbersIn(chunk.text).find(
      (n) => n.currency && n.amount > 0 && !gold.some((g) => Math.abs(g - n.amount) < 0.005),
    );
    if (m) return { chunk, raw: m.raw, amount: m.amount, ...(m.currency ? { currency: m.currency } : {}) };
  }
  return undefined;
}
