import { parseHtml } from '@forage/html';
import { extractListings } from './listings.js';

const listings = (html: string) => extractListings(parseHtml(html), 'https://example.test/list');

describe('where a lodging is', () => {
  it('reads coordinates from JSON-LD geo, with the element they were read from', () => {
    const [hotel] = listings(`<head><script type="application/ld+json">{"@type":"Hotel","name":"Casa Lumen",
      "address":{"@type":"PostalAddress","addressLocality":"Porto"},
      "geo":{"@type":"GeoCoordinates","latitude":"41.1496","longitude":-8.611}}</script></head><body></body>`);
    expect(hotel).toMatchObject({
      kind: 'hotel',
      name: { value: 'Casa Lumen' },
      geo: { value: { latitude: 41.1496, longitude: -8.611 }, origin: 'json-ld' },
    });
  });

  it('leaves out coordinates that are not numbers on Earth', () => {
    const [hotel] = listings(`<head><script type="application/ld+json">{"@type":"Hotel","name":"Nowhere Inn",
      "geo":{"@type":"GeoCoordinates","latitude":"north","longitude":"200"}}</script></head><body></body>`);
    expect(hotel).toMatchObject({ kind: 'hotel', name: { value: 'Nowhere Inn' } });
    expect(hotel && 'geo' in hotel ? hotel.geo : undefined).toBeUndefined();
  });

  it('reads a distance a card states, as written, with its element', () => {
    const result = listings(`<ul>
      <li><h3>Pension Adler</h3><span>Innsbruck · ★★★</span><span>1.2 km from the centre</span><span>€140 / night</span></li>
      <li><h3>Haus Birke</h3><span>Kufstein · ★★★★</span><span>Only 300 m to the station</span><span>€95 / night</span></li>
      <li><h3>Gasthof Linde</h3><span>Hall · ★★</span><span>Quiet garden</span><span>€80 / night</span></li>
    </ul>`);
    expect(result.map((l) => (l.kind === 'hotel' ? l.distance?.value : l.kind))).toEqual([
      '1.2 km from the centre',
      '300 m to the station',
      undefined,
    ]);
    expect(result[0]?.kind === 'hotel' ? result[0].distance?.xpath : '').toMatch(/\/li\[1\]\/span\[2\]$/);
  });
});
