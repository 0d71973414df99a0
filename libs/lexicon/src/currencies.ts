/**
 * Currency signs as pages write them, with the ISO 4217 code each stands for on most pages that
 * use it. A `word` sign is also an ordinary word or unit ("Ft" feet, "kn" knots, "Rs" in names):
 * it is read as a currency only where a price is expected (a price field), never in running text.
 * Longer signs come before the shorter ones they contain ("US$" before "$").
 */
export const CURRENCY_SIGNS: readonly {
  readonly sign: string;
  readonly code: string;
  readonly word?: true;
}[] = [
  { sign: 'US$', code: 'USD' },
  { sign: 'C$', code: 'CAD' },
  { sign: 'A$', code: 'AUD' },
  { sign: 'R$', code: 'BRL' },
  { sign: 'HK$', code: 'HKD' },
  { sign: 'NT$', code: 'TWD' },
  { sign: '€', code: 'EUR' },
  { sign: '£', code: 'GBP' },
  { sign: '¥', code: 'JPY' },
  { sign: '円', code: 'JPY' },
  { sign: '￥', code: 'CNY' },
  { sign: '元', code: 'CNY' },
  { sign: '₩', code: 'KRW' },
  { sign: '원', code: 'KRW' },
  { sign: '₹', code: 'INR' },
  { sign: '₽', code: 'RUB' },
  { sign: 'руб', code: 'RUB' },
  { sign: '₺', code: 'TRY' },
  { sign: '₴', code: 'UAH' },
  { sign: 'грн', code: 'UAH' },
  { sign: 'zł', code: 'PLN' },
  { sign: 'Kč', code: 'CZK' },
  { sign: 'lei', code: 'RON' },
  { sign: '₪', code: 'ILS' },
  { sign: '₫', code: 'VND' },
  { sign: '₱', code: 'PHP' },
  { sign: '฿', code: 'THB' },
  { sign: '₸', code: 'KZT' },
  { sign: 'тг', code: 'KZT', word: true },
  { sign: '₨', code: 'PKR' },
  { sign: 'Rs.', code: 'INR', word: true },
  { sign: 'Rs', code: 'INR', word: true },
  { sign: 'Ft', code: 'HUF', word: true },
  { sign: 'kn', code: 'HRK', word: true },
  { sign: 'лв', code: 'BGN', word: true },
  { sign: 'kr', code: 'SEK' },
  { sign: 'Fr.', code: 'CHF' },
  { sign: 'CHF', code: 'CHF' },
  { sign: '$', code: 'USD' },
];

/** ISO 4217 codes commonly written on pages. */
export const CURRENCY_CODES: readonly string[] = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CNY',
  'INR',
  'RUB',
  'CAD',
  'AUD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BRL',
  'MXN',
  'CLP',
  'COP',
  'ARS',
  'PEN',
  'TRY',
  'UAH',
  'KRW',
  'TWD',
  'HKD',
  'SGD',
  'NZD',
  'ZAR',
  'ILS',
  'AED',
  'SAR',
  'THB',
  'MYR',
  'IDR',
  'PHP',
  'VND',
  'HRK',
  'BGN',
  'KZT',
  'PKR',
];

/**
 * Codes that are also common words in some language ("PEN", "PHP", "SAR", "ARS", "IDR"): read as a
 * currency only where a price is expected, never in running text.
 */
export const WORD_LIKE_CODES: ReadonlySet<string> = new Set([
  'CLP',
  'COP',
  'ARS',
  'PEN',
  'ZAR',
  'AED',
  'SAR',
  'MYR',
  'IDR',
  'PHP',
  'VND',
  'KZT',
  'PKR',
  'ILS',
  'THB',
]);

/**
 * Currency names as people write them in a request ("under 200 euros", "less than 50 dollars"):
 * read in what a user asks, never in page text, where "pound" and "franc" are also other things.
 * Names that are also common words ("won", "real") are left out.
 */
export const CURRENCY_NAMES: Readonly<Record<string, string>> = {
  dollar: 'USD',
  dollars: 'USD',
  euro: 'EUR',
  euros: 'EUR',
  pound: 'GBP',
  pounds: 'GBP',
  yen: 'JPY',
  yuan: 'CNY',
  rupee: 'INR',
  rupees: 'INR',
  franc: 'CHF',
  francs: 'CHF',
  ruble: 'RUB',
  rubles: 'RUB',
  zloty: 'PLN',
  zlotys: 'PLN',
  reais: 'BRL',
};
