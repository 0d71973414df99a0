import type { Claim } from '@forage/contracts';
import { aClaim, anEvidenceRef } from '@forage/testing';
import { SnapshotPage } from '../page/snapshot-page.js';
import { checkHops } from './hops.js';
import {
  CITY_CENSUS_PAGE,
  CITY_PAGE,
  COMPARISON_PAGE,
  COUNTRY_PAGE,
  DECLARED_PRICE_PAGE,
  GERMAN_PAGE,
  KOREAN_PAGE,
  LISTING_PAGE,
  SECTIONS_PAGE,
  SIDEBAR_PAGE,
} from './snapshots.fixtures.js';
import { statementChecks } from './statement-checks.js';

const PAGE_URL = 'http://127.0.0.1:8080/item';

function claimOn(input: { xpath: string; text: string; url?: string } & Partial<Claim>): Claim {
  const { xpath, text, url, ...fields } = input;
  return {
    ...aClaim({
      text,
      source: {
        url: url ?? PAGE_URL,
        xpath,
        snippet: text,
        domSnapshot: anEvidenceRef(),
        logRecordId: '7f1d7c1e-0000-4000-8000-000000000001',
      },
    }),
    ...fields,
  };
}

/** The failed statement checks of a claim on a page, by name. */
function failed(html: string, claim: Claim): string[] {
  return statementChecks({ claim, page: new SnapshotPage(html) })
    .checks.filter((c) => !c.passed)
    .map((c) => c.name);
}

function detailOf(html: string, claim: Claim, name: string): string {
  return (
    statementChecks({ claim, page: new SnapshotPage(html) }).checks.find((c) => c.name === name)?.detail ?? ''
  );
}

describe('subject: the sidebar trap', () => {
  const price = { attribute: { id: 'price' }, subject: { mainItem: true } } as const;

  it('binds the main price of a product page to the page’s main item', () => {
    const claim = claimOn({ xpath: '/html/body/main/div/span', text: '€249.00', ...price });
    expect(failed(SIDEBAR_PAGE, claim)).toEqual([]);
    const { bindings } = statementChecks({ claim, page: new SnapshotPage(SIDEBAR_PAGE) });
    expect(bindings.map((b) => b.check)).toEqual(['subject', 'attribute']);
  });

  it('refuses a price from the "related products" rail as the main item’s', () => {
    const claim = claimOn({ xpath: '/html/body/aside/ul/li[1]/span', text: '€199.00', ...price });
    expect(failed(SIDEBAR_PAGE, claim)).toEqual(['subject']);
    expect(detailOf(SIDEBAR_PAGE, claim, 'subject')).toContain('Birch Dome Tent');
  });

  it('refuses the rail’s price for the item the user named', () => {
    const claim = claimOn({
      xpath: '/html/body/aside/ul/li[2]/span',
      text: '€59.00',
      attribute: { id: 'price' },
      subject: { asked: 'Alder Trail Tent' },
    });
    expect(failed(SIDEBAR_PAGE, claim)).toEqual(['subject']);
  });
});

describe('subject: a section of the item is not another item', () => {
  const sku = (xpath: string, text: string): Claim =>
    claimOn({ xpath, text, attribute: { id: 'sku' }, subject: { mainItem: true } });

  it('takes a code from a box titled as a section of the item ("Product details", "Technische Daten")', () => {
    expect(failed(SECTIONS_PAGE, sku('/html/body/main/div[1]/ul/li[1]', 'RCS-118'))).toEqual([]);
    expect(failed(SECTIONS_PAGE, sku('/html/body/main/div[2]/p', 'RCS-118-DE'))).toEqual([]);
  });

  it.each([
    ['an amount', '<b>2,86 €</b> 250 g jar', '<b>4,90 €</b> 450 g jar', 'b', '2,86 €', 'price'],
    ['a label', '<b>Code:</b> FJ-250', '<b>Maker:</b> Orchard Row', '', 'FJ-250', 'sku'],
  ])('does not take %s in bold for the name of another item', (_what, first, second, at, text, attribute) => {
    const page = `<!doctype html><html><head><title>Fig Jam – Pantry</title></head><body><main><h1>Fig Jam</h1>
<div class="box">${first}</div><div class="box">${second}</div>
</main></body></html>`;
    const claim = claimOn({
      xpath: `/html/body/main/div[1]${at ? `/${at}` : ''}`,
      text,
      attribute: { id: attribute },
      subject: { mainItem: true },
    });
    expect(detailOf(page, claim, 'subject')).not.toContain('another item');
  });

  it('still refuses a code from a box titled by another item', () => {
    const claim = sku('/html/body/main/div[3]/p', 'LPS-20');
    expect(failed(SECTIONS_PAGE, claim)).toEqual(['subject']);
    expect(detailOf(SECTIONS_PAGE, claim, 'subject')).toContain('Larch Pot Set');
  });
});

describe('subject: the comparison-table trap', () => {
  const about = { attribute: { id: 'price' }, subject: { asked: 'Alder Trail Tent' } } as const;

  it('takes the value from the asked item’s row', () => {
    expect(
      failed(COMPARISON_PAGE, claimOn({ xpath: '/html/body/table[1]/tbody/tr[1]', text: '$249', ...about })),
    ).toEqual([]);
  });

  it('refuses another row’s value, though the page is about the asked item', () => {
    const claim = claimOn({ xpath: '/html/body/table[1]/tbody/tr[2]', text: '$199', ...about });
    expect(failed(COMPARISON_PAGE, claim)).toEqual(['subject']);
    expect(detailOf(COMPARISON_PAGE, claim, 'subject')).toContain('row header is "Birch Dome Tent"');
  });

  it('refuses another column’s value in a table with items across the columns', () => {
    expect(
      failed(
        COMPARISON_PAGE,
        claimOn({ xpath: '/html/body/table[2]/tbody/tr[2]/td[2]', text: '$199', ...about }),
      ),
    ).toEqual(['subject']);
    expect(
      failed(
        COMPARISON_PAGE,
        claimOn({ xpath: '/html/body/table[2]/tbody/tr[2]/td[1]', text: '$249', ...about }),
      ),
    ).toEqual([]);
  });

  it('refuses the weight column as the price', () => {
    const claim = claimOn({ xpath: '/html/body/table[1]/tbody/tr[1]/td[3]', text: '2.1 kg', ...about });
    expect(failed(COMPARISON_PAGE, claim)).toEqual(['attribute']);
  });
});

describe('attribute: labels in the page’s language (the wrong-language-label trap)', () => {
  it('finds the code by its Korean label for an English question about the SKU', () => {
    expect(
      failed(
        KOREAN_PAGE,
        claimOn({ xpath: '/html/body/ul/li[2]', text: 'KR-7731', attribute: { id: 'sku' } }),
      ),
    ).toEqual([]);
  });

  it('refuses the price as the SKU: its Korean label says price', () => {
    const claim = claimOn({ xpath: '/html/body/ul/li[1]', text: '₩35,000', attribute: { id: 'sku' } });
    expect(failed(KOREAN_PAGE, claim)).toEqual(['attribute']);
    expect(detailOf(KOREAN_PAGE, claim, 'attribute')).toContain('가격');
  });

  it('reads a German definition list: the term labels the value', () => {
    expect(
      failed(
        GERMAN_PAGE,
        claimOn({ xpath: '/html/body/dl/dd[2]', text: 'WZ-4410', attribute: { id: 'sku' } }),
      ),
    ).toEqual([]);
    expect(
      failed(
        GERMAN_PAGE,
        claimOn({ xpath: '/html/body/dl/dd[3]', text: '2,1 kg', attribute: { id: 'sku' } }),
      ),
    ).toEqual(['attribute']);
  });
});

describe('attribute: values that state their attribute themselves', () => {
  const PAGE = `<html><body><main><h1>Trail Lamp</h1><div><span>$87.11</span></div><p>In stock.</p><p>Ships in 2 days.</p></main></body></html>`;
  const about = { subject: { mainItem: true } } as const;

  it('takes an availability phrase as the availability, and nothing else as it', () => {
    const inStock = claimOn({
      xpath: '/html/body/main/p[1]',
      text: 'In stock.',
      attribute: { id: 'availability' },
      ...about,
    });
    expect(failed(PAGE, inStock)).toEqual([]);
    const ships = claimOn({
      xpath: '/html/body/main/p[2]',
      text: 'Ships in 2 days.',
      attribute: { id: 'availability' },
      ...about,
    });
    expect(failed(PAGE, ships)).toEqual(['attribute']);
  });

  it('takes the sign written at an amount as its currency, never another currency', () => {
    const usd = claimOn({
      xpath: '/html/body/main/div/span',
      text: '$',
      attribute: { id: 'currency' },
      ...about,
    });
    expect(failed(PAGE, usd)).toEqual([]);
    const eur = claimOn({
      xpath: '/html/body/main/div/span',
      text: '87.11',
      attribute: { id: 'currency' },
      ...about,
    });
    expect(failed(PAGE, eur)).toEqual(['attribute']);
  });
});

describe('value: normalised numbers, currencies and units', () => {
  it('reads a decimal comma and thousands dots as the same amount', () => {
    const claim = claimOn({
      xpath: '/html/body/dl/dd[1]',
      text: '1.234,50 €',
      attribute: { id: 'price' },
      value: { type: 'money', amount: 1234.5, currency: 'EUR' },
    });
    expect(failed(GERMAN_PAGE, claim)).toEqual([]);
  });

  it('refuses a changed currency and a changed number', () => {
    const base = { xpath: '/html/body/dl/dd[1]', text: '1.234,50 €', attribute: { id: 'price' } };
    expect(
      failed(GERMAN_PAGE, claimOn({ ...base, value: { type: 'money', amount: 1234.5, currency: 'USD' } })),
    ).toEqual(['value']);
    expect(
      failed(GERMAN_PAGE, claimOn({ ...base, value: { type: 'money', amount: 1243.5, currency: 'EUR' } })),
    ).toEqual(['value']);
  });

  it('refuses a changed unit', () => {
    const claim = claimOn({
      xpath: '/html/body/table/tbody/tr[3]',
      text: '88,410 km²',
      attribute: { id: 'area' },
      subject: { asked: 'Velmora' },
      value: { type: 'number', amount: 88410, unit: 'mi²' },
    });
    expect(failed(COUNTRY_PAGE, claim)).toEqual(['value']);
  });
});

describe('value: what the page declares of its main item', () => {
  const price = (amount: number, currency: string) => ({
    subject: { mainItem: true },
    attribute: { id: 'price' },
    value: { type: 'money' as const, amount, currency },
  });

  it('takes the price the page’s structured description declares', () => {
    expect(
      failed(DECLARED_PRICE_PAGE, claimOn({ xpath: '/html/body/p[2]', text: '€49.00', ...price(49, 'EUR') })),
    ).toEqual([]);
  });

  it('refuses another price of the page (the struck-out old one) and another currency', () => {
    const old = claimOn({ xpath: '/html/body/p[1]', text: '€69.00', ...price(69, 'EUR') });
    expect(failed(DECLARED_PRICE_PAGE, old)).toEqual(['value']);
    expect(detailOf(DECLARED_PRICE_PAGE, old, 'value')).toContain('structured description');
    expect(
      failed(DECLARED_PRICE_PAGE, claimOn({ xpath: '/html/body/p[2]', text: '€49.00', ...price(49, 'USD') })),
    ).toEqual(['value']);
  });
});

describe('not_negated', () => {
  it('refuses a value quoted from a clause that denies it', () => {
    const claim = claimOn({
      xpath: '/html/body/p',
      text: 'Orvik',
      attribute: { id: 'capital' },
      subject: { asked: 'Velmora' },
    });
    expect(failed(COUNTRY_PAGE, claim)).toEqual(['not_negated']);
  });

  it('accepts the asserted value', () => {
    const claim = claimOn({
      xpath: '/html/body/table/tbody/tr[1]',
      text: 'Tassen',
      attribute: { id: 'capital' },
      subject: { asked: 'Velmora' },
    });
    expect(failed(COUNTRY_PAGE, claim)).toEqual([]);
  });
});

describe('scope', () => {
  it('refuses evidence from another page than the one asked about', () => {
    const claim = claimOn({
      xpath: '/html/body/ul/li[2]',
      text: 'KR-7731',
      url: 'http://127.0.0.1:9000/elsewhere',
      scope: { kind: 'page', urls: [PAGE_URL] },
    });
    expect(failed(KOREAN_PAGE, claim)).toEqual(['scope']);
    expect(
      failed(KOREAN_PAGE, {
        ...claim,
        scope: { kind: 'page', urls: ['http://127.0.0.1:9000/elsewhere#top'] },
      }),
    ).toEqual([]);
  });
});

describe('constraint: one claim per constraint of a listing item', () => {
  const priceUnder = (item: string) => ({
    kind: 'max' as const,
    attribute: 'price',
    bound: 200,
    currency: 'USD',
    item,
  });

  it('checks the price bound at the price’s own node', () => {
    expect(
      failed(
        LISTING_PAGE,
        claimOn({
          xpath: '/html/body/div/article[1]/p[1]',
          text: '$180',
          constraint: priceUnder('Harbour Lights'),
        }),
      ),
    ).toEqual([]);
    expect(
      failed(
        LISTING_PAGE,
        claimOn({
          xpath: '/html/body/div/article[2]/p[1]',
          text: '$240',
          constraint: priceUnder('Dune House'),
        }),
      ),
    ).toEqual(['constraint']);
  });

  it('refuses a feature the item’s card denies', () => {
    const feature = (item: string) => ({
      kind: 'feature' as const,
      attribute: 'amenity',
      text: 'pool',
      item,
    });
    expect(
      failed(
        LISTING_PAGE,
        claimOn({
          xpath: '/html/body/div/article[1]/p[2]',
          text: 'Pool',
          constraint: feature('Harbour Lights'),
        }),
      ),
    ).toEqual([]);
    expect(
      failed(
        LISTING_PAGE,
        claimOn({ xpath: '/html/body/div/article[2]/p[2]', text: 'pool', constraint: feature('Dune House') }),
      ),
    ).toEqual(['constraint']);
  });

  it('binds an item’s subject to its own card, not a neighbour’s', () => {
    const claim = claimOn({
      xpath: '/html/body/div/article[2]/p[1]',
      text: '$240',
      subject: { asked: 'Harbour Lights' },
    });
    expect(failed(LISTING_PAGE, claim)).toEqual(['subject']);
  });
});

describe('subject: a sentence naming two entities (the other-entity trap)', () => {
  const about = (p: number, text: string): Claim =>
    claimOn({
      xpath: `/html/body/p[${String(p)}]`,
      text,
      attribute: { id: 'population' },
      subject: { asked: 'Velmora' },
    });

  it('refuses the city’s residents as the country’s population, though the sentence names the country', () => {
    expect(failed(CITY_CENSUS_PAGE, about(1, '612,900'))).toEqual(['subject']);
    expect(detailOf(CITY_CENSUS_PAGE, about(1, '612,900'), 'subject')).toContain(
      '"Tassen", the page\'s subject',
    );
  });

  it('refuses a value stated of the sentence’s subject, the page’s own entity', () => {
    expect(failed(CITY_CENSUS_PAGE, about(2, '612,900'))).toEqual(['subject']);
  });

  it('takes a value its clause states of the asked entity on another entity’s page', () => {
    expect(failed(CITY_CENSUS_PAGE, about(3, '4,120,300'))).toEqual([]);
  });
});

describe('hops: the first-hop trap', () => {
  const capital = claimOn({
    claimId: 'hop-1',
    xpath: '/html/body/table/tbody/tr[1]',
    text: 'Tassen',
    attribute: { id: 'capital' },
    subject: { asked: 'Velmora' },
    hop: { chain: 'part-1', index: 1, of: 2 },
  });
  const population = claimOn({
    claimId: 'hop-2',
    xpath: '/html/body/p',
    text: '612,900',
    attribute: { id: 'population' },
    subject: { asked: 'Tassen' },
    hop: { chain: 'part-1', index: 2, of: 2 },
  });

  it('accepts each hop on its page and the chain when each value is the next subject', () => {
    expect(failed(COUNTRY_PAGE, capital)).toEqual([]);
    expect(failed(CITY_PAGE, population)).toEqual([]);
    const hops = checkHops({ claims: [capital, population], passedOwnChecks: new Set(['hop-1', 'hop-2']) });
    expect([...hops.values()].map((c) => c.passed)).toEqual([true, true]);
  });

  it('refuses the first hop’s entity’s population as the capital’s', () => {
    const wrong = {
      ...population,
      source: { ...population.source, xpath: '/html/body/table/tbody/tr[2]' },
      text: '4,120,300',
    };
    expect(failed(COUNTRY_PAGE, wrong)).toEqual(['subject']);
  });

  it('refuses a last hop whose earlier hop is missing or unverified', () => {
    expect(
      checkHops({ claims: [population], passedOwnChecks: new Set(['hop-2']) }).get('hop-2')?.passed,
    ).toBe(false);
    expect(
      checkHops({ claims: [capital, population], passedOwnChecks: new Set(['hop-2']) }).get('hop-2')?.passed,
    ).toBe(false);
  });

  it('refuses a chain whose hop value is not the next hop’s subject', () => {
    const other = { ...population, subject: { asked: 'Orvik' } };
    expect(
      checkHops({ claims: [capital, other], passedOwnChecks: new Set(['hop-1', 'hop-2']) }).get('hop-2')
        ?.detail,
    ).toContain('is not this hop');
  });
});
