import type { Listing } from '@forage/contracts';
import { priceAsWritten } from '@forage/lexicon';
import { mainItemAnswer, type MainItem } from './main-item.js';

const snapshot = {
  sha256: 'a'.repeat(64),
  kind: 'dom_snapshot' as const,
  size: 10,
  contentType: 'text/html',
};
const capture = { domSnapshot: snapshot, logRecordId: '11111111-1111-4111-8111-111111111111' };
const PAGE = 'http://127.0.0.1:9000/p/stove';

function field(value: string, snippet: string, xpath: string) {
  return {
    value,
    xpath,
    snippet,
    origin: 'page-text' as const,
    source: {
      url: PAGE,
      title: 'Field Stove 2',
      xpath,
      nodeId: xpath,
      snippet,
      domSnapshot: { ...snapshot, sha256: 'b'.repeat(64) },
      logRecordId: '22222222-2222-4222-8222-222222222222',
    },
  };
}

const stove: Listing = {
  kind: 'product',
  id: 'l1',
  xpath: '/html[1]/body[1]/main[1]',
  origin: 'page-text',
  confidence: 0.6,
  price: field('1299.5', 'Preis: 1.299,50 €', '/html[1]/body[1]/main[1]/span[1]'),
  sku: field('FS-2-GRN', 'Item code: FS-2-GRN', '/html[1]/body[1]/main[1]/p[1]'),
};

const items = (url = PAGE): Map<string, MainItem> => new Map([[url, { item: stove, capture }]]);
const plan = { startUrls: [PAGE] };

describe('answers from the record the given page is about', () => {
  it('answers the price of "this product" with the price as the page writes it, citing the capture', () => {
    const answer = mainItemAnswer({
      plan,
      part: { question: 'What is the price of this product?', attribute: 'price' },
      mainItems: items(),
    });
    expect(answer?.text).toBe('1.299,50 €');
    expect(answer?.source.xpath).toBe('/html[1]/body[1]/main[1]/span[1]');
    // the capture (dom-extraction's record and snapshot) is the evidence, not dom-understanding's record
    expect(answer?.source.logRecordId).toBe(capture.logRecordId);
    expect(answer?.source.domSnapshot.sha256).toBe(snapshot.sha256);
    expect(answer?.confidence).toBe(0.6);
  });

  it('answers the SKU from the same record', () => {
    const answer = mainItemAnswer({
      plan,
      part: { question: 'What is the SKU of this product?', attribute: 'sku' },
      mainItems: items(),
    });
    expect(answer?.text).toBe('FS-2-GRN');
  });

  it('does not answer a question about a named entity, an attribute the record lacks, or another page', () => {
    expect(
      mainItemAnswer({
        plan,
        part: { question: 'What is the price of the Lamp?', attribute: 'price' },
        mainItems: items(),
      }),
    ).toBeUndefined();
    expect(
      mainItemAnswer({
        plan,
        part: { question: 'What is the availability of this product?', attribute: 'availability' },
        mainItems: items(),
      }),
    ).toBeUndefined();
    expect(
      mainItemAnswer({
        plan,
        part: { question: 'What is the price of this product?', attribute: 'price' },
        mainItems: items('http://127.0.0.1:9000/p/other'),
      }),
    ).toBeUndefined();
    expect(
      mainItemAnswer({
        plan: { startUrls: [] },
        part: { question: 'What is the price of this product?', attribute: 'price' },
        mainItems: items(),
      }),
    ).toBeUndefined();
  });

  it.each([
    ['$87.11', 87.11, '$87.11'],
    ['Preis 119,01 € inkl. MwSt.', 119.01, '119,01 €'],
    ['USD 15.99 today', 15.99, 'USD 15.99'],
    ['1 299 zł', 1299, '1 299 zł'],
    ['판매가 39,000원', 39000, '39,000원'],
    ['only 20 left, price 45', 45, '45'],
    ['no such amount', 3, undefined],
  ])('reads %s for %d as %s', (snippet, amount, expected) => {
    expect(priceAsWritten(snippet, amount)).toBe(expected);
  });
});
