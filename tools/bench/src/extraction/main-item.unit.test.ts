import { amountsIn, namesBrand, statesPrice } from './main-item.js';

describe('the main item in extracted text', () => {
  it.each([
    ['Price: $87.11', '87.11'],
    ['Preis 1.299,00 €', '1299'],
    ['£1,299.00 inc. VAT', '1299.00'],
    ['Prix : 12,50 €', '12.5'],
    ['1 299 kr', '1299'],
    ['only 450', '450.00'],
  ])('finds the price in "%s" (gold %s)', (text, gold) => {
    expect(statesPrice(text, [gold])).toBe(true);
  });

  it('does not take a different number for the price', () => {
    expect(statesPrice('Price: $87.10, ships in 2 days', ['87.11'])).toBe(false);
    expect(statesPrice('', ['10'])).toBe(false);
  });

  it('reads an ambiguous three-digit group both ways', () => {
    expect(amountsIn('1,299')).toEqual(new Set([130, 129900]));
  });

  it('finds a brand whatever its case and spacing', () => {
    expect(namesBrand('By  NORTH face, ridge tent', ['North Face'])).toBe(true);
    expect(namesBrand('ridge tent', ['North Face'])).toBe(false);
  });
});
