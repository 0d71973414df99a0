import { describe, expect, it } from '@jest/globals';
import { sandboxFacts, type ProductFact } from '../facts.js';
import { generateSandbox, siteOf } from '../generate.js';
import { respond } from '../router.js';
import { contactReference } from './shop-contact.js';

const web = generateSandbox();
const shop = siteOf(web, 'shop');
const products = sandboxFacts(web).filter((f): f is ProductFact => f.kind === 'product');

function postContact(body: string, contentType = 'application/x-www-form-urlencoded') {
  return respond(shop, { method: 'POST', url: new URL('http://shop.test/contact'), contentType, body });
}

function jsonLd(body: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(body);
  return JSON.parse(match?.[1] ?? 'null') as Record<string, unknown>;
}

describe('Gearloft product pages', () => {
  it('describe each product with a schema.org Product block that agrees with the facts', () => {
    for (const product of products) {
      const body = shop.pages.get(product.path)?.body ?? '';
      expect(jsonLd(body)).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        sku: product.sku,
        offers: {
          '@type': 'Offer',
          price: product.priceUsd.toFixed(2),
          priceCurrency: 'USD',
          availability: `https://schema.org/${product.availability}`,
        },
      });
      expect(body).toContain(`SKU: <code>${product.sku}</code>`);
      expect(body).toContain('<table class="specs">');
    }
  });

  it('offer "Add to cart" only as a scripted button, not as a link or a form', () => {
    const body = shop.pages.get(products[0]?.path ?? '')?.body ?? '';
    expect(body).toMatch(/<button type="button" class="add-to-cart" data-sku="GL-[A-Z]+-\d+"/);
    expect(body).toContain("addEventListener('click'");
    expect(body).not.toMatch(/<a [^>]*>Add to cart<\/a>/);
    expect(body).not.toMatch(/<form[^>]*cart/);
  });

  it('paginate the category listings with Next links', () => {
    const first = shop.pages.get('/category/tents')?.body ?? '';
    expect(first).toContain('<a rel="next" href="/category/tents/page/2">Next</a>');
    expect(shop.pages.has('/category/tents/page/2')).toBe(true);
    expect(shop.pages.has('/products/page/4')).toBe(true);
  });
});

describe('POST /contact', () => {
  it('thanks the sender with a reference number derived from the message', () => {
    const response = postContact('name=Ada&email=ada%40example.org&message=Where+is+my+tent%3F');
    expect(response.status).toBe(200);
    const reference = contactReference({
      name: 'Ada',
      email: 'ada@example.org',
      message: 'Where is my tent?',
    });
    expect(reference).toMatch(/^GL-[0-9A-Z]{7}$/);
    expect(response.body).toContain(`Your reference number is <strong>${reference}</strong>`);
    expect(postContact('name=Ada&email=ada%40example.org&message=Where+is+my+tent%3F').body).toBe(
      response.body,
    );
  });

  it('escapes the echoed name and message', () => {
    const hostile = '<script>alert("x")</script>';
    const response = postContact(
      new URLSearchParams({
        name: hostile,
        email: 'x@example.org',
        message: `${hostile} & <b>bold</b>`,
      }).toString(),
    );
    expect(response.status).toBe(200);
    expect(response.body).not.toContain(hostile);
    expect(response.body).not.toContain('<b>bold</b>');
    expect(response.body).toContain('Thank you, &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(response.body).toContain('&amp; &lt;b&gt;bold&lt;/b&gt;</blockquote>');
  });

  it.each([
    ['a missing name', 'email=x%40example.org&message=hi'],
    ['an invalid email', 'name=A&email=nope&message=hi'],
    ['an empty message', 'name=A&email=x%40example.org&message=+'],
  ])('answers 400 for %s', (_case, body) => {
    expect(postContact(body).status).toBe(400);
  });

  it('answers 400 for a body that is not a url-encoded form', () => {
    expect(postContact('{"name":"A"}', 'application/json').status).toBe(400);
  });
});
