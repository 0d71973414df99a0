import type { ProductListing } from '@forage/contracts';
import { withReloadStability } from './selector-stability.js';

const product = (over: Partial<ProductListing>): ProductListing => ({
  kind: 'product',
  id: 'l1',
  xpath: '/html[1]/body[1]/ul[1]/li[1]',
  origin: 'repeated-structure',
  confidence: 0.8,
  name: {
    value: 'Lamp',
    xpath: '/html[1]/body[1]/ul[1]/li[1]/a[1]',
    snippet: 'Lamp',
    origin: 'repeated-structure',
  },
  price: {
    value: '10',
    xpath: '/html[1]/body[1]/ul[1]/li[1]/b[1]',
    snippet: '$10',
    origin: 'repeated-structure',
  },
  ...over,
});

describe('selector stability across a reload', () => {
  it('keeps full confidence when every field is read again from the same place', () => {
    const [l] = withReloadStability([product({})], [product({})]);
    expect(l).toMatchObject({ stability: 1, confidence: 0.8 });
  });

  it('lowers confidence by the share of fields whose selector or value moved', () => {
    const moved = product({
      price: {
        value: '10',
        xpath: '/html[1]/body[1]/ul[1]/li[1]/span[1]',
        snippet: '$10',
        origin: 'repeated-structure',
      },
    });
    const [l] = withReloadStability([product({})], [moved]);
    expect(l).toMatchObject({ stability: 0.5, confidence: 0.6 });
  });

  it('halves confidence for a record not found again at its place', () => {
    const [l] = withReloadStability([product({})], [product({ xpath: '/html[1]/body[1]/ul[1]/li[2]' })]);
    expect(l).toMatchObject({ stability: 0, confidence: 0.4 });
  });
});
