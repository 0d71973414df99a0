import { goldCurrencyCodes } from './currency-gold.js';

describe('the gold currency sign, as the codes it may stand for', () => {
  it('takes any currency a shared sign stands for, and the one code of a sign only one currency writes', () => {
    expect(goldCurrencyCodes('$')).toEqual(expect.arrayContaining(['USD', 'CAD', 'CLP']));
    expect(goldCurrencyCodes('Rs')).toEqual(expect.arrayContaining(['INR', 'PKR']));
    expect(goldCurrencyCodes('ر.س')).toEqual(['SAR']);
    expect(goldCurrencyCodes('€')).toEqual(['EUR']);
    expect(goldCurrencyCodes('£')).toEqual(['GBP']);
    expect(goldCurrencyCodes('BRL')).toEqual(['BRL']);
  });

  it('names no currency when the gold has none', () => {
    expect(goldCurrencyCodes(undefined)).toEqual([]);
    expect(goldCurrencyCodes(' ')).toEqual([]);
  });
});
