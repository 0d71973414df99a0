import { scopeOf } from './scope.js';

const page = 'https://shop.example/p/1';

describe('scopeOf', () => {
  it.each([
    ['What is the price?', [page]],
    ['What is the SKU of this product?', [page]],
    ['Who wrote the article above?', [page]],
    ['What does this page say about returns?', []],
  ])('holds "%s" (pages %j) to the page', (question, startUrls) => {
    expect(scopeOf({ question, startUrls })).toMatchObject({ kind: 'page', pages: startUrls });
  });

  it('keeps the origins of the pages given, to follow links on those sites only', () => {
    expect(
      scopeOf({ question: 'What is the price?', startUrls: [page, 'http://a.test:8080/x'] }),
    ).toMatchObject({
      origins: ['https://shop.example', 'http://a.test:8080'],
    });
  });

  it.each([
    'What is the price of this product on other shops?',
    'Search the web for reviews of this product',
    'Is this product cheaper elsewhere?',
    'What do other sites say about this article?',
  ])('opens "%s": the question asks to go further', (question) => {
    expect(scopeOf({ question, startUrls: [page] })).toEqual({ kind: 'open' });
  });

  it('explores a site from its home page (any depth, that site only); a page about a thing is held to it', () => {
    const home = scopeOf({
      question: 'What is the capital of Karsland?',
      startUrls: ['http://127.0.0.1:8080/'],
    });
    expect(home).toMatchObject({ kind: 'page', site: true, origins: ['http://127.0.0.1:8080'] });
    expect(scopeOf({ question: 'What is the price?', startUrls: [page] })).toMatchObject({ site: false });
    expect(
      scopeOf({ question: 'What is the price of this product?', startUrls: ['https://shop.example/'] }),
    ).toMatchObject({ site: false });
  });

  it('leaves a question with no page and no pointer to one open', () => {
    expect(scopeOf({ question: 'What is the capital of Qora?', startUrls: [] })).toEqual({ kind: 'open' });
  });
});
