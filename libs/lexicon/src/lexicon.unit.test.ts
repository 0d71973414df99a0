import {
  currencyOf,
  ATTRIBUTE_LABELS,
  LANGUAGES,
  labelsIn,
  namesAttribute,
  negationIn,
  numbersIn,
  parseNumber,
} from './index.js';

describe('numbers as pages write them', () => {
  it.each([
    ['3,781,057', 3781057],
    ['3.781.057', 3781057],
    ['3 781 057', 3781057],
    ['1.234,50', 1234.5],
    ['1,234.50', 1234.5],
    ['12,5', 12.5],
    ['0.750', 0.75],
    ['1,234', 1234],
    ['−4', -4],
  ])('reads %s as %d', (raw, amount) => {
    expect(parseNumber(raw)).toBe(amount);
  });

  it('reads the currency beside a number, before or after it, and the unit after it', () => {
    expect(numbersIn('€249.00')[0]).toMatchObject({ amount: 249, currency: 'EUR' });
    expect(numbersIn('1.234,50 €')[0]).toMatchObject({ amount: 1234.5, currency: 'EUR' });
    expect(numbersIn('₩35,000')[0]).toMatchObject({ amount: 35000, currency: 'KRW' });
    expect(numbersIn('USD 12')[0]).toMatchObject({ amount: 12, currency: 'USD' });
    expect(numbersIn('88,410 km²')[0]).toMatchObject({ amount: 88410, unit: 'km²' });
    expect(numbersIn('2,1 kg')[0]).toMatchObject({ amount: 2.1, unit: 'kg' });
  });

  it('reads a sign that is also a word as a currency only in a price field', () => {
    expect(numbersIn('270,00 Kn')[0]?.currency).toBeUndefined();
    expect(numbersIn('270,00 Kn', { priceField: true })[0]).toMatchObject({ amount: 270, currency: 'HRK' });
    expect(numbersIn('44 890 тг.', { priceField: true })[0]).toMatchObject({
      amount: 44890,
      currency: 'KZT',
    });
    expect(numbersIn('Rs. 1,250', { priceField: true })[0]).toMatchObject({ amount: 1250, currency: 'INR' });
    expect(numbersIn('Pack of 12', { priceField: true })[0]?.currency).toBeUndefined();
  });
});

describe('attribute labels', () => {
  it('covers every language for the attributes products and places are asked about', () => {
    for (const attribute of ['price', 'sku', 'availability', 'population', 'capital', 'area'])
      for (const language of LANGUAGES)
        expect(ATTRIBUTE_LABELS[attribute]?.[language]?.length).toBeGreaterThan(0);
  });

  it('finds labels on word boundaries, and in scripts without spaces anywhere', () => {
    expect(namesAttribute('Artikelnummer: 123', 'sku')?.label).toBe('artikelnummer');
    expect(namesAttribute('상품코드: KR-1', 'sku')?.label).toBe('상품코드');
    expect(namesAttribute('priceless', 'price')).toBeUndefined();
    expect(labelsIn('Population 12; area 40 km²').map((h) => h.attribute)).toEqual([
      'population',
      'area',
      'area',
    ]);
  });
});

describe('negation', () => {
  it.each([
    ['X is not the capital', 'not'],
    ['nicht verfügbar', 'nicht'],
    ['No pool', 'no'],
    ['재고 없음', '없'],
  ])('finds the cue in "%s"', (clause, cue) => {
    expect(negationIn(clause)).toBe(cue);
  });

  it('takes no abbreviation for a negation', () => {
    expect(negationIn('Item no. 5')).toBeUndefined();
    expect(negationIn('X is the capital')).toBeUndefined();
  });
});

describe('currencyOf', () => {
  it('reads codes in any case, signs, and the codes written for another (RMB, RUR)', () => {
    expect(['pln', 'EUR', '€', 'RMB', 'RUR'].map((t) => currencyOf(t))).toEqual([
      'PLN',
      'EUR',
      'EUR',
      'CNY',
      'RUB',
    ]);
  });
});
