import type { FieldSchema } from '@forage/contracts';
import { matchSchema, type FieldMatch } from './match.js';
import { chunk, field, pageOf, product } from './fixtures.js';

const byPath = (matches: FieldMatch[]): Record<string, FieldMatch> =>
  Object.fromEntries(matches.map((m) => [m.path, m]));
const valueAt = (matches: FieldMatch[], path: string): unknown => {
  const m = byPath(matches)[path];
  return m && 'found' in m ? m.found.value : undefined;
};

/** A details page: the item's own fields, a labelled spec line, and a related-products rail of cards. */
const details = pageOf({
  mainItem: {
    ...product({
      xpath: '/html[1]/body[1]/main[1]',
      name: ['Field Stove 2', '/html[1]/body[1]/main[1]/h1[1]'],
      price: ['64.00', '/html[1]/body[1]/main[1]/div[1]/span[1]', '$64.00'],
      sku: ['FS-2', '/html[1]/body[1]/main[1]/p[2]', 'SKU: FS-2'],
    }),
    currency: field('USD', '/html[1]/body[1]/main[1]/div[1]/span[1]', '$64.00'),
    availability: field('InStock' as const, '/html[1]/body[1]/main[1]/p[3]', 'In stock'),
  },
  listings: [
    product({
      xpath: '/html[1]/body[1]/aside[1]/div[1]',
      name: ['Pot Set', '/html[1]/body[1]/aside[1]/div[1]/a[1]'],
      price: ['20.00', '/html[1]/body[1]/aside[1]/div[1]/span[1]', '$20.00'],
    }),
    product({
      xpath: '/html[1]/body[1]/aside[1]/div[2]',
      name: ['Fuel Can', '/html[1]/body[1]/aside[1]/div[2]/a[1]'],
      price: ['8.00', '/html[1]/body[1]/aside[1]/div[2]/span[1]', '$8.00'],
    }),
  ],
  chunks: [
    chunk('/html[1]/body[1]/main[1]/dl[1]/div[1]', 'Weight: 1.4 kg'),
    chunk('/html[1]/body[1]/main[1]/dl[1]/div[2]', 'Burners: 2'),
    chunk('/html[1]/body[1]/aside[1]/div[1]/p[1]', 'Weight: 0.3 kg'),
  ],
});

describe('matchSchema on a details page', () => {
  const schema: FieldSchema = {
    type: 'object',
    required: ['name', 'price', 'warranty'],
    properties: {
      name: { type: 'string' },
      offer: {
        type: 'object',
        properties: {
          price: { type: 'number' },
          priceCurrency: { type: 'string' },
          availability: { type: 'string', enum: ['in_stock', 'out_of_stock'] },
        },
      },
      price: { type: 'number' },
      productCode: { type: 'string', description: 'the SKU' },
      weight: { type: 'string' },
      burners: { type: 'integer' },
      warranty: { type: 'string' },
      related: {
        type: 'array',
        items: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } },
      },
    },
  };
  const matches = matchSchema({ schema, page: details });

  it('reads the main item’s fields, nested objects included, typed as the schema asks', () => {
    expect(valueAt(matches, 'name')).toBe('Field Stove 2');
    expect(valueAt(matches, 'price')).toBe(64);
    expect(valueAt(matches, 'offer.price')).toBe(64);
    expect(valueAt(matches, 'offer.priceCurrency')).toBe('USD');
    expect(valueAt(matches, 'offer.availability')).toBe('in_stock');
    expect(valueAt(matches, 'productCode')).toBe('FS-2');
    expect(valueAt(matches, 'burners')).toBe(2);
  });

  it('quotes each value as the page writes it, at the node it was read from, about the main item', () => {
    const price = byPath(matches).price;
    expect(price && 'found' in price ? [price.found.text, price.found.source.xpath] : []).toEqual([
      '$64.00',
      '/html[1]/body[1]/main[1]/div[1]/span[1]',
    ]);
    expect(price?.subject).toEqual({ mainItem: true });
    expect(price?.attribute).toBe('price');
  });

  it('reads a labelled value of the item, never one inside a related-products card', () => {
    const weight = byPath(matches).weight;
    expect(weight && 'found' in weight ? [weight.found.value, weight.found.source.xpath] : []).toEqual([
      '1.4 kg',
      '/html[1]/body[1]/main[1]/dl[1]/div[1]',
    ]);
  });

  it('reports a required field the page does not state as missing, with the reason', () => {
    const warranty = byPath(matches).warranty;
    expect(warranty).toMatchObject({ required: true, missing: 'no value for "warranty" on the page' });
  });

  it('maps an array of objects to the rail’s cards, each card its own subject', () => {
    expect([valueAt(matches, 'related[0].name'), valueAt(matches, 'related[0].price')]).toEqual([
      'Pot Set',
      20,
    ]);
    expect([valueAt(matches, 'related[1].name'), valueAt(matches, 'related[1].price')]).toEqual([
      'Fuel Can',
      8,
    ]);
    expect(byPath(matches)['related[1].price']?.subject).toEqual({ asked: 'Fuel Can' });
  });
});

describe('matchSchema on repeated records', () => {
  const schema: FieldSchema = {
    type: 'object',
    properties: {
      products: {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'price'],
          properties: { name: { type: 'string' }, price: { type: 'number' }, sku: { type: 'string' } },
        },
      },
    },
  };

  it('reads a product grid’s cards as the array’s items, a field a card lacks reported missing', () => {
    const grid = pageOf({
      listings: [1, 2, 3].map((i) =>
        product({
          xpath: `/html[1]/body[1]/main[1]/ul[1]/li[${String(i)}]`,
          name: [`Lamp ${String(i)}`, `/html[1]/body[1]/main[1]/ul[1]/li[${String(i)}]/h3[1]`],
          price: [
            `${String(i)}0.00`,
            `/html[1]/body[1]/main[1]/ul[1]/li[${String(i)}]/span[1]`,
            `€${String(i)}0.00`,
          ],
          ...(i < 3
            ? {
                sku: [
                  `L-${String(i)}`,
                  `/html[1]/body[1]/main[1]/ul[1]/li[${String(i)}]/small[1]`,
                  `SKU L-${String(i)}`,
                ] as [string, string, string],
              }
            : {}),
        }),
      ),
    });
    const matches = matchSchema({ schema, page: grid });
    expect(
      [0, 1, 2].map((i) => [
        valueAt(matches, `products[${String(i)}].name`),
        valueAt(matches, `products[${String(i)}].price`),
      ]),
    ).toEqual([
      ['Lamp 1', 10],
      ['Lamp 2', 20],
      ['Lamp 3', 30],
    ]);
    expect(valueAt(matches, 'products[1].sku')).toBe('L-2');
    expect(byPath(matches)['products[2].sku']).toMatchObject({ missing: 'no value for "sku" on the page' });
  });

  it('reads a table’s rows as the items, each cell under the header naming the field', () => {
    const table = pageOf({
      chunks: [
        chunk('/html[1]/body[1]/table[1]/tbody[1]/tr[1]', 'Product: Mug; Price: $4.50; SKU: M-1'),
        chunk('/html[1]/body[1]/table[1]/tbody[1]/tr[2]', 'Product: Bowl; Price: $6.00; SKU: B-2'),
      ],
    });
    const matches = matchSchema({
      schema: {
        ...schema,
        properties: {
          products: {
            type: 'array',
            items: {
              type: 'object',
              properties: { product: { type: 'string' }, price: { type: 'number' }, sku: { type: 'string' } },
            },
          },
        },
      },
      page: table,
    });
    expect([
      valueAt(matches, 'products[0].product'),
      valueAt(matches, 'products[0].price'),
      valueAt(matches, 'products[1].sku'),
    ]).toEqual(['Mug', 4.5, 'B-2']);
    const price = byPath(matches)['products[1].price'];
    expect(price && 'found' in price ? [price.found.text, price.found.source.xpath] : []).toEqual([
      '$6.00',
      '/html[1]/body[1]/table[1]/tbody[1]/tr[2]',
    ]);
  });

  it('reports an array missing when the page repeats nothing with its fields', () => {
    const matches = matchSchema({
      schema,
      page: pageOf({ chunks: [chunk('/html[1]/body[1]/p[1]', 'Nothing here.')] }),
    });
    expect(matches).toEqual([
      expect.objectContaining({
        path: 'products',
        missing: expect.stringMatching(/no repeated records/) as unknown,
      }),
    ]);
  });
});

describe('currencies', () => {
  it('reports a currency as its ISO code, quoted as the page writes it', () => {
    const page = pageOf({ chunks: [chunk('/p[1]', 'Currency: pln')] });
    const [currency] = matchSchema({
      schema: { type: 'object', properties: { currency: { type: 'string' } } },
      page,
    });
    expect(currency && 'found' in currency ? [currency.found.value, currency.found.text] : []).toEqual([
      'PLN',
      'pln',
    ]);
  });
});

describe('values read into the schema’s types', () => {
  const page = pageOf({
    chunks: [chunk('/p[1]', 'Stock: 12'), chunk('/p[2]', 'Gift wrap: yes'), chunk('/p[3]', 'Colour: teal')],
  });
  it('reads integers and booleans, and refuses an enum option the page does not state', () => {
    const matches = matchSchema({
      schema: {
        type: 'object',
        properties: {
          stock: { type: 'integer' },
          giftWrap: { type: 'boolean' },
          colour: { type: 'string', enum: ['red', 'blue'] },
        },
      },
      page,
    });
    expect(valueAt(matches, 'stock')).toBe(12);
    expect(valueAt(matches, 'giftWrap')).toBe(true);
    expect(byPath(matches).colour).toMatchObject({ missing: '"teal" is none of "red", "blue"' });
  });
});

describe('the SKU when a page states the seller’s code and a maker’s model number', () => {
  const schema: FieldSchema = { type: 'object', properties: { sku: { type: 'string' } } };
  it('takes the seller’s code, wherever it stands, and the model number only when it is the one code', () => {
    const both = pageOf({
      chunks: [chunk('/tr[1]', 'Model Number: KT-4410'), chunk('/tr[2]', 'Item number: 88231907')],
    });
    expect(valueAt(matchSchema({ schema, page: both }), 'sku')).toBe('88231907');
    const makerOnly = pageOf({ chunks: [chunk('/tr[1]', 'Model Number: KT-4410')] });
    expect(valueAt(matchSchema({ schema, page: makerOnly }), 'sku')).toBe('KT-4410');
  });
});
