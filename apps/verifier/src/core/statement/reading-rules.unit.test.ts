import type { Claim } from '@forage/contracts';
import { aClaim, anEvidenceRef } from '@forage/testing';
import { SnapshotPage } from '../page/snapshot-page.js';
import { statementChecks } from './statement-checks.js';

/** Invented pages, one reading rule each (none from a benchmark). */
const SHOP_PAGE = `<!doctype html><html><head><title>Fennel Kettle – Homewares</title></head><body>
<main><h1>Fennel Kettle</h1>
<div class="prices"><span class="price special">€39,90</span> <span class="price old-price">€49,90</span></div>
<p class="offer">€39,90 + €6,50 Shipping</p>
<p class="net">Excl. VAT: €32,98</p>
<p class="code">Item code: FK-210</p>
<p class="unpriced">Now only 39,90</p>
</main></body></html>`;

const ARTICLE_PAGE = `<!doctype html><html><head><title>Harbour Museum</title></head><body><main><h1>Harbour Museum</h1>
<p>The Harbour Museum opened to non-residents in 1921. The east wing did not open until 1934.</p>
<p>By 1950, the museum had not acquired the lighthouse lens.</p>
<p>The board of the Harbour Museum chose Ostrava Hall as its second site.</p>
</main></body></html>`;

function claimAt(xpath: string, text: string, fields: Partial<Claim>): Claim {
  return {
    ...aClaim({
      text,
      source: {
        url: 'http://127.0.0.1:8080/item',
        xpath,
        snippet: text,
        domSnapshot: anEvidenceRef(),
        logRecordId: '7f1d7c1e-0000-4000-8000-000000000001',
      },
    }),
    ...fields,
  };
}

function failed(html: string, claim: Claim): Record<string, string> {
  return Object.fromEntries(
    statementChecks({ claim, page: new SnapshotPage(html) })
      .checks.filter((c) => !c.passed)
      .map((c) => [c.name, c.detail]),
  );
}

const mainPrice = (amount: number, currency = 'EUR'): Partial<Claim> => ({
  subject: { mainItem: true },
  attribute: { id: 'price' },
  value: { type: 'money', amount, currency },
});

describe('reading rules: prices', () => {
  it('releases the current price beside a struck-out one', () => {
    expect(failed(SHOP_PAGE, claimAt('/html/body/main/div/span[1]', '€39,90', mainPrice(39.9)))).toEqual({});
  });

  it('refuses the amount the shop marks as the old price', () => {
    const refused = failed(SHOP_PAGE, claimAt('/html/body/main/div/span[2]', '€49,90', mainPrice(49.9)));
    expect(refused.value).toMatch(/former price/);
  });

  it('refuses a struck amount cited through the block that holds both prices', () => {
    const refused = failed(SHOP_PAGE, claimAt('/html/body/main/div', '€49,90', mainPrice(49.9)));
    expect(refused.value).toMatch(/former price/);
  });

  it('releases an amount the node states plainly though the page strikes the same amount elsewhere', () => {
    const page = SHOP_PAGE.replace(
      '</main>',
      '</main><aside><h2>Also in the sale</h2><p>Stone Kettle <del>€39,90</del> €29,90</p></aside>',
    );
    expect(failed(page, claimAt('/html/body/main/div/span[1]', '€39,90', mainPrice(39.9)))).toEqual({});
  });

  it('reads a currency sign that is also a word at a price ("270,00 Kn")', () => {
    const page = SHOP_PAGE.replace('<p class="code">', '<p class="kuna">270,00 Kn</p><p class="code">');
    expect(failed(page, claimAt('/html/body/main/p[3]', '270,00 Kn', mainPrice(270, 'HRK')))).toEqual({});
  });

  it('refuses a shipping charge and an amount before tax as the price', () => {
    const shipping = failed(SHOP_PAGE, claimAt('/html/body/main/p[1]', '€6,50', mainPrice(6.5)));
    expect(shipping.attribute).toMatch(/shipping/);
    const net = failed(SHOP_PAGE, claimAt('/html/body/main/p[2]', '€32,98', mainPrice(32.98)));
    expect(net.attribute).toMatch(/before tax/);
    expect(failed(SHOP_PAGE, claimAt('/html/body/main/p[1]', '€39,90', mainPrice(39.9)))).toEqual({});
  });

  it('refuses an amount of money claimed as a code', () => {
    const refused = failed(
      SHOP_PAGE,
      claimAt('/html/body/main/p[1]', '€39,90', { subject: { mainItem: true }, attribute: { id: 'sku' } }),
    );
    expect(refused.attribute).toMatch(/amount of money/);
  });

  it('refuses a currency the page never states, and one it states otherwise', () => {
    const none = failed(
      SHOP_PAGE.replace(/€/g, ''),
      claimAt('/html/body/main/p[4]', '39,90', mainPrice(39.9)),
    );
    expect(none.value).toMatch(/states no currency/);
    const other = failed(SHOP_PAGE, claimAt('/html/body/main/p[4]', '39,90', mainPrice(39.9, 'USD')));
    expect(other.value).toMatch(/in EUR, not USD/);
    expect(failed(SHOP_PAGE, claimAt('/html/body/main/p[4]', '39,90', mainPrice(39.9)))).toEqual({});
  });
});

describe('reading rules: clauses and names', () => {
  const about = (text: string): Partial<Claim> => ({
    subject: { asked: 'Harbour Museum' },
    value: { type: 'name', text },
  });

  it('reads "non-" as part of a word and "not … until" as a date, not as denials', () => {
    expect(failed(ARTICLE_PAGE, claimAt('/html/body/main/p[1]', '1921', about('1921')))).toEqual({});
    expect(failed(ARTICLE_PAGE, claimAt('/html/body/main/p[1]', '1934', about('1934')))).toEqual({});
  });

  it('reads the denial after the value in its own clause', () => {
    const refused = failed(
      ARTICLE_PAGE,
      claimAt('/html/body/main/p[2]', 'lighthouse lens', about('lighthouse lens')),
    );
    expect(refused.not_negated).toMatch(/denies it/);
  });

  it('refuses a value read only as a piece of the subject’s own name', () => {
    const refused = failed(ARTICLE_PAGE, claimAt('/html/body/main/p[3]', 'Museum', about('Museum')));
    expect(refused.value).toMatch(/subject's own name/);
    expect(
      failed(ARTICLE_PAGE, claimAt('/html/body/main/p[3]', 'Ostrava Hall', about('Ostrava Hall'))),
    ).toEqual({});
  });
});
