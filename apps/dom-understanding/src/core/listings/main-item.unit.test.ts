import { parseHtml } from '@forage/html';
import { readMainItem } from './main-item.js';

const URL_ = 'https://shop.example/p/field-stove-2';
const read = (html: string) => readMainItem(parseHtml(html), URL_);
const fields = (html: string) => {
  const item = read(html);
  return item?.kind === 'product' ? { price: item.price?.value, sku: item.sku?.value } : undefined;
};

const RELATED = `<aside><h2>Related</h2><div class="row">
  <div class="tile"><a href="/p/1">Pot Set</a><span class="price">$20.00</span></div>
  <div class="tile"><a href="/p/2">Fuel Can</a><span class="price">$8.00</span></div>
  <div class="tile"><a href="/p/3">Wind Shield</a><span class="price">$12.00</span></div></div></aside>`;

describe('the item a page is about', () => {
  it('reads the product beside a related-items rail from the text around the heading', () => {
    expect(
      fields(`<body><main><h1>Field Stove 2</h1><div><span class="price">$64.00</span></div>
        <p>Item code: FS-2-GRN</p></main>${RELATED}</body>`),
    ).toEqual({ price: '64', sku: 'FS-2-GRN' });
  });

  it('takes the markup product named like the heading among related products in markup', () => {
    const item = (name: string, price: string) =>
      `{"@type":"Product","name":"${name}","offers":{"@type":"Offer","price":"${price}","priceCurrency":"USD"}}`;
    expect(
      fields(`<body><h1>Field Stove 2</h1><script type="application/ld+json">[${item('Pot Set', '20.00')},
        ${item('Field Stove 2', '64.00')},${item('Fuel Can', '8.00')}]</script></body>`),
    ).toMatchObject({ price: '64' });
  });

  it('does not take one of several markup products that none is named like the heading', () => {
    const item = read(`<body><h1>Camp kitchen</h1><script type="application/ld+json">[
      {"@type":"Product","name":"Pot Set","offers":{"@type":"Offer","price":"20.00"}},
      {"@type":"Product","name":"Fuel Can","offers":{"@type":"Offer","price":"8.00"}}]</script>
      <p>Everything for cooking outdoors.</p></body>`);
    expect(item).toBeUndefined();
  });

  it('takes the page’s only markup product whatever its name', () => {
    expect(
      fields(`<body><h1>Stove, two burners</h1><script type="application/ld+json">{"@type":"Product","name":"FS2",
        "sku":"FS-2","offers":{"@type":"Offer","price":"64.00","priceCurrency":"USD"}}</script></body>`),
    ).toEqual({ price: '64', sku: 'FS-2' });
  });

  it('reads a code from markup without the words wrapped around it, and keeps a code written as words', () => {
    const page = (code: string) => `<body><div itemscope itemtype="https://schema.org/Product">
      <h1 itemprop="name">Field Stove 2</h1><span itemprop="price" content="64.00">$64.00</span>
      <p>Ref. <span itemprop="productID">${code}</span></p></div></body>`;
    expect(fields(page('FS2-0042\n   Stove'))).toEqual({ price: '64', sku: 'FS2-0042' });
    expect(fields(page('FIELD 2 STOVE'))).toEqual({ price: '64', sku: 'FIELD 2 STOVE' });
  });

  it('has none on a page with neither a price nor a product code', () => {
    expect(read('<body><h1>About us</h1><p>We make stoves.</p></body>')).toBeUndefined();
  });
});
