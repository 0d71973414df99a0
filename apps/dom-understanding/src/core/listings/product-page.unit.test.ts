import { parseHtml } from '@forage/html';
import { readProductPage } from './product-page.js';
import { readStructuredData } from './structured-data.js';

function read(html: string, url = 'https://shop.example/p/kettle-kt0042') {
  const doc = parseHtml(html);
  return readProductPage({ doc, url, items: readStructuredData(doc) });
}

describe('reading the product a page is about', () => {
  it('prefers schema.org markup and picks the item named like the main heading', () => {
    const listing = read(`<body><h1>Stone Kettle</h1>
      <div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Other thing</span>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="5.00"></div></div>
      <script type="application/ld+json">{"@type":"Product","name":"Stone Kettle","sku":"KT0042","brand":{"@type":"Brand","name":"Hearth"},
        "offers":{"@type":"Offer","price":"39.90","priceCurrency":"EUR","availability":"http://schema.org/InStock"}}</script></body>`);
    expect(listing).toMatchObject({
      kind: 'product',
      origin: 'json-ld',
      name: { value: 'Stone Kettle' },
      price: { value: '39.9', origin: 'json-ld' },
      currency: { value: 'EUR' },
      sku: { value: 'KT0042' },
      availability: { value: 'InStock' },
      brand: { value: 'Hearth' },
    });
  });

  it('without markup, takes the current price near the heading over former, delivery and unrelated prices', () => {
    const listing = read(`<body><nav><a href="/deals">Deals from $5</a></nav>
      <main><h1>Trail Lamp 300</h1>
        <div class="cost-box"><del>$59.00</del> <span class="product-price">$44.50</span></div>
        <dl><dt>Delivery</dt><dd class="delivery-price">$3.50</dd></dl>
        <table><tr><th>Item code</th><td>TL-300-BLK</td></tr></table>
        <button type="submit">Add to cart</button>
      </main>
      <aside><h2>You may also like</h2><div class="price">$12.00</div></aside></body>`);
    expect(listing).toMatchObject({
      origin: 'page-text',
      price: { value: '44.5', snippet: '$44.50', origin: 'page-text' },
      currency: { value: 'USD' },
      sku: { value: 'TL-300-BLK', snippet: 'TL-300-BLK' },
      availability: { value: 'InStock', snippet: 'Add to cart' },
    });
    expect(listing?.price?.xpath).toBe('/html[1]/body[1]/main[1]/div[1]/span[1]');
  });

  it('passes over a rail of recommended items placed right under the heading, whatever its tag', () => {
    const listing = read(`<body><main><h1>Quill Desk Lamp</h1>
        <div class="pdp_recommend_strip"><div class="item"><span class="price">$129.00</span><p>Item code: QD-900</p></div></div>
        <p>A lamp for late reading.</p>
        <div class="buy-box"><span class="price">$99.00</span></div>
        <p>Item code: QD-100</p>
      </main></body>`);
    expect(listing).toMatchObject({ price: { value: '99' }, sku: { value: 'QD-100' } });
  });

  it('takes no stock line from a rail of other items for the page’s own', () => {
    const listing = read(`<body><main><h1>Quill Desk Lamp</h1>
        <div class="similar-items"><p class="stock">Sold out</p></div>
        <p class="stock">In stock</p><span class="price">$99.00</span></main></body>`);
    expect(listing?.availability).toMatchObject({ value: 'InStock', snippet: 'In stock' });
  });

  it.each([
    ['Productcode: NL-4471', 'NL-4471'],
    ['Tootekood: 88123', '88123'],
    ['상품코드：KR-2040', 'KR-2040'],
    ['货号：ZH-7781', 'ZH-7781'],
  ])('reads a code by any sku label the lexicon knows: %s', (line, code) => {
    const listing = read(
      `<body><main><h1>Quill Desk Lamp</h1><p>${line}</p><p>Price: $99.00</p></main></body>`,
    );
    expect(listing?.sku?.value).toBe(code);
  });

  it('reads an out-of-stock status line and a code the page URL shares with the page', () => {
    const listing = read(
      `<body><h1>Brass Hinge</h1><p class="stock-status">Sold out</p><p>Preis: 12,90 €</p>
       <div data-item="88123456"></div></body>`,
      'https://hardware.example/hinges/brass-hinge-88123456',
    );
    expect(listing).toMatchObject({
      price: { value: '12.9' },
      currency: { value: 'EUR' },
      availability: { value: 'OutOfStock', snippet: 'Sold out' },
      sku: { value: '88123456' },
    });
  });

  it('takes the seller’s code (SKU, a marketplace item id) over a maker’s model number the page also states', () => {
    const listing = read(
      `<body><h1>Copper Pan</h1><p>Price: £48.99</p>
       <table><tr><th>Model Number</th><td>CP-2210</td></tr><tr><th>ASIN</th><td>B07XKQ2M4Z</td></tr></table></body>`,
      'https://market.example/copper-pan',
    );
    expect(listing?.sku?.value).toBe('B07XKQ2M4Z');
  });

  it('reads an availability meta tag with the tag’s own content as its snippet', () => {
    const listing = read(
      `<head><meta property="product:availability" content="in stock"></head><body><h1>Copper Pan</h1><p>Price: £48.99</p></body>`,
    );
    expect(listing?.availability).toMatchObject({ value: 'InStock', snippet: 'in stock' });
  });

  it('returns nothing for a page that names no price and no code', () => {
    expect(
      read('<body><h1>About us</h1><p>We make lamps.</p></body>', 'https://x.example/about'),
    ).toBeUndefined();
  });
});
