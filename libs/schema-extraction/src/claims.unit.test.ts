import { claimSchema, extractionSchemaSchema, type ClaimVerdict } from '@forage/contracts';
import { claimsOf, extractionOf, batchesOf } from './claims.js';
import { matchSchema } from './match.js';
import { URL, chunk, pageOf, product } from './fixtures.js';

const page = pageOf({
  mainItem: product({
    xpath: '/html[1]/body[1]/main[1]',
    name: ['Harbor Mug', '/html[1]/body[1]/main[1]/h1[1]'],
    price: ['14.50', '/html[1]/body[1]/main[1]/span[1]', '£14.50'],
  }),
  chunks: [chunk('/html[1]/body[1]/main[1]/p[1]', 'Volume: 350 ml')],
});
const schema = {
  type: 'object' as const,
  required: ['name', 'price', 'brand'],
  properties: {
    name: { type: 'string' as const },
    price: { type: 'number' as const },
    volume: { type: 'string' as const },
    brand: { type: 'string' as const },
  },
};
const matches = matchSchema({ schema, page });
const verdict = (claimId: string, verified: boolean): ClaimVerdict => ({
  claimId,
  verdict: verified ? 'verified' : 'rejected',
  outcome: verified ? 'verified' : 'contradicted',
  reasons: verified ? [] : ['value: the node says 15.00'],
  checks: [],
});

describe('claimsOf', () => {
  const claims = claimsOf({ matches, url: URL });

  it('makes one valid listing-field claim per found field, none for a missing one', () => {
    expect(claims.map((c) => c.field)).toEqual(['name', 'price', 'volume']);
    for (const claim of claims) expect(claimSchema.safeParse(claim).success).toBe(true);
  });

  it('states what the verifier checks: the quote at the Source, the main item, the attribute, the money value, the page as scope', () => {
    const price = claims.find((c) => c.field === 'price');
    expect(price).toMatchObject({
      kind: 'listing_field',
      text: '£14.50',
      subject: { mainItem: true },
      attribute: { id: 'price' },
      value: { type: 'money', amount: 14.5 },
      scope: { kind: 'page', urls: [URL], followLinks: false },
      source: { xpath: '/html[1]/body[1]/main[1]/span[1]', snippet: '£14.50' },
    });
  });

  it('splits claims into batches a verify request takes', () => {
    expect(batchesOf([...Array(250).keys()]).map((b) => b.length)).toEqual([100, 100, 50]);
  });
});

describe('extractionOf', () => {
  const claims = claimsOf({ matches, url: URL });
  const [name, price, volume] = claims.map((c) => c.claimId);
  const extraction = extractionOf({
    matches,
    verdicts: [verdict(name ?? '', true), verdict(price ?? '', false), verdict(volume ?? '', true)],
  });

  it('releases into data only what the verifier verified', () => {
    expect(extraction.data).toEqual({ name: 'Harbor Mug', volume: '350 ml' });
  });

  it('reports a rejected value with the verifier’s reason and a missing field with its own', () => {
    const byPath = Object.fromEntries(extraction.fields.map((f) => [f.path, f]));
    expect(byPath.price).toMatchObject({
      status: 'rejected',
      outcome: 'contradicted',
      reason: 'value: the node says 15.00',
      value: 14.5,
    });
    expect(byPath.brand).toMatchObject({
      status: 'missing',
      required: true,
      reason: 'no value for "brand" on the page',
    });
    expect(byPath.name).toMatchObject({
      status: 'verified',
      source: { xpath: '/html[1]/body[1]/main[1]/h1[1]' },
    });
  });

  it('is complete only when every required field is verified', () => {
    expect(extraction.complete).toBe(false);
  });
});

describe('the schema a user may give', () => {
  it('refuses a schema beyond the size limit, naming the limit', () => {
    const properties = Object.fromEntries(
      [...Array(250).keys()].map((i) => [`f${String(i)}`, { type: 'string' }]),
    );
    const parsed = extractionSchemaSchema.safeParse({ type: 'object', properties });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([
      'schema_too_large: the schema declares 251 fields; at most 200 are read',
    ]);
  });

  it('refuses a schema nested deeper than the limit', () => {
    let node: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 7; i++) node = { type: 'object', properties: { inner: node } };
    const parsed = extractionSchemaSchema.safeParse(node);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([
      'schema_too_deep: the schema nests 8 levels; at most 6 are read',
    ]);
  });

  it('accepts an object schema with nested objects, arrays of objects and enums', () => {
    expect(
      extractionSchemaSchema.safeParse({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {
          offer: { type: 'object', properties: { availability: { enum: ['InStock'] } } },
          items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
        },
      }).success,
    ).toBe(true);
  });
});

describe('extractionOf with arrays', () => {
  it('keeps every item of an array in data, an item none of whose fields was verified as an empty object', () => {
    const grid = pageOf({
      listings: [1, 2].map((i) =>
        product({
          xpath: `/html[1]/body[1]/ul[1]/li[${String(i)}]`,
          name: [`Lamp ${String(i)}`, `/html[1]/body[1]/ul[1]/li[${String(i)}]/h3[1]`],
          price: [`${String(i)}0.00`, `/html[1]/body[1]/ul[1]/li[${String(i)}]/span[1]`, `$${String(i)}0.00`],
        }),
      ),
    });
    const gridMatches = matchSchema({
      schema: {
        type: 'object',
        properties: {
          lamps: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } },
          },
        },
      },
      page: grid,
    });
    const claims = claimsOf({ matches: gridMatches, url: URL });
    const verdicts = claims.map((c) => verdict(c.claimId, c.field?.startsWith('lamps[1]') ?? false));
    expect(extractionOf({ matches: gridMatches, verdicts }).data).toEqual({
      lamps: [{}, { name: 'Lamp 2', price: 20 }],
    });
  });
});
