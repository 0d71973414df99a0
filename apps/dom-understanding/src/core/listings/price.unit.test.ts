import { currencyCode, findPrice, normaliseAmount, parsePriceValue } from './price.js';

describe('reading prices written in any common locale', () => {
  it.each([
    ['1,299.00', '1299'],
    ['1.299,00', '1299'],
    ['1 299,5', '1299.5'],
    ['12,99', '12.99'],
    ['0.50', '0.5'],
    ['1.234.567', '1234567'],
    ['450', '450'],
  ])('normalises %s to %s', (raw, amount) => {
    expect(normaliseAmount(raw)).toBe(amount);
  });

  it('finds the first price written with a currency, before or after the amount', () => {
    expect(findPrice('Now only €1.299,00 instead of €1.499,00')).toEqual({ amount: '1299', currency: 'EUR' });
    expect(findPrice('71,91 €  79,90 €')).toEqual({ amount: '71.91', currency: 'EUR' });
    expect(findPrice('Total: 3 990 ₽')).toEqual({ amount: '3990', currency: 'RUB' });
    expect(findPrice('CHF 49.90 incl. VAT')).toEqual({ amount: '49.9', currency: 'CHF' });
  });

  it('does not read a price out of words that merely contain a currency abbreviation', () => {
    expect(findPrice('Reviewed in the United States on 10 mars 2019')).toBeUndefined();
    expect(findPrice('Order 3 items')).toBeUndefined();
  });

  it('reads machine values with a decimal point as decimals', () => {
    expect(parsePriceValue('12.990')).toEqual({ amount: '12.99' });
    expect(parsePriceValue('120.00')).toEqual({ amount: '120' });
    expect(parsePriceValue('0.00')).toEqual({ amount: '0' });
    expect(parsePriceValue('not a price')).toBeUndefined();
  });

  it('names currencies by ISO code', () => {
    expect(currencyCode('£')).toBe('GBP');
    expect(currencyCode('eur')).toBe('EUR');
    expect(currencyCode('zł')).toBe('PLN');
    expect(currencyCode('?')).toBeUndefined();
  });
});
