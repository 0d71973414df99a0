import type { EvidenceRef, Listing } from '@forage/contracts';
import { listingSchema } from '@forage/contracts';
import { nodeIdOf } from '../dedupe-chunks.js';
import { withFieldSources, withSourceRecord } from './field-sources.js';

const snapshot: EvidenceRef = {
  sha256: 'a'.repeat(64),
  kind: 'dom_snapshot',
  size: 1234,
  contentType: 'text/html',
};
const card = '/html[1]/body[1]/main[1]/ul[1]/li[2]';
const listing: Listing = {
  kind: 'product',
  id: 'l1',
  xpath: card,
  origin: 'repeated-structure',
  confidence: 0.8,
  name: { value: 'Trail Lamp', xpath: `${card}/h2[1]`, snippet: 'Trail Lamp', origin: 'repeated-structure' },
  price: { value: '24.5', xpath: `${card}/p[1]/span[1]`, snippet: '', origin: 'repeated-structure' },
  sku: {
    value: 'TL-9',
    xpath: '/html[1]/head[1]/script[1]',
    snippet: '"sku": "TL-9"',
    origin: 'json-ld',
  },
};

describe('withFieldSources', () => {
  const context = {
    url: 'https://shop.example/lamps',
    title: 'Lamps',
    domSnapshot: snapshot,
    logRecordId: '6f1c2b8e-8d7a-4b7e-9a51-0d6f4f3f2a10',
    chunks: [
      { xpath: '/html[1]/body[1]/main[1]', nodeId: 'nmain000000000000' },
      { xpath: card, nodeId: 'ncard000000000000' },
      { xpath: '/html[1]/body[1]/main[1]/ul[1]/li[22]', nodeId: 'nother00000000000' },
    ],
  };

  it('gives every field a full Source naming the innermost chunk that holds it', () => {
    const [out] = withFieldSources([listing], context);
    expect(listingSchema.parse(out)).toEqual(out);
    if (out?.kind !== 'product') throw new Error('expected a product');
    expect(out.name?.source).toEqual({
      url: context.url,
      title: 'Lamps',
      xpath: `${card}/h2[1]`,
      nodeId: 'ncard000000000000',
      snippet: 'Trail Lamp',
      domSnapshot: snapshot,
      logRecordId: context.logRecordId,
    });
    // an empty snippet falls back to the value; a JSON-LD field outside every chunk gets its own node id
    expect(out.price?.source).toMatchObject({ snippet: '24.5', nodeId: 'ncard000000000000' });
    expect(out.sku?.source?.nodeId).toBe(
      nodeIdOf({ xpath: '/html[1]/head[1]/script[1]', text: '"sku": "TL-9"' }),
    );
    // li[2] is not inside li[22]
    expect(out.name?.source?.nodeId).not.toBe('nother00000000000');
  });

  it('swaps in the log record written afterwards, leaving everything else', () => {
    const record = '0b9e6f58-2d55-4a8f-8d7e-3c1b2a4f5e6d';
    const [out] = withSourceRecord(withFieldSources([listing], context), record);
    if (out?.kind !== 'product') throw new Error('expected a product');
    expect(out.name?.source?.logRecordId).toBe(record);
    expect(out.sku?.source?.logRecordId).toBe(record);
    expect(out.name?.source?.xpath).toBe(`${card}/h2[1]`);
  });
});
