import { parseHtml } from '@forage/html';
import { readJsonLd } from './json-ld.js';
import { readMicrodata, readRdfa } from './microdata.js';
import { allItems, firstText, nestedItems } from './structured-item.js';

describe('JSON-LD', () => {
  it('reads typed items from @graph and arrays, with nested offers, tolerating trailing commas and raw newlines', () => {
    const doc = parseHtml(`<html><head>
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
        {"@type":"BreadcrumbList","itemListElement":[]},
        {"@type":["Product"],"name":"Kettle
 Deluxe","sku":"KT-0042","offers":{"@type":"Offer","price":"39.90","priceCurrency":"EUR",
         "availability":"https://schema.org/OutOfStock",},}]}</script>
      <script type="application/ld+json">not json at all</script></head><body></body></html>`);
    const items = readJsonLd(doc);
    expect(items.map((i) => i.types)).toEqual([['BreadcrumbList'], ['Product']]);
    const product = items[1];
    if (!product) throw new Error('no product');
    expect(firstText(product, 'sku')?.text).toBe('KT-0042');
    const offer = nestedItems(product, 'offers')[0];
    expect(offer && firstText(offer, 'price')).toMatchObject({
      text: '39.90',
      xpath: '/html[1]/head[1]/script[1]',
      snippet: '"price": "39.90"',
    });
    expect(product.origin).toBe('json-ld');
  });
});

describe('microdata', () => {
  const doc = parseHtml(`<body><section itemscope itemtype="http://schema.org/Book">
      <h3 itemprop="name">Gardens of Stone</h3>
      <div itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">R. Amadi</span></div>
      <time itemprop="datePublished" datetime="2019-04-02">April 2019</time>
      <a itemprop="url" href="/books/gardens">details</a>
      <div itemprop="offers" itemscope itemtype="http://schema.org/Offer">
        <meta itemprop="priceCurrency" content="GBP"><span itemprop="price" content="12.50">£12.50</span>
        <link itemprop="availability" href="http://schema.org/InStock">
      </div>
    </section>
    <article itemscope itemtype="http://schema.org/Person"><span itemprop="email">a@b.example</span></article></body>`);

  it('reads top-level items with nested items as property values, and each value by its element kind', () => {
    const items = readMicrodata(doc);
    expect(items.map((i) => i.types)).toEqual([['Book'], ['Person']]);
    const book = items[0];
    if (!book) throw new Error('no book');
    expect(firstText(book, 'datePublished')?.text).toBe('2019-04-02');
    expect(firstText(book, 'url')?.text).toBe('/books/gardens');
    expect(nestedItems(book, 'author')[0]?.types).toEqual(['Person']);
    const offer = nestedItems(book, 'offers')[0];
    expect(offer && firstText(offer, 'price')).toMatchObject({
      text: '12.50',
      snippet: '£12.50',
      xpath: '/html[1]/body[1]/section[1]/div[2]/span[1]',
    });
    expect(offer && firstText(offer, 'availability')?.text).toBe('http://schema.org/InStock');
    // the author's name belongs to the Person, not to the Book
    expect(book.props.get('name')?.map((v) => v.text)).toEqual(['Gardens of Stone']);
    expect(allItems(items)).toHaveLength(4);
  });
});

describe('RDFa', () => {
  it('reads vocab/typeof/property markup and ignores prefixed meta properties of other vocabularies', () => {
    const doc = parseHtml(`<div vocab="https://schema.org/" typeof="Hotel">
      <span property="name">Casa Lumen</span><span property="og:title">ignored</span>
      <div property="address" typeof="PostalAddress"><span property="addressLocality">Porto</span></div>
      <span property="starRating" typeof="Rating"><meta property="ratingValue" content="4"></span></div>`);
    const [hotel] = readRdfa(doc);
    expect(hotel?.types).toEqual(['Hotel']);
    expect(hotel && [...hotel.props.keys()]).toEqual(['name', 'address', 'starRating']);
    expect(hotel && firstText(nestedItems(hotel, 'starRating')[0] ?? hotel, 'ratingValue')?.text).toBe('4');
  });
});
