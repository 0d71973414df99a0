import { parseHtml } from '@forage/html';
import { findCardGroups } from './repeated-structure.js';
import { extractListings } from './listings.js';

const URL_ = 'https://example.test/list';

function listings(html: string) {
  return extractListings(parseHtml(html), URL_);
}

describe('repeated-structure detection', () => {
  it('groups siblings built from one template and leaves lone or differently shaped siblings out', () => {
    const doc = parseHtml(`<div id="grid">
      <div class="tile"><a href="/a"><img src="a.png"></a><b>Alpha</b><i>€ 10</i></div>
      <div class="tile"><a href="/b"><img src="b.png"></a><b>Beta</b><i>€ 12</i></div>
      <div class="tile"><a href="/c"><img src="c.png"></a><b>Gamma</b><i>€ 14</i></div>
      <div class="banner"><p>Sale!</p></div></div>`);
    const groups = findCardGroups(doc);
    expect(groups.map((g) => g.cards.length)).toEqual([3]);
  });

  it('skips page chrome: navigation lists are not listings', () => {
    const doc = parseHtml(
      `<nav><ul><li><a href="/1">One $1</a></li><li><a href="/2">Two $2</a></li></ul></nav>`,
    );
    expect(findCardGroups(doc)).toEqual([]);
  });
});

describe('typed listings from repeated cards', () => {
  it('reads a product grid: name, price with currency, stock per card, each with XPath and snippet', () => {
    const result = listings(`<section><h2>Kettles</h2><div class="row">
      <div class="tile"><div class="t"><a href="/k/1">Copper Kettle</a></div><span class="amount">19,99 €</span><em>Auf Lager</em></div>
      <div class="tile"><div class="t"><a href="/k/2">Steel Kettle</a></div><span class="amount"><s>30,00 €</s> 24,50 €</span><em>Ausverkauft</em></div>
      <div class="tile"><div class="t"><a href="/k/3">Glass Kettle</a></div><span class="amount">35,00 €</span><em>Auf Lager</em></div>
    </div></section>`);
    expect(
      result.map((l) => [
        l.kind,
        l.kind === 'product' && [l.name?.value, l.price?.value, l.currency?.value, l.availability?.value],
      ]),
    ).toEqual([
      ['product', ['Copper Kettle', '19.99', 'EUR', 'InStock']],
      ['product', ['Steel Kettle', '24.5', 'EUR', 'OutOfStock']],
      ['product', ['Glass Kettle', '35', 'EUR', 'InStock']],
    ]);
    const first = result[0];
    expect(first?.kind === 'product' && first.price).toEqual({
      value: '19.99',
      xpath: '/html[1]/body[1]/section[1]/div[1]/div[1]/span[1]',
      snippet: '19,99 €',
      origin: 'repeated-structure',
    });
    expect(first?.xpath).toBe('/html[1]/body[1]/section[1]/div[1]/div[1]');
    expect(first?.confidence).toBeGreaterThan(0.5);
  });

  it('reads lodging cards: a nightly price, a star class, the place and the offered features', () => {
    const result = listings(`<table><tbody>
      <tr><td><h4>Pension Adler</h4></td><td>Innsbruck | ★★★</td><td>CHF 140 / night | Sauna | Parking | No pets</td></tr>
      <tr><td><h4>Haus Birke</h4></td><td>Kufstein | ★★★★</td><td>CHF 95 / night | Garden</td></tr>
    </tbody></table>`);
    expect(result).toHaveLength(2);
    expect(result[0]).toMatchObject({
      kind: 'hotel',
      name: { value: 'Pension Adler' },
      price: { value: '140' },
      currency: { value: 'CHF' },
      star_rating: { value: 3 },
      location: { value: 'Innsbruck' },
      amenities: { value: ['Sauna', 'Parking'] },
    });
    expect(result[1]).toMatchObject({
      kind: 'hotel',
      star_rating: { value: 4 },
      location: { value: 'Kufstein' },
    });
  });

  it('reads a staff directory as contacts from mailto and tel links', () => {
    const result = listings(`<ul class="people">
      <li><strong>Dr. Ana Ruiz</strong><br><a href="mailto:ana.ruiz@uni.example">Email</a> · <a href="tel:+34911234567">+34 91 123 45 67</a><address>Calle Mayor 1, Madrid</address></li>
      <li><strong>Ben Okafor</strong><br><a href="mailto:b.okafor@uni.example">Email</a> · <a href="tel:+34911234568">+34 91 123 45 68</a><address>Calle Mayor 1, Madrid</address></li>
    </ul>`);
    expect(
      result.map(
        (l) => l.kind === 'contact' && [l.name?.value, l.email?.value, l.phone?.value, l.address?.value],
      ),
    ).toEqual([
      ['Dr. Ana Ruiz', 'ana.ruiz@uni.example', '+34 91 123 45 67', 'Calle Mayor 1, Madrid'],
      ['Ben Okafor', 'b.okafor@uni.example', '+34 91 123 45 68', 'Calle Mayor 1, Madrid'],
    ]);
  });

  it('reads a publication list as papers: title, authors, date, link', () => {
    const result = listings(`<div class="pubs">
      <div class="pub"><a class="title" href="https://doi.org/10.1000/xyz1">Sparse Tides</a><div class="authors">K. Lee, M. Osei and P. Novak</div><time datetime="2021-05-03">May 2021</time></div>
      <div class="pub"><a class="title" href="https://doi.org/10.1000/xyz2">Dense Winds</a><div class="authors">M. Osei</div><time datetime="2019-11-20">Nov 2019</time></div>
    </div>`);
    expect(result[0]).toMatchObject({
      kind: 'paper',
      title: { value: 'Sparse Tides' },
      authors: { value: ['K. Lee', 'M. Osei', 'P. Novak'] },
      date: { value: '2021-05-03' },
      url: { value: 'https://doi.org/10.1000/xyz1' },
    });
    expect(result).toHaveLength(2);
  });

  it('finds no listings in an article that merely quotes a price', () => {
    expect(
      listings(`<article><h1>History of the canal</h1><p>It cost $4 million in 1820.</p>
        <ul><li><a href="/a">Locks</a></li><li><a href="/b">Bridges</a></li></ul></article>`),
    ).toEqual([]);
  });
});

describe('typed listings from schema.org markup', () => {
  it('reads a hotel from JSON-LD and a contact from microdata', () => {
    const result =
      listings(`<head><script type="application/ld+json">{"@type":"Hotel","name":"Casa Lumen","priceRange":"€120",
      "address":{"@type":"PostalAddress","addressLocality":"Porto"},"starRating":{"@type":"Rating","ratingValue":"4"},
      "amenityFeature":[{"@type":"LocationFeatureSpecification","name":"Pool","value":true},{"@type":"LocationFeatureSpecification","name":"Gym","value":false}]}</script></head>
      <body><div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Lia Costa</span>
      <a itemprop="email" href="mailto:lia@example.org">lia@example.org</a><span itemprop="telephone">+351 22 000 0000</span></div></body>`);
    expect(result).toMatchObject([
      {
        kind: 'hotel',
        origin: 'json-ld',
        name: { value: 'Casa Lumen' },
        price: { value: '120' },
        currency: { value: 'EUR' },
        location: { value: 'Porto' },
        star_rating: { value: 4 },
        amenities: { value: ['Pool'] },
      },
      {
        kind: 'contact',
        origin: 'microdata',
        name: { value: 'Lia Costa' },
        phone: { value: '+351 22 000 0000' },
      },
    ]);
  });
});
