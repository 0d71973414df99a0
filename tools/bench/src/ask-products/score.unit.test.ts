import { priceIsRight, skuIsRight, statedPrice } from './score.js';

describe('ask-products scoring', () => {
  it.each([
    ['$87.11', ['87.11'], true],
    ['87,11 €', ['87.11'], true],
    ['1.299,00 zł', ['1299.00'], true],
    ['1,299.00', ['1299'], true],
    ['US $ 12', ['12.00'], true],
    ['€ 45,90 (incl. VAT), was 59,90', ['59.90'], false],
    ['no price here', ['10'], false],
    ['$87.11', ['78.11'], false],
    ['Rs 23,450', ['23.450'], true],
    ['$24.990', ['24.99'], true],
    ['24990', ['24.99'], false],
  ])('price %s against %j → %s', (value, gold, right) => {
    expect(priceIsRight(gold, value)).toBe(right);
  });

  it('reads an ambiguous thousands group both ways', () => {
    expect(priceIsRight(['1.234'], '1,234')).toBe(true);
    expect(priceIsRight(['1234'], '1,234')).toBe(true);
    expect(statedPrice('1,234')).toBe('1234');
  });

  it.each([
    ['B01GOH7PKA', ['B01GOH7PKA'], true],
    ['SKU: b01goh7pka', ['B01GOH7PKA'], true],
    ['Art.-Nr.: 4711 0815', ['47110815'], true],
    ['B01GOH7PKB', ['B01GOH7PKA'], false],
    ['The SKU is B01GOH7PKA and more words', ['B01GOH7PKA'], false],
  ])('sku %s against %j → %s', (value, gold, right) => {
    expect(skuIsRight(gold, value)).toBe(right);
  });
});
