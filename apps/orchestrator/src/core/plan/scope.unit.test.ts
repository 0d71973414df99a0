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

  it('leaves a question with no page and no pointer to one open', () => {
    expect(scopeOf({ question: 'What is the capital of Qora?', startUrls: [] })).toEqual({ kind: 'open' });
  });
});
